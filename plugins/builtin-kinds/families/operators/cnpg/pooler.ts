import type { PropertiesSchema } from 'kurel/plugin-api';
import { postgresqlCnpgIoV1 } from '../../../generated/cloudnative-pg/index.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { defineOperatorKind } from '../operator-kind.js';
import { enforceWrittenPodSpec } from 'kurel/plugin-api';
import { enforceMaxReplicas } from 'kurel/plugin-api';
import { bool, int, list, obj, oneOf, req, smap, str, strings } from '../schema.js';
import { localObjectReference } from '../core/meta.js';
import { deploymentStrategy, podTemplate, serviceTemplate } from '../core/pod.js';
import { emptyStructs, omitZero } from '../go-shape.js';
import { clusterRef, relabelConfig } from './shared.js';

// CloudNativePG Pooler, postgresql.cnpg.io/v1 PoolerSpec, decoded strictly.

const properties: PropertiesSchema = {
  cluster: clusterRef('The Cluster the pooler connects to.'),
  type: oneOf(['rw', 'ro', 'r'], 'The instances the pooler connects to.'),
  instances: int('The number of PgBouncer replicas.'),
  template: podTemplate('The pod template of the PgBouncer pods.'),
  pgbouncer: req(
    obj('The PgBouncer configuration.', {
      poolMode: oneOf(['session', 'transaction'], 'The pool mode.'),
      serverTLSSecret: localObjectReference('The TLS Secret of connections to PostgreSQL.'),
      serverCASecret: localObjectReference('The CA Secret of connections to PostgreSQL.'),
      clientCASecret: localObjectReference('The CA Secret of client connections.'),
      clientTLSSecret: localObjectReference('The TLS Secret of client connections.'),
      authQuerySecret: localObjectReference('The credentials of the auth query user.'),
      authQuery: str('The query that looks up users.'),
      parameters: smap('PgBouncer parameters.', 'The parameter value.'),
      pg_hba: strings('pg_hba lines of PgBouncer.', 'A line.'),
      paused: bool('Pause the pooler (PAUSE).'),
    }),
  ),
  deploymentStrategy: deploymentStrategy('The rollout strategy of the PgBouncer Deployment.'),
  monitoring: obj('Monitoring of the pooler.', {
    enablePodMonitor: bool('Create a PodMonitor.'),
    podMonitorMetricRelabelings: list('Metric relabelings of the PodMonitor.', relabelConfig),
    podMonitorRelabelings: list('Relabelings of the PodMonitor.', relabelConfig),
  }),
  serviceTemplate: serviceTemplate('The template of the pooler Service.'),
  serviceAccountName: str('The ServiceAccount of the PgBouncer pods.'),
};

interface PoolerProperties {
  cluster: { name: string };
}

export const cnpgPooler = defineOperatorKind<PoolerProperties>({
  type: 'cnpg-pooler',
  description: 'A CloudNativePG Pooler (postgresql.cnpg.io/v1): PgBouncer in front of a Cluster.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Pooler',
  spec: crdSpec(postgresqlCnpgIoV1.Pooler),
  scope: 'namespaced',
  properties,
  check(props, input, ctx) {
    if (props.cluster.name === input.objectName) {
      ctx.fail(`cluster.name "${props.cluster.name}" is the pooler's own object name: a Pooler and its Cluster cannot share a name (their Services would collide)`, ['cluster', 'name']);
    }
    const spec = props as unknown as Record<string, any>;
    enforceMaxReplicas(spec.instances, ctx, ['instances'], 'instances');
    enforceWrittenPodSpec(spec.template?.spec, ['template', 'spec'], ctx);
  },
  content(props) {
    const spec = structuredClone(props) as unknown as Record<string, unknown>;
    emptyStructs(spec, 'template.metadata', 'template.spec', 'serviceTemplate.metadata', 'serviceTemplate.spec');
    emptyStructs(spec, 'template.spec.containers[].resources', 'template.spec.initContainers[].resources');
    omitZero(spec, 'monitoring.enablePodMonitor');
    return spec;
  },
});
