import type { WorkComponent } from '../model.js';
import type { NameClaims } from '../naming/name-claims.js';
import { declaredEndpoints } from '../netpol/declared-endpoints.js';
import { synthesizeNetworkPolicies } from '../netpol/synthesize.js';
import type { SealedRegistry } from '../registry.js';
import type { Group } from '../ordering/order.js';
import type { BuildScope } from '../run/scope.js';
import { StageLog, type Logged } from '../run/stage-log.js';

/**
 * The NetworkPolicy box: the bundles with the policies the routing traits and the platform's
 * peers call for, each in the bundle of the component whose pods it selects.
 */
export function addNetworkPolicies(bundles: Group[], authored: readonly WorkComponent[], registry: SealedRegistry, scope: BuildScope, claims: NameClaims): Logged & { bundles: Group[] } {
  const log = new StageLog();
  const { egressPeers, ingressPeers } = scope.settings;
  const withPolicies = synthesizeNetworkPolicies(bundles, claims, {
    componentLabelKey: scope.componentLabelKey,
    egressPeers,
    ingressPeers,
    // Only a multi-endpoint component's policy names need its endpoints.
    endpoints: ingressPeers ? declaredEndpoints(authored, registry, scope, log) : [],
  });
  return { bundles: withPolicies, log };
}
