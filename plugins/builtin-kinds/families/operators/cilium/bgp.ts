import { defineOperatorKind } from '../operator-kind.js';
import { bool, int, list, obj, oneOf, req, str, strings } from '../schema.js';
import { labelSelector } from '../core/meta.js';
import { zeroValue } from '../go-shape.js';

// Cilium BGP control plane v2 (cilium.io/v2): CiliumBGPClusterConfig, CiliumBGPPeerConfig,
// CiliumBGPAdvertisement and CiliumBGPNodeConfigOverride.

const WELL_KNOWN_COMMUNITIES = [
  'internet',
  'planned-shut',
  'accept-own',
  'route-filter-translated-v4',
  'route-filter-v4',
  'route-filter-translated-v6',
  'route-filter-v6',
  'llgr-stale',
  'no-llgr',
  'blackhole',
  'no-export',
  'no-advertise',
  'no-export-subconfed',
  'no-peer',
];

export const ciliumBgpAdvertisement = defineOperatorKind({
  type: 'cilium-bgpadvertisement',
  description: 'A CiliumBGPAdvertisement (cilium.io/v2): what the BGP instances advertise, selected by the peer configs.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumBGPAdvertisement',
  scope: 'cluster',
  properties: {
    advertisements: req(
      list(
        'The advertisements.',
        obj('An advertisement.', {
          advertisementType: req(oneOf(['PodCIDR', 'CiliumPodIPPool', 'Service', 'Interface'], 'What is advertised.')),
          service: obj('Service addresses advertised, for type Service.', {
            addresses: req(list('The addresses.', oneOf(['LoadBalancerIP', 'ClusterIP', 'ExternalIP'], 'An address type.'))),
            aggregationLengthIPv4: int('The prefix length IPv4 addresses are aggregated to.'),
            aggregationLengthIPv6: int('The prefix length IPv6 addresses are aggregated to.'),
          }),
          interface: obj('The interface whose addresses are advertised, for type Interface.', { name: str('The interface name.') }),
          selector: labelSelector('The pools or Services advertised.'),
          attributes: obj('BGP attributes of the routes.', {
            communities: obj('BGP communities.', {
              standard: strings('Standard communities.', 'A community (asn:value).'),
              wellKnown: list('Well-known communities.', oneOf(WELL_KNOWN_COMMUNITIES, 'A well-known community.')),
              large: strings('Large communities.', 'A community (asn:value:value).'),
            }),
            localPreference: int('The local preference.'),
          }),
        }),
      ),
    ),
  },
});

export const ciliumBgpClusterConfig = defineOperatorKind({
  type: 'cilium-bgpclusterconfig',
  description: 'A CiliumBGPClusterConfig (cilium.io/v2): the BGP instances and peers of the selected nodes.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumBGPClusterConfig',
  scope: 'cluster',
  properties: {
    nodeSelector: labelSelector('The nodes the configuration applies to; every node when absent.'),
    bgpInstances: req(
      list(
        'The BGP instances.',
        obj('A BGP instance.', {
          name: req(str('The instance name.')),
          localASN: int('The local AS number.'),
          localPort: int('The local BGP port.'),
          peers: list(
            'The peers.',
            obj('A peer.', {
              name: req(str('The peer name.')),
              peerAddress: str('The peer address.'),
              peerASN: int('The peer AS number; 0 for any.'),
              autoDiscovery: obj('Discovery of the peer address.', {
                mode: req(oneOf(['DefaultGateway'], 'The discovery mode.')),
                defaultGateway: obj('The default gateway as the peer.', { addressFamily: req(oneOf(['ipv4', 'ipv6'], 'The address family.')) }),
              }),
              peerConfigRef: obj('The CiliumBGPPeerConfig of the peer.', { name: req(str('Its name.')) }),
            }),
          ),
        }),
      ),
    ),
  },
});

export const ciliumBgpPeerConfig = defineOperatorKind({
  type: 'cilium-bgppeerconfig',
  description: 'A CiliumBGPPeerConfig (cilium.io/v2): the settings of the BGP peers that reference it.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumBGPPeerConfig',
  scope: 'cluster',
  properties: {
    transport: obj('The transport.', { peerPort: int('The peer BGP port.') }),
    timers: obj('BGP timers.', {
      connectRetryTimeSeconds: int('Seconds between connection attempts.'),
      holdTimeSeconds: int('The hold time.'),
      keepAliveTimeSeconds: int('The keepalive interval.'),
    }),
    authSecretRef: str('The Secret holding the TCP MD5 password.'),
    ebgpMultihop: int('The TTL of eBGP sessions.'),
    gracefulRestart: obj('Graceful restart.', { enabled: bool('Whether it is enabled.'), restartTimeSeconds: int('The restart time.') }),
    families: list(
      'The address families and their advertisements.',
      obj('An address family.', {
        afi: req(oneOf(['ipv4', 'ipv6', 'l2vpn', 'ls', 'opaque'], 'The address family identifier.')),
        safi: req(
          oneOf(
            ['unicast', 'multicast', 'mpls_label', 'encapsulation', 'vpls', 'evpn', 'ls', 'sr_policy', 'mup', 'mpls_vpn', 'mpls_vpn_multicast', 'route_target_constraints', 'flowspec_unicast', 'flowspec_vpn', 'key_value'],
            'The subsequent address family identifier.',
          ),
        ),
        advertisements: labelSelector('The CiliumBGPAdvertisements of the family.'),
      }),
    ),
  },
  content(props) {
    const spec = structuredClone(props) as Record<string, unknown>;
    zeroValue(spec, false, 'gracefulRestart.enabled');
    return spec;
  },
});

export const ciliumBgpNodeConfigOverride = defineOperatorKind({
  type: 'cilium-bgpnodeconfigoverride',
  description: 'A CiliumBGPNodeConfigOverride (cilium.io/v2): per-node overrides of the BGP instances. Its objectName is the node it overrides.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumBGPNodeConfigOverride',
  scope: 'cluster',
  properties: {
    bgpInstances: req(
      list(
        'Overrides per BGP instance.',
        obj('An instance override.', {
          name: req(str('The instance overridden.')),
          routerID: str('The router id.'),
          localPort: int('The local BGP port.'),
          localASN: int('The local AS number.'),
          peers: list(
            'Overrides per peer.',
            obj('A peer override.', { name: req(str('The peer overridden.')), localAddress: str('The local address of the session.'), localPort: int('The local port of the session.') }),
          ),
        }),
      ),
    ),
  },
});
