import { postgresqlCnpgIoV1 } from '../../../generated/cloudnative-pg/index.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { defineOperatorKind } from '../operator-kind.js';
import { enforceWrittenPodSpec } from 'kurel/plugin-api';
import { enforceMaxReplicas } from 'kurel/plugin-api';
import { emptyStructs, omitZero } from '../go-shape.js';

// CloudNativePG Pooler, postgresql.cnpg.io/v1 PoolerSpec, decoded strictly.

interface PoolerProperties {
  cluster: { name: string };
}

export const cnpgPooler = defineOperatorKind<PoolerProperties>({
  type: 'cnpg-pooler',
  description: 'A CloudNativePG Pooler (postgresql.cnpg.io/v1): PgBouncer in front of a Cluster.',
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Pooler',
  spec: crdSpec(postgresqlCnpgIoV1.Pooler),
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
