import { type JsonObject } from 'kurel/plugin-api';
import { defineKind, enforceMaxReplicas, enforceWrittenPodSpec, GO_STRUCT } from 'kurel/plugin-kit';
import { postgresqlCnpgIoV1 } from '../../../generated/cloudnative-pg/index.js';
import { crdProperties } from '../../../shared/crd-properties.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { omitZeroAt, type GoFields } from './go-omit.js';

// CloudNativePG Pooler, postgresql.cnpg.io/v1 PoolerSpec, decoded strictly.

interface PoolerProperties {
  cluster: { name: string };
  instances?: number;
  template?: { spec?: JsonObject };
}

/** How the PoolerSpec Go type writes what was not authored: its pod and service templates hold structs by value. */
const poolerGo: GoFields = {
  'template.metadata': GO_STRUCT,
  'template.spec': GO_STRUCT,
  'serviceTemplate.metadata': GO_STRUCT,
  'serviceTemplate.spec': GO_STRUCT,
  'template.spec.containers[].resources': GO_STRUCT,
  'template.spec.initContainers[].resources': GO_STRUCT,
  ...omitZeroAt('monitoring.enablePodMonitor'),
};

export const cnpgPooler = defineKind<PoolerProperties>({
  type: 'cnpg-pooler',
  description: 'A CloudNativePG Pooler (postgresql.cnpg.io/v1): PgBouncer in front of a Cluster.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Pooler',
  ...crdProperties(crdSpec(postgresqlCnpgIoV1.Pooler), { go: poolerGo }),
  metadataHolders: [
    // The operator's PgBouncer pods are made from it; it is no pod template of the kind's own (no selector).
    { path: ['spec', 'template', 'metadata'], holder: 'pod template' },
    { path: ['spec', 'serviceTemplate', 'metadata'], holder: 'service template', noPods: true },
  ],
  scope: 'namespaced',
  check(props, input, ctx) {
    if (props.cluster.name === input.objectName) {
      ctx.fail(`cluster.name "${props.cluster.name}" is the pooler's own object name: a Pooler and its Cluster cannot share a name (their Services would collide)`, ['cluster', 'name']);
    }
    const spec = props;
    enforceMaxReplicas(spec.instances, ctx, ['instances'], 'instances');
    enforceWrittenPodSpec(spec.template?.spec, ['template', 'spec'], ctx);
  },
});
