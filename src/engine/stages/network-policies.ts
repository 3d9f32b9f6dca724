import { type Endpoint } from '../../plugin-api/index.js';
import { copyData } from '../../plugin-api/kit/index.js';
import type { WorkComponent } from '../model.js';
import type { NameClaims } from '../naming/name-claims.js';
import { synthesizeNetworkPolicies } from '../netpol/synthesize.js';
import type { SealedRegistry } from '../registry.js';
import type { Group } from '../ordering/order.js';
import { handlerContext } from '../run/handler-context.js';
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

/** The endpoints one authored component declares. */
export interface ComponentEndpoints {
  component: string;
  endpoints: Endpoint[];
}

/** The endpoints the authored components' types declare, as `componentEndpoints` answers them. */
export function declaredEndpoints(authored: readonly WorkComponent[], registry: SealedRegistry, scope: BuildScope, log: StageLog): ComponentEndpoints[] {
  const answers: ComponentEndpoints[] = [];
  for (const component of authored) {
    const provider = registry.componentRule(component.type)?.value ?? registry.component(component.type)?.value;
    if (!provider?.endpoints) continue;
    const objectName = typeof component.properties.objectName === 'string' ? component.properties.objectName : component.name;
    const endpoints = provider.endpoints({ name: component.name, objectName, properties: copyData(component.properties) }, handlerContext(scope, log, component.origin.namespace));
    if (endpoints.length > 0) answers.push({ component: component.name, endpoints: copyData(endpoints) });
  }
  return answers;
}
