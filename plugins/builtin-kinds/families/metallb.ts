import { type ComponentHandler } from 'kurel/plugin-api';
import { defineKind, goAlways, GO_DURATION, GO_OMIT_ZERO, GO_STRUCT } from 'kurel/plugin-kit';
import { metallbIoV1beta1, metallbIoV1beta2 } from '../generated/metallb/index.js';
import { crdProperties } from '../shared/crd-properties.js';
import { crdSpec } from '../shared/crd-spec.js';

// MetalLB (metallb.io v1beta1, BGPPeer v1beta2). The schemas are generated from metallb/metallb's
// CRD manifests (crds/metallb/provenance.json); the `go` annotations say where the upstream types
// (api/v1beta1, api/v1beta2) write what was not authored: non-pointer `omitempty` scalars drop
// their zero, myASN and addresses have no `omitempty`, passwordSecret is a struct held by value.

const V1BETA1 = 'metallb.io/v1beta1';

const BGPPEER_OMIT_ZERO = ['peerASN', 'dynamicASN', 'localASN', 'peerAddress', 'interface', 'sourceAddress', 'peerPort', 'routerID', 'password', 'bfdProfile', 'vrf']
  .concat(['enableGracefulRestart', 'ebgpMultiHop', 'disableMP', 'dualStackAddressFamily'])
  .map((field) => [field, GO_OMIT_ZERO]);

export const kinds: ComponentHandler<unknown>[] = [
  defineKind({
    type: 'metallb-bfdprofile',
    description: 'A MetalLB BFDProfile: the BFD settings of BGP sessions.',
    apiVersion: V1BETA1,
    kind: 'BFDProfile',
    scope: 'namespaced',
    ...crdProperties(crdSpec(metallbIoV1beta1.BFDProfile)),
  }),
  defineKind({
    type: 'metallb-bgpadvertisement',
    description: 'A MetalLB BGPAdvertisement: how the addresses of IPAddressPools are announced over BGP.',
    apiVersion: V1BETA1,
    kind: 'BGPAdvertisement',
    scope: 'namespaced',
    ...crdProperties(crdSpec(metallbIoV1beta1.BGPAdvertisement), { go: { localPref: GO_OMIT_ZERO } }),
  }),
  defineKind({
    type: 'metallb-bgppeer',
    description: 'A MetalLB BGPPeer: a BGP session of the speakers.',
    apiVersion: 'metallb.io/v1beta2',
    kind: 'BGPPeer',
    scope: 'namespaced',
    ...crdProperties(crdSpec(metallbIoV1beta2.BGPPeer), {
      go: {
        myASN: goAlways(0),
        ...Object.fromEntries(BGPPEER_OMIT_ZERO),
        holdTime: GO_DURATION,
        keepaliveTime: GO_DURATION,
        connectTime: GO_DURATION,
        passwordSecret: GO_STRUCT,
        'passwordSecret.name': GO_OMIT_ZERO,
        'passwordSecret.namespace': GO_OMIT_ZERO,
      },
    }),
  }),
  defineKind({
    type: 'metallb-community',
    description: 'A MetalLB Community: aliases of BGP communities.',
    apiVersion: V1BETA1,
    kind: 'Community',
    scope: 'namespaced',
    ...crdProperties(crdSpec(metallbIoV1beta1.Community), { go: { 'communities[].name': GO_OMIT_ZERO, 'communities[].value': GO_OMIT_ZERO } }),
  }),
  defineKind({
    type: 'metallb-ipaddresspool',
    description: 'A MetalLB IPAddressPool: addresses MetalLB gives LoadBalancer Services.',
    apiVersion: V1BETA1,
    kind: 'IPAddressPool',
    scope: 'namespaced',
    ...crdProperties(crdSpec(metallbIoV1beta1.IPAddressPool), { go: { addresses: goAlways(null), avoidBuggyIPs: GO_OMIT_ZERO, 'serviceAllocation.priority': GO_OMIT_ZERO } }),
  }),
  defineKind({
    type: 'metallb-l2advertisement',
    description: 'A MetalLB L2Advertisement: how the addresses of IPAddressPools are announced over layer 2.',
    apiVersion: V1BETA1,
    kind: 'L2Advertisement',
    scope: 'namespaced',
    ...crdProperties(crdSpec(metallbIoV1beta1.L2Advertisement)),
  }),
];
