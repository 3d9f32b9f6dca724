import { RefusalClass, type HandlerContext } from 'kurel/plugin-api';
import { enforceMaxQuantity, enforceMaxReplicas } from 'kurel/plugin-api';

type Json = Record<string, any>;

const CLAIMS = [
  ['storage', 'volumeClaimTemplate'],
  ['storage', 'ephemeral', 'volumeClaimTemplate'],
] as const;

/**
 * A workload the Prometheus operator runs, under the environment policy: its replicas, and the
 * storage its claim templates request (the persistent one and an ephemeral one alike).
 */
export function enforceOperatorWorkloadPolicy(spec: Json, ctx: HandlerContext): void {
  if (typeof spec.replicas === 'number') enforceMaxReplicas(spec.replicas, ctx, ['replicas']);
  for (const steps of CLAIMS) {
    const template = steps.reduce<Json | undefined>((node, step) => node?.[step], spec);
    const size = template?.spec?.resources?.requests?.storage;
    if (size === undefined) continue;
    const path = [...steps, 'spec', 'resources', 'requests', 'storage'];
    enforceMaxQuantity(String(size), ctx.policy.maxStorageSize(), path.join('.'), RefusalClass.storageMaximum, ctx, path);
  }
}
