import { defineOperatorKind } from '../operator-kind.js';
import { bool, list, obj, oneOf, req, smap, str, strings } from '../schema.js';
import { labelSelector } from '../core/meta.js';
import { omitZero } from '../go-shape.js';

// Cilium addressing and node configuration (cilium.io/v2): CiliumCIDRGroup,
// CiliumLoadBalancerIPPool and CiliumNodeConfig.

export const ciliumCidrGroup = defineOperatorKind({
  type: 'cilium-cidrgroup',
  description: 'A CiliumCIDRGroup (cilium.io/v2): a named list of CIDRs policies refer to.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumCIDRGroup',
  scope: 'cluster',
  properties: {
    externalCIDRs: req(strings('The CIDRs of the group (may be empty).', 'A CIDR.')),
  },
});

export const ciliumLoadBalancerIpPool = defineOperatorKind({
  type: 'cilium-loadbalancerippool',
  description: 'A CiliumLoadBalancerIPPool (cilium.io/v2): addresses Cilium assigns to LoadBalancer Services.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumLoadBalancerIPPool',
  scope: 'cluster',
  properties: {
    blocks: list(
      'The address blocks: a CIDR or a start-stop range each.',
      obj('An address block.', { cidr: str('A CIDR.'), start: str('The first address of a range.'), stop: str('The last address of a range.') }),
    ),
    serviceSelector: labelSelector('The Services the pool serves; every Service when absent.'),
    allowFirstLastIPs: oneOf(['Yes', 'No'], 'Whether the first and last addresses of a CIDR are assigned.'),
    disabled: bool('Stop assigning addresses from the pool.'),
  },
  content(props) {
    const spec = structuredClone(props) as Record<string, unknown>;
    omitZero(spec, 'disabled');
    return spec;
  },
});

export const ciliumNodeConfig = defineOperatorKind({
  type: 'cilium-nodeconfig',
  description: 'A CiliumNodeConfig (cilium.io/v2): agent configuration overrides for the selected nodes.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumNodeConfig',
  scope: 'namespaced',
  properties: {
    defaults: req(smap('Cilium configuration keys and their values for the selected nodes.', 'The configuration value.')),
    nodeSelector: req(labelSelector('The nodes the configuration applies to ({} selects every node).')),
  },
});
