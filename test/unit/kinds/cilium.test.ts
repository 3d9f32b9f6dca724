import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { ciliumKinds } from '../../../plugins/builtin-kinds/families/operators/cilium/index.js';

const tester = builtinTester('kinds', { namespace: 'shop' });
const kind = (type: string) => ciliumKinds.find((handler) => handler.type === type)!;
const allowDns = { endpointSelector: {}, egress: [{ toEndpoints: [{ matchLabels: { 'k8s-app': 'kube-dns' } }], toPorts: [{ ports: [{ port: '53', protocol: 'UDP' }] }] }] };

describe('Cilium kinds', () => {
  it('declare the eleven kinds of cilium.io/v2', async () => {
    expect(ciliumKinds.map((handler) => `${handler.object?.apiVersion} ${handler.object?.kind}`)).toHaveLength(11);
    expect(new Set(ciliumKinds.map((handler) => handler.object?.apiVersion))).toEqual(new Set(['cilium.io/v2']));
  });

  it('renders a CiliumNetworkPolicy with its rules beside metadata', async () => {
    await tester.runComponent(kind('cilium-networkpolicy').type, [
      {
        name: 'dns',
        properties: { specs: [allowDns], annotations: { 'example.com/owner': 'net' } },
        objects: [
          {
            apiVersion: 'cilium.io/v2',
            kind: 'CiliumNetworkPolicy',
            metadata: { name: 'dns', namespace: 'shop', annotations: { 'example.com/owner': 'net' }, labels: { 'launcher.gokure.dev/component': 'dns' } },
            specs: [allowDns],
          },
        ],
      },
    ]);
  });

  it('refuses an unknown nested field, naming its path', async () => {
    const spec = { endpointSelector: {}, ingress: [{ toPorts: [{ ports: [{ port: '80', proto: 'TCP' }] }] }] };
    await tester.runComponent(kind('cilium-networkpolicy').type, [
      { properties: { spec }, error: { message: /unsupported field "proto"/, property: ['spec', 'ingress', 0, 'toPorts', 0, 'ports', 0, 'proto'] } },
    ]);
  });

  it('holds a namespaced policy to endpoint rules with a direction', async () => {
    await tester.runComponent(kind('cilium-networkpolicy').type, [
      { title: 'no rule', properties: {}, error: { message: /needs "spec" or "specs"/ } },
      { title: 'nodeSelector', properties: { spec: { ...allowDns, nodeSelector: {} } }, error: { message: /nodeSelector is refused/, property: ['spec', 'nodeSelector'] } },
      { title: 'no endpointSelector', properties: { specs: [allowDns, { egress: [] }] }, error: { message: /needs endpointSelector/, property: ['specs', 1] } },
      { title: 'no direction', properties: { spec: { endpointSelector: {} } }, error: { message: /at least one of ingress/, property: ['spec'] } },
    ]);
  });

  it('takes exactly one selector per clusterwide rule', async () => {
    await tester.runComponent(kind('cilium-clusterwidenetworkpolicy').type, [
      { title: 'both', properties: { spec: { ...allowDns, nodeSelector: {} } }, error: { message: /exactly one of endpointSelector and nodeSelector/, property: ['spec'] } },
      { title: 'neither', properties: { specs: [{ egress: [] }] }, error: { property: ['specs', 0] } },
    ]);
  });

  it('takes exactly one frontend matcher in a local redirect policy', async () => {
    const backend = { localEndpointSelector: { matchLabels: { app: 'dns' } }, toPorts: [{ port: '53', protocol: 'UDP' }] };
    await tester.runComponent(kind('cilium-localredirectpolicy').type, [
      { properties: { redirectFrontend: {}, redirectBackend: backend }, error: { message: /exactly one of addressMatcher and serviceMatcher/, property: ['redirectFrontend'] } },
      { properties: { redirectFrontend: { serviceMatcher: { serviceName: 'dns', namespace: 'kube-system' } }, redirectBackend: backend } },
    ]);
  });

  it('writes what Go writes: no authored disabled false, a graceful restart always enabled or not', async () => {
    const pool = await rendered(tester, kind('cilium-loadbalancerippool').type, 'pool', { blocks: [{ cidr: '192.0.2.0/24' }], disabled: false });
    expect(pool.objects[0].spec).toEqual({ blocks: [{ cidr: '192.0.2.0/24' }] });
    const peer = await rendered(tester, kind('cilium-bgppeerconfig').type, 'tor', { gracefulRestart: { restartTimeSeconds: 120 } });
    expect(peer.objects[0].spec).toEqual({ gracefulRestart: { enabled: false, restartTimeSeconds: 120 } });
  });

  it('requires the node config defaults and selector', async () => {
    await tester.runComponent(kind('cilium-nodeconfig').type, [{ properties: { defaults: {} }, error: { message: /"nodeSelector" is required/ } }]);
  });
});
