import type { ComponentHandler } from 'kurel/plugin-api';
import { ciliumBgpAdvertisement, ciliumBgpClusterConfig, ciliumBgpNodeConfigOverride, ciliumBgpPeerConfig } from './bgp.js';
import { ciliumCidrGroup, ciliumLoadBalancerIpPool, ciliumNodeConfig } from './network.js';
import { ciliumClusterwideNetworkPolicy, ciliumEgressGatewayPolicy, ciliumLocalRedirectPolicy, ciliumNetworkPolicy } from './policies.js';

// Cilium: schemas written from the Cilium API reference (cilium.io/v2 CRDs of Cilium 1.18: the
// policy rule of pkg/policy/api, the BGP control plane v2 and the IPAM/egress/LRP kinds); no npm
// package ships them.
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
