import type { ComponentHandler } from 'kurel/plugin-api';
import { metallbIoV1beta1, metallbIoV1beta2 } from '../generated/metallb/index.js';
import { always, DURATION, nested, OMIT_ZERO, struct } from '../shared/go-encoding.js';
import { crdSpec } from '../shared/crd-spec.js';
import { specKind } from '../shared/spec-kind.js';

// MetalLB (metallb.io v1beta1, BGPPeer v1beta2). The schemas are generated from metallb/metallb's
// CRD manifests (crds/metallb/provenance.json); the Go shapes say where the upstream types
// (api/v1beta1, api/v1beta2) write what was not authored: non-pointer `omitempty` scalars drop
// their zero, myASN and addresses have no `omitempty`, passwordSecret is a struct held by value.

const V1BETA1 = 'metallb.io/v1beta1';

export const kinds: ComponentHandler<any>[] = [
  specKind({
    type: 'metallb-bfdprofile',
    description: 'A MetalLB BFDProfile: the BFD settings of BGP sessions.',
    apiVersion: V1BETA1,
    kind: 'BFDProfile',
    scope: 'namespaced',
    spec: crdSpec(metallbIoV1beta1.BFDProfile),
  }),
  specKind({
    type: 'metallb-bgpadvertisement',
    description: 'A MetalLB BGPAdvertisement: how the addresses of IPAddressPools are announced over BGP.',
    apiVersion: V1BETA1,
    kind: 'BGPAdvertisement',
    scope: 'namespaced',
    spec: crdSpec(metallbIoV1beta1.BGPAdvertisement),
    go: { localPref: OMIT_ZERO },
  }),
  specKind({
    type: 'metallb-bgppeer',
    description: 'A MetalLB BGPPeer: a BGP session of the speakers.',
    apiVersion: 'metallb.io/v1beta2',
    kind: 'BGPPeer',
    scope: 'namespaced',
    spec: crdSpec(metallbIoV1beta2.BGPPeer),
    go: {
      myASN: always(0),
      ...Object.fromEntries(
        ['peerASN', 'dynamicASN', 'localASN', 'peerAddress', 'interface', 'sourceAddress', 'peerPort', 'routerID', 'password', 'bfdProfile', 'vrf']
          .concat(['enableGracefulRestart', 'ebgpMultiHop', 'disableMP', 'dualStackAddressFamily'])
          .map((field) => [field, OMIT_ZERO]),
      ),
      holdTime: DURATION,
      keepaliveTime: DURATION,
      connectTime: DURATION,
      passwordSecret: struct({ name: OMIT_ZERO, namespace: OMIT_ZERO }),
    },
  }),
  specKind({
    type: 'metallb-community',
    description: 'A MetalLB Community: aliases of BGP communities.',
    apiVersion: V1BETA1,
    kind: 'Community',
    scope: 'namespaced',
    spec: crdSpec(metallbIoV1beta1.Community),
    go: { communities: nested({ name: OMIT_ZERO, value: OMIT_ZERO }) },
  }),
  specKind({
    type: 'metallb-ipaddresspool',
    description: 'A MetalLB IPAddressPool: addresses MetalLB gives LoadBalancer Services.',
    apiVersion: V1BETA1,
    kind: 'IPAddressPool',
    scope: 'namespaced',
    spec: crdSpec(metallbIoV1beta1.IPAddressPool),
    go: { addresses: always(null), avoidBuggyIPs: OMIT_ZERO, serviceAllocation: nested({ priority: OMIT_ZERO }) },
  }),
  specKind({
    type: 'metallb-l2advertisement',
    description: 'A MetalLB L2Advertisement: how the addresses of IPAddressPools are announced over layer 2.',
    apiVersion: V1BETA1,
    kind: 'L2Advertisement',
    scope: 'namespaced',
    spec: crdSpec(metallbIoV1beta1.L2Advertisement),
  }),
];
