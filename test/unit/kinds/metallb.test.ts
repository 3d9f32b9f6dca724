import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { kinds } from '../../../plugins/builtin-kinds/families/metallb.js';
import { handlerOf, meta } from './support.js';
import { buildSamples } from './upstream-samples.js';

const tester = builtinTester('kinds', { namespace: 'metallb-system' });
const bgppeer = handlerOf(kinds, 'metallb-bgppeer');

describe('metallb kinds', () => {
  it('registers the six MetalLB types, BGPPeer at v1beta2', async () => {
    expect(kinds.map((kind) => `${kind.type} ${kind.object?.apiVersion} ${kind.object?.kind}`)).toEqual([
      'metallb-bfdprofile metallb.io/v1beta1 BFDProfile',
      'metallb-bgpadvertisement metallb.io/v1beta1 BGPAdvertisement',
      'metallb-bgppeer metallb.io/v1beta2 BGPPeer',
      'metallb-community metallb.io/v1beta1 Community',
      'metallb-ipaddresspool metallb.io/v1beta1 IPAddressPool',
      'metallb-l2advertisement metallb.io/v1beta1 L2Advertisement',
    ]);
  });

  it('renders a BGPPeer as its Go type prints it: passwordSecret held by value, durations formatted', async () => {
    await tester.runComponent(bgppeer.type, [
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

  it('refuses an unknown nested field, naming its path', async () => {
    await tester.runComponent(bgppeer.type, [
      { properties: { myASN: 1, nodeSelectors: [{ matchLabelz: { role: 'edge' } }] }, error: { property: ['nodeSelectors', 0, 'matchLabelz'], message: /unsupported field/ } },
      { properties: { myASN: 1, nodeSelectors: [{ matchExpressions: [{ key: 'zone', operator: 'In', value: ['a'] }] }] }, error: { property: ['nodeSelectors', 0, 'matchExpressions', 0, 'value'], message: /unsupported field "value"/ } },
    ]);
  });

  it('requires the addresses of an IPAddressPool', async () => {
    await tester.runComponent(handlerOf(kinds, 'metallb-ipaddresspool').type, [{ properties: { autoAssign: false }, error: { message: 'component "web" (type "metallb-ipaddresspool"): "addresses" is required' } }]);
  });

  it("builds upstream's own sample objects (metallb/metallb configsamples at v0.16.1)", async () => {
    const rendered = await buildSamples(kinds, 'metallb', ['metallb.io']);
    expect(rendered.length).toBeGreaterThanOrEqual(20);
    for (const { file, authored, object } of rendered) expect(Object.keys(object.spec as object), file).toEqual(expect.arrayContaining(Object.keys(authored)));
  });

  it('refuses a misspelt field of an IPAddressPool service allocation by its path', async () => {
    await tester.runComponent(handlerOf(kinds, 'metallb-ipaddresspool').type, [
      { properties: { addresses: ['10.0.0.0/24'], serviceAllocation: { namespaceSelector: [] } }, error: { property: ['serviceAllocation', 'namespaceSelector'], message: /unsupported field "namespaceSelector"/ } },
    ]);
  });

  it('keeps the bounds upstream states: a BGP peer port above 16384 is refused', async () => {
    await tester.runComponent(bgppeer.type, [{ properties: { myASN: 1, peerPort: 17000 }, error: { property: ['peerPort'], message: 'component "web" (type "metallb-bgppeer"): 17000 is more than the maximum 16384' } }]);
  });
});
