import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { kinds } from '../../../plugins/builtin-kinds/families/metallb.js';
import { handlerOf, meta } from './support.js';

const tester = new HandlerTester({ namespace: 'metallb-system' });
const bgppeer = handlerOf(kinds, 'metallb-bgppeer');

describe('metallb kinds', () => {
  it('registers the six MetalLB types, BGPPeer at v1beta2', () => {
    expect(kinds.map((kind) => `${kind.type} ${kind.object?.apiVersion} ${kind.object?.kind}`)).toEqual([
      'metallb-bfdprofile metallb.io/v1beta1 BFDProfile',
      'metallb-bgpadvertisement metallb.io/v1beta1 BGPAdvertisement',
      'metallb-bgppeer metallb.io/v1beta2 BGPPeer',
      'metallb-community metallb.io/v1beta1 Community',
      'metallb-ipaddresspool metallb.io/v1beta1 IPAddressPool',
      'metallb-l2advertisement metallb.io/v1beta1 L2Advertisement',
    ]);
  });

  it('renders a BGPPeer as its Go type prints it: passwordSecret held by value, durations formatted', () => {
    tester.runComponent(bgppeer, [
      {
        name: 'leaf',
        properties: { myASN: 64512, dynamicASN: 'external', interface: 'eth1', holdTime: '90s', ebgpMultiHop: false },
        objects: [
          {
            apiVersion: 'metallb.io/v1beta2',
            kind: 'BGPPeer',
            metadata: meta('leaf', 'metallb-system'),
            spec: { myASN: 64512, dynamicASN: 'external', interface: 'eth1', holdTime: '1m30s', passwordSecret: {} },
          },
        ],
      },
    ]);
  });

  it('refuses an unknown nested field, naming its path', () => {
    tester.runComponent(bgppeer, [
      { properties: { myASN: 1, nodeSelectors: [{ matchLabelz: { role: 'edge' } }] }, error: { path: ['nodeSelectors', 0, 'matchLabelz'], message: /unsupported field/ } },
      { properties: { myASN: 1, nodeSelectors: [{ matchExpressions: [{ key: 'zone', operator: 'Within' }] }] }, error: { path: ['nodeSelectors', 0, 'matchExpressions', 0, 'operator'] } },
    ]);
  });

  it('requires the addresses of an IPAddressPool', () => {
    tester.runComponent(handlerOf(kinds, 'metallb-ipaddresspool'), [{ properties: { autoAssign: false }, error: { message: '"addresses" is required' } }]);
  });
});
