import { RefusalClass, type HandlerContext, type JsonObject, type JsonValue } from 'kurel/plugin-api';
import { enforceMaxQuantity, enforceMaxReplicas } from 'kurel/plugin-kit';

import { childOf } from '../shared/json-guards.js';

const CLAIMS = [
  ['storage', 'volumeClaimTemplate'],
  ['storage', 'ephemeral', 'volumeClaimTemplate'],
] as const;

/**
 * A workload the Prometheus operator runs, under the environment policy: its replicas, and the
 * storage its claim templates request (the persistent one and an ephemeral one alike).
 */
export function enforceOperatorWorkloadPolicy(spec: JsonObject, ctx: HandlerContext): void {
  if (typeof spec.replicas === 'number') enforceMaxReplicas(spec.replicas, ctx, ['replicas']);
  for (const steps of CLAIMS) {
    const template = steps.reduce<JsonValue | undefined>((node, step) => childOf(node, step), spec);
    const size = ['spec', 'resources', 'requests', 'storage'].reduce<JsonValue | undefined>((node, step) => childOf(node, step), template);
    if (size === undefined) continue;
    const path = [...steps, 'spec', 'resources', 'requests', 'storage'];
    enforceMaxQuantity(String(size), ctx.policy.maxStorageSize(), path.join('.'), RefusalClass.storageMaximum, ctx, path);
  }
}
