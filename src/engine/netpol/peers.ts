import type { Endpoint, LabelSelector, NetworkPort } from '../../plugin-api/index.js';

// The synthesis inputs a platform supplies (never authored): the destinations a component's pods
// reach (egress peers) and the sources allowed to reach a component's endpoints (ingress peers),
// both keyed by the component (or lowered entry) name.

/** A destination a component's pods may reach: pods of one namespace, on some ports. */
export interface EgressPeer {
  namespace: string;
  podSelector?: LabelSelector;
  /** No ports: the destination stays authored, and the peer is skipped. */
  ports?: NetworkPort[];
}

/** A source allowed into an endpoint: pods of one namespace, selected by label. */
export interface IngressSource {
  namespace: string;
  podSelector?: LabelSelector;
}

/** An endpoint of a component and the sources allowed to reach it. */
export interface IngressPeer {
  endpoint: Endpoint;
  sources: IngressSource[];
}

export type EgressPeers = Record<string, EgressPeer[]>;
export type IngressPeers = Record<string, IngressPeer[]>;
