import { defineKind, GO_KEEP_EMPTY, GO_OMIT_ZERO } from 'kurel/plugin-kit';
import { ciliumProperties } from './crd.js';

// Cilium addressing and node configuration (cilium.io/v2): CiliumCIDRGroup,
// CiliumLoadBalancerIPPool and CiliumNodeConfig.

export const ciliumCidrGroup = defineKind({
  type: 'cilium-cidrgroup',
  description: 'A CiliumCIDRGroup (cilium.io/v2): a named list of CIDRs policies refer to.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumCIDRGroup',
  scope: 'cluster',
  // externalCIDRs has no omitempty: an empty group is written as [].
  ...ciliumProperties('CiliumCIDRGroup', { go: { externalCIDRs: GO_KEEP_EMPTY } }),
});

export const ciliumLoadBalancerIpPool = defineKind({
  type: 'cilium-loadbalancerippool',
  description: 'A CiliumLoadBalancerIPPool (cilium.io/v2): addresses Cilium assigns to LoadBalancer Services.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumLoadBalancerIPPool',
  scope: 'cluster',
  ...ciliumProperties('CiliumLoadBalancerIPPool', { go: { disabled: GO_OMIT_ZERO } }),
});

export const ciliumNodeConfig = defineKind({
  type: 'cilium-nodeconfig',
  description: 'A CiliumNodeConfig (cilium.io/v2): agent configuration overrides for the selected nodes.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumNodeConfig',
  scope: 'namespaced',
  // defaults has no omitempty: an empty map is written as {}.
  ...ciliumProperties('CiliumNodeConfig', { go: { defaults: GO_KEEP_EMPTY } }),
});
