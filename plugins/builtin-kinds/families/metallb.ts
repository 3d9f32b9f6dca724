import type { ComponentHandler } from 'kurel/plugin-api';
import { bool, duration, int, list, str, strings, struct } from '../shared/go-fields.js';
import { goKind } from '../shared/go-kind.js';
import { labelSelector, secretReference } from '../shared/k8s-types.js';

// MetalLB (metallb.io v1beta1, BGPPeer v1beta2): property schemas written from the upstream API
// reference of metallb/metallb (BFDProfileSpec, BGPAdvertisementSpec, BGPPeerSpec, CommunitySpec,
// IPAddressPoolSpec, L2AdvertisementSpec).

const V1BETA1 = 'metallb.io/v1beta1';
const uint32Ptr = (description: string) => int(description, { emit: 'pointer' });
const selectors = (description: string) => list(description, labelSelector('A label selector.'));
const poolRefs = {
  ipAddressPools: strings('The IPAddressPools announced, by name.'),
  ipAddressPoolSelectors: selectors('The IPAddressPools announced, by label; all when neither this nor ipAddressPools is set.'),
  nodeSelectors: selectors('The nodes announcing; all when empty.'),
};

const bfdprofile = goKind({
  type: 'metallb-bfdprofile',
  description: 'A MetalLB BFDProfile: the BFD settings of BGP sessions.',
  apiVersion: V1BETA1,
  kind: 'BFDProfile',
  scope: 'namespaced',
  spec: {
    receiveInterval: uint32Ptr('The least interval, in milliseconds, between received control packets.'),
    transmitInterval: uint32Ptr('The least interval, in milliseconds, between sent control packets.'),
    detectMultiplier: uint32Ptr('How many packets may be lost before the session is down.'),
    echoInterval: uint32Ptr('The least interval, in milliseconds, between echo packets.'),
    echoMode: bool('Whether echo mode is on.', { emit: 'pointer' }),
    passiveMode: bool('Whether the session waits for the peer to start it.', { emit: 'pointer' }),
    minimumTtl: uint32Ptr('The least TTL of incoming control packets (multi-hop).'),
  },
});

const bgpadvertisement = goKind({
  type: 'metallb-bgpadvertisement',
  description: 'A MetalLB BGPAdvertisement: how the addresses of IPAddressPools are announced over BGP.',
  apiVersion: V1BETA1,
  kind: 'BGPAdvertisement',
  scope: 'namespaced',
  spec: {
    aggregationLength: int('The prefix length of the IPv4 routes announced.', { emit: 'pointer' }),
    aggregationLengthV6: int('The prefix length of the IPv6 routes announced.', { emit: 'pointer' }),
    localPref: int('The BGP LOCAL_PREF of the routes.'),
    communities: strings('The BGP communities of the routes (values or Community aliases).'),
    ...poolRefs,
    peers: strings('The BGPPeers the routes are announced to, by name; all when empty.'),
  },
});

const bgppeer = goKind({
  type: 'metallb-bgppeer',
  description: 'A MetalLB BGPPeer: a BGP session of the speakers.',
  apiVersion: 'metallb.io/v1beta2',
  kind: 'BGPPeer',
  scope: 'namespaced',
  spec: {
    myASN: int('The AS number of the speakers.', { emit: 'always', required: true }),
    peerASN: int('The AS number of the peer; exclusive with dynamicASN.'),
    dynamicASN: str('Learn the peer AS number: internal or external; exclusive with peerASN.', { enum: ['internal', 'external'] }),
    localASN: int('The AS number the speakers present to the peer, when not myASN.'),
    peerAddress: str('The address of the peer; exclusive with interface.'),
    interface: str('The interface of an unnumbered BGP session; exclusive with peerAddress.'),
    sourceAddress: str('The source address of the session.'),
    peerPort: int('The port of the peer.'),
    holdTime: duration('The BGP hold time.', { pointer: true }),
    keepaliveTime: duration('The BGP keepalive time.', { pointer: true }),
    connectTime: duration('The BGP connect retry time.', { pointer: true }),
    routerID: str('The router ID the speakers present.'),
    nodeSelectors: selectors('The nodes holding the session; all when empty.'),
    password: str('The session password; exclusive with passwordSecret.'),
    passwordSecret: secretReference('The Secret holding the session password (a kubernetes.io/basic-auth Secret).', { emit: 'value' }),
    bfdProfile: str('The BFDProfile of the session.'),
    enableGracefulRestart: bool('Whether BGP graceful restart is on.'),
    ebgpMultiHop: bool('Whether the peer is several hops away.'),
    vrf: str('The VRF the session is held in.'),
    disableMP: bool('Deprecated: whether IPv4 and IPv6 routes go over separate sessions.'),
    dualStackAddressFamily: bool('Whether IPv4 and IPv6 routes go over one session.'),
  },
});

const community = goKind({
  type: 'metallb-community',
  description: 'A MetalLB Community: aliases of BGP communities.',
  apiVersion: V1BETA1,
  kind: 'Community',
  scope: 'namespaced',
  spec: {
    communities: list(
      'The aliases.',
      struct('An alias.', {
        name: str('The alias name.'),
        value: str('The BGP community (AA:NN, or large:AA:BB:CC).'),
      }),
    ),
  },
});

const ipaddresspool = goKind({
  type: 'metallb-ipaddresspool',
  description: 'A MetalLB IPAddressPool: addresses MetalLB gives LoadBalancer Services.',
  apiVersion: V1BETA1,
  kind: 'IPAddressPool',
  scope: 'namespaced',
  spec: {
    addresses: strings('The addresses: CIDRs or from-to ranges.', { emit: 'always', required: true }),
    autoAssign: bool('Whether addresses are given automatically; true when absent.', { emit: 'pointer' }),
    avoidBuggyIPs: bool('Whether the .0 and .255 addresses are left out.'),
    serviceAllocation: struct('Which Services the pool serves, and its priority among pools.', {
      priority: int('The priority of the pool; lower first.'),
      namespaces: strings('The namespaces served, by name.'),
      namespaceSelectors: selectors('The namespaces served, by label.'),
      serviceSelectors: selectors('The Services served, by label.'),
    }),
  },
});

const l2advertisement = goKind({
  type: 'metallb-l2advertisement',
  description: 'A MetalLB L2Advertisement: how the addresses of IPAddressPools are announced over layer 2.',
  apiVersion: V1BETA1,
  kind: 'L2Advertisement',
  scope: 'namespaced',
  spec: {
    ...poolRefs,
    interfaces: strings('The interfaces announcing; all when empty.'),
    serviceSelectors: selectors('The Services whose addresses are announced, by label; all when empty.'),
  },
});

export const kinds: ComponentHandler<any>[] = [bfdprofile, bgpadvertisement, bgppeer, community, ipaddresspool, l2advertisement];
