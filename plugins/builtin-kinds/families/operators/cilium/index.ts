import type { ComponentHandler } from 'kurel/plugin-api';
import { ciliumBgpAdvertisement, ciliumBgpClusterConfig, ciliumBgpNodeConfigOverride, ciliumBgpPeerConfig } from './bgp.js';
import { ciliumCidrGroup, ciliumLoadBalancerIpPool, ciliumNodeConfig } from './network.js';
import { ciliumClusterwideNetworkPolicy, ciliumEgressGatewayPolicy, ciliumLocalRedirectPolicy, ciliumNetworkPolicy } from './policies.js';

// Cilium (cilium.io/v2). What an author may write is generated from Cilium 1.18.2's CRD schemas
// (crds/cilium, as datreeio/CRDs-catalog holds them), with what the reference's v1.20.0 adds and
// where the reference departs from them in overlay.ts; the `go` annotations of each kind say where
// the upstream types write what was not authored.
export const ciliumKinds: ComponentHandler<any>[] = [
  ciliumNetworkPolicy,
  ciliumClusterwideNetworkPolicy,
  ciliumBgpAdvertisement,
  ciliumBgpClusterConfig,
  ciliumBgpNodeConfigOverride,
  ciliumBgpPeerConfig,
  ciliumCidrGroup,
  ciliumLoadBalancerIpPool,
  ciliumEgressGatewayPolicy,
  ciliumLocalRedirectPolicy,
  ciliumNodeConfig,
];
