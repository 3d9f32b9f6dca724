import type { ComponentHandler } from 'kurel/plugin-api';
import { ciliumBgpAdvertisement, ciliumBgpClusterConfig, ciliumBgpNodeConfigOverride, ciliumBgpPeerConfig } from './bgp.js';
import { ciliumCidrGroup, ciliumLoadBalancerIpPool, ciliumNodeConfig } from './network.js';
import { ciliumClusterwideNetworkPolicy, ciliumEgressGatewayPolicy, ciliumLocalRedirectPolicy, ciliumNetworkPolicy } from './policies.js';

// Cilium: schemas written by hand from the upstream Go API types (cilium.io/v2 of Cilium
// 1.18: the policy rule of pkg/policy/api, pkg/k8s/apis/cilium.io/v2 for the BGP control plane
// v2, IPAM, egress gateway, local redirect and node config kinds); no npm package ships them.
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
