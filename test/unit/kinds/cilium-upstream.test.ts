import { describe, expect, it } from 'vitest';
import { builtinTester, rendered as renderedBy } from '../../support/engine.js';
import { ciliumKinds } from '../../../plugins/builtin-kinds/families/operators/cilium/index.js';
import { ciliumAdditions, ciliumOverlay } from '../../../plugins/builtin-kinds/families/operators/cilium/overlay.js';
import { handlerOf } from './support.js';
import { buildSamples } from './upstream-samples.js';

// The Cilium kinds take the schemas generated from Cilium 1.18.2's CRD schemas
// (plugins/builtin-kinds/crds/cilium): Cilium's own example policies build as written, a misspelt
// field deep in a rule is refused by its path, and each entry of the additions and the overlay holds.

const tester = builtinTester('kinds', { namespace: 'shop' });
const kind = (type: string) => handlerOf(ciliumKinds, type);
const spec = async (type: string, properties: Record<string, unknown>) => (await renderedBy(tester, kind(type).type, 'x', properties)).objects[0].spec as Record<string, unknown>;

describe('Cilium kinds from the upstream CRDs', () => {
  it("build Cilium's own example policies (examples/policies) as written", async () => {
    const rendered = await buildSamples(ciliumKinds, 'cilium', ['cilium.io']);
    expect(rendered.length).toBe(6);
    expect(new Set(rendered.map(({ object }) => object.kind))).toEqual(new Set(['CiliumNetworkPolicy', 'CiliumClusterwideNetworkPolicy']));
    for (const { file, authored, object } of rendered) expect((object as Record<string, unknown>).spec, file).toEqual(authored.spec);
  });

  it('refuses a misspelt nested field by its path', async () => {
    const rule = { endpointSelector: {}, egress: [{ toPorts: [{ ports: [{ port: '53' }], rules: { dns: [{ matchNmae: 'x' }] } }] }] };
    await tester.runComponent('cilium-networkpolicy', [
      { properties: { specs: [rule] }, error: { code: 'KUREL_PROPERTY', property: ['specs', 0, 'egress', 0, 'toPorts', 0, 'rules', 'dns', 0, 'matchNmae'], message: /unsupported field "matchNmae"/ } },
    ]);
    await tester.runComponent('cilium-bgppeerconfig', [{ properties: { timers: { holdTimeSecond: 9 } }, error: { code: 'KUREL_PROPERTY', property: ['timers', 'holdTimeSecond'], message: /unsupported field "holdTimeSecond"/ } }]);
  });

  it('keeps the patterns and enums upstream states', async () => {
    await tester.runComponent('cilium-networkpolicy', [
      { properties: { spec: { endpointSelector: {}, ingress: [{ toPorts: [{ ports: [{ port: '80', protocol: 'ICMP' }] }] }] } }, error: { code: 'KUREL_PROPERTY', property: ['spec', 'ingress', 0, 'toPorts', 0, 'ports', 0, 'protocol'] } },
      { properties: { spec: { endpointSelector: {}, egress: [{ toFQDNs: [{ matchName: 'bad name' }] }] } }, error: { code: 'KUREL_PROPERTY', property: ['spec', 'egress', 0, 'toFQDNs', 0, 'matchName'], message: /pattern/ } },
    ]);
  });

  describe('the additions: what the reference takes that the copied CRDs lack', () => {
    it('holds one entry per addition', async () => {
      const entries = Object.entries(ciliumAdditions).flatMap(([name, additions]) => additions.map((entry) => `${name} ${entry.change} ${entry.path}`));
      expect(entries).toEqual([
        'CiliumBGPAdvertisement enum advertisements[].advertisementType',
        'CiliumBGPAdvertisement field advertisements[].interface',
        'CiliumEgressGatewayPolicy unpatterned destinationCIDRs[]',
        'CiliumEgressGatewayPolicy unpatterned excludedCIDRs[]',
        'CiliumEgressGatewayPolicy optional egressGateway',
        'CiliumEgressGatewayPolicy field egressGateways',
        'CiliumLocalRedirectPolicy field skipRedirectFromBackend',
      ]);
    });

    it('takes an Interface advertisement and the interface it names', async () => {
      const advertisements = [{ advertisementType: 'Interface', interface: { name: 'lo' } }];
      expect(await spec('cilium-bgpadvertisement', { advertisements })).toEqual({ advertisements });
      await tester.runComponent('cilium-bgpadvertisement', [{ properties: { advertisements: [{ advertisementType: 'Interface', interface: { nam: 'lo' } }] }, error: { code: 'KUREL_PROPERTY', property: ['advertisements', 0, 'interface', 'nam'] } }]);
    });

    it.each(['destinationCIDRs', 'excludedCIDRs'])('takes IPv6 CIDRs in an egress gateway policy’s %s', async (field) => {
      const properties = { selectors: [{ podSelector: {} }], destinationCIDRs: ['0.0.0.0/0'], egressGateway: { nodeSelector: {} }, [field]: ['2001:db8::/32'] };
      expect((await spec('cilium-egressgatewaypolicy', properties))[field]).toEqual(['2001:db8::/32']);
    });

    it('takes an egress gateway policy without egressGateway, and its egressGateways', async () => {
      const egressGateways = [{ nodeSelector: { matchLabels: { egress: 'a' } }, egressIP: '198.51.100.7' }];
      expect(await spec('cilium-egressgatewaypolicy', { selectors: [{ podSelector: {} }], destinationCIDRs: ['0.0.0.0/0'], egressGateways })).toMatchObject({ egressGateways });
      await tester.runComponent('cilium-egressgatewaypolicy', [
        { properties: { selectors: [{ podSelector: {} }], destinationCIDRs: ['0.0.0.0/0'], egressGateways: [{ nodeSelector: {}, egressIp: 'x' }] }, error: { code: 'KUREL_PROPERTY', property: ['egressGateways', 0, 'egressIp'] } },
      ]);
    });

    it('takes skipRedirectFromBackend on a local redirect policy', async () => {
      const properties = {
        redirectFrontend: { serviceMatcher: { serviceName: 'dns', namespace: 'kube-system' } },
        redirectBackend: { localEndpointSelector: { matchLabels: { app: 'dns' } }, toPorts: [{ port: '53', protocol: 'UDP' }] },
        skipRedirectFromBackend: true,
      };
      expect(await spec('cilium-localredirectpolicy', properties)).toMatchObject({ skipRedirectFromBackend: true });
    });
  });

  describe('the overlay: where the reference departs from the CRDs', () => {
    it('holds one entry per departure', async () => {
      expect(Object.entries(ciliumOverlay).flatMap(([name, entries]) => entries.map((entry) => `${name} ${entry.change} ${entry.path}`))).toEqual(['CiliumBGPPeerConfig default gracefulRestart.enabled']);
    });

    it('writes enabled: false on a graceful restart that does not say, which the CRD requires', async () => {
      expect(await spec('cilium-bgppeerconfig', { gracefulRestart: { restartTimeSeconds: 120 } })).toEqual({ gracefulRestart: { enabled: false, restartTimeSeconds: 120 } });
    });
  });
});
