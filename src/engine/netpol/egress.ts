import { kurelErrors, type K8sObject } from '../../plugin-api/index.js';
import type { Application } from '../model.js';
import type { EgressPeer } from './peers.js';
import { componentSelector, namespacedPeer, networkPolicy, policyPorts } from './policy-object.js';

// The egress family: where a component's pods may connect, from the platform's egress peers.

export const EGRESS_SUFFIX = '-allow-egress-traffic';

/** A peer's selector names pods by label only: none, an empty one or one with expressions would allow the whole namespace. */
function usableSelector(peer: EgressPeer): boolean {
  const selector = peer.podSelector;
  return !!selector && Object.keys(selector.matchLabels ?? {}).length > 0 && !(selector.matchExpressions?.length);
}

/**
 * `{comp}-allow-egress-traffic` for an entry with peers; none when no peer carries ports. A peer
 * with ports but no usable pod selector is a producer's mistake and fails the build.
 */
export function egressPolicy(application: Application, peers: EgressPeer[], key: string): K8sObject | undefined {
  const rules = peers.flatMap((peer, index) => {
    if (!peer.ports?.length) return [];
    if (!usableSelector(peer)) {
      throw kurelErrors.networkPolicy(`egress peer ${index} of component "${application.name}" (namespace "${peer.namespace}") has ports but no pod selector of labels (none, an empty one or one with expressions): it would allow egress to every pod of the namespace`,
        { component: application.owner || application.name },
      );
    }
    return [{ to: [namespacedPeer(peer.namespace, peer.podSelector)], ports: policyPorts(peer.ports) }];
  });
  if (rules.length === 0) return undefined;
  const namespace = application.members[0]?.component.origin.namespace ?? '';
  return networkPolicy(`${application.name}${EGRESS_SUFFIX}`, namespace, {
    podSelector: componentSelector(key, application.owner || application.name, application.name),
    policyTypes: ['Egress'],
    egress: rules,
  });
}
