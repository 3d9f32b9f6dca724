import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { ciliumKinds } from '../../../plugins/builtin-kinds/families/operators/cilium/index.js';

const tester = new HandlerTester({ namespace: 'shop' });
const kind = (type: string) => ciliumKinds.find((handler) => handler.type === type)!;
const allowDns = { endpointSelector: {}, egress: [{ toEndpoints: [{ matchLabels: { 'k8s-app': 'kube-dns' } }], toPorts: [{ ports: [{ port: '53', protocol: 'UDP' }] }] }] };

describe('Cilium kinds', () => {
  it('declare the eleven kinds of cilium.io/v2', () => {
    expect(ciliumKinds.map((handler) => `${handler.object?.apiVersion} ${handler.object?.kind}`)).toHaveLength(11);
    expect(new Set(ciliumKinds.map((handler) => handler.object?.apiVersion))).toEqual(new Set(['cilium.io/v2']));
  });

  it('renders a CiliumNetworkPolicy with its rules beside metadata', () => {
    tester.runComponent(kind('cilium-networkpolicy'), [
      {
        name: 'dns',
        properties: { specs: [allowDns], annotations: { 'example.com/owner': 'net' } },
        objects: [
          {
            apiVersion: 'cilium.io/v2',
            kind: 'CiliumNetworkPolicy',
            metadata: { name: 'dns', namespace: 'shop', annotations: { 'example.com/owner': 'net' } },
            specs: [allowDns],
          },
        ],
      },
    ]);
  });

  it('refuses an unknown nested field, naming its path', () => {
    const spec = { endpointSelector: {}, ingress: [{ toPorts: [{ ports: [{ port: '80', proto: 'TCP' }] }] }] };
    tester.runComponent(kind('cilium-networkpolicy'), [
      { properties: { spec }, error: { message: /unsupported field "proto"/, path: ['spec', 'ingress', 0, 'toPorts', 0, 'ports', 0, 'proto'] } },
    ]);
  });

  it('holds a namespaced policy to endpoint rules with a direction', () => {
    tester.runComponent(kind('cilium-networkpolicy'), [
      { title: 'no rule', properties: {}, error: { message: /needs "spec" or "specs"/ } },
      { title: 'nodeSelector', properties: { spec: { ...allowDns, nodeSelector: {} } }, error: { message: /nodeSelector is refused/, path: ['spec', 'nodeSelector'] } },
      { title: 'no endpointSelector', properties: { specs: [allowDns, { egress: [] }] }, error: { message: /needs endpointSelector/, path: ['specs', 1] } },
      { title: 'no direction', properties: { spec: { endpointSelector: {} } }, error: { message: /at least one of ingress/, path: ['spec'] } },
    ]);
  });

  it('takes exactly one selector per clusterwide rule', () => {
    tester.runComponent(kind('cilium-clusterwidenetworkpolicy'), [
      { title: 'both', properties: { spec: { ...allowDns, nodeSelector: {} } }, error: { message: /exactly one of endpointSelector and nodeSelector/, path: ['spec'] } },
      { title: 'neither', properties: { specs: [{ egress: [] }] }, error: { path: ['specs', 0] } },
    ]);
  });

  it('takes exactly one frontend matcher in a local redirect policy', () => {
    const backend = { localEndpointSelector: { matchLabels: { app: 'dns' } }, toPorts: [{ port: '53', protocol: 'UDP' }] };
    tester.runComponent(kind('cilium-localredirectpolicy'), [
      { properties: { redirectFrontend: {}, redirectBackend: backend }, error: { message: /exactly one of addressMatcher and serviceMatcher/, path: ['redirectFrontend'] } },
      { properties: { redirectFrontend: { serviceMatcher: { serviceName: 'dns', namespace: 'kube-system' } }, redirectBackend: backend } },
    ]);
  });

  it('writes what Go writes: no authored disabled false, a graceful restart always enabled or not', () => {
    const pool = tester.renderComponent(kind('cilium-loadbalancerippool'), 'pool', { blocks: [{ cidr: '192.0.2.0/24' }], disabled: false });
    expect(pool.objects[0].spec).toEqual({ blocks: [{ cidr: '192.0.2.0/24' }] });
    const peer = tester.renderComponent(kind('cilium-bgppeerconfig'), 'tor', { gracefulRestart: { restartTimeSeconds: 120 } });
    expect(peer.objects[0].spec).toEqual({ gracefulRestart: { enabled: false, restartTimeSeconds: 120 } });
  });

  it('requires the node config defaults and selector', () => {
    tester.runComponent(kind('cilium-nodeconfig'), [{ properties: { defaults: {} }, error: { message: /"nodeSelector" is required/ } }]);
  });
});
