import { meta } from './support.js';
import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { kinds } from '../../../plugins/builtin-kinds/families/gateway-api.js';
import { buildSamples } from './upstream-samples.js';

const tester = builtinTester('kinds', { namespace: 'shop' });
const kind = (type: string) => kinds.find((handler) => handler.type === type)!;
const backend = { name: 'api', port: 8080 };

describe('Gateway API kinds', () => {
  it('declare the ten kinds of gateway.networking.k8s.io/v1', async () => {
    expect(kinds.map((handler) => handler.object?.kind)).toEqual([
      'GatewayClass', 'Gateway', 'ListenerSet', 'HTTPRoute', 'GRPCRoute', 'TCPRoute', 'TLSRoute', 'UDPRoute', 'ReferenceGrant', 'BackendTLSPolicy',
    ]);
    expect(new Set(kinds.map((handler) => handler.object?.apiVersion))).toEqual(new Set(['gateway.networking.k8s.io/v1']));
    expect(kind('gatewayclass').object?.scope).toBe('cluster');
  });

  it('renders an HTTPRoute as authored, the CORS filter and a 308 redirect of the newer API included', async () => {
    const rules = [
      { matches: [{ path: { type: 'PathPrefix', value: '/api' } }], backendRefs: [backend], filters: [{ type: 'CORS', cors: { allowOrigins: ['https://shop.example.com'], maxAge: 600 } }] },
      { filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 308 } }] },
    ];
    await tester.runComponent(kind('httproute').type, [
      {
        name: 'web',
        properties: { parentRefs: [{ name: 'public', namespace: 'gateways' }], hostnames: ['shop.example.com'], rules, objectName: 'web-route' },
        objects: [
          {
            apiVersion: 'gateway.networking.k8s.io/v1',
            kind: 'HTTPRoute',
            metadata: meta('web-route', 'shop', 'web'),
            spec: { parentRefs: [{ name: 'public', namespace: 'gateways' }], hostnames: ['shop.example.com'], rules },
          },
        ],
      },
    ]);
  });

  it('refuses an unknown nested field, naming its path', async () => {
    await tester.runComponent(kind('httproute').type, [
      {
        properties: { rules: [{ backendRefs: [{ ...backend, wieght: 1 }] }] },
        error: { code: 'KUREL_PROPERTY', message: /unsupported field "wieght"/, property: ['rules', 0, 'backendRefs', 0, 'wieght'] },
      },
    ]);
  });

  it('refuses a route that carries no HTTP without rules, backends or a Service port', async () => {
    await tester.runComponent(kind('tcproute').type, [
      { title: 'no rules', properties: { rules: [] }, error: { message: 'component "web" (type "tcproute"): holds 0 items, fewer than 1', property: ['rules'] } },
      { title: 'no backends', properties: { rules: [{ name: 'r' }] }, error: { message: 'component "web" (type "tcproute"): "backendRefs" is required', property: ['rules', 0] } },
      { title: 'no port', properties: { rules: [{ backendRefs: [{ name: 'db' }] }] }, error: { message: /port: required \(the port of the Service/, property: ['rules', 0, 'backendRefs', 0, 'port'] } },
      { title: 'another kind needs none', properties: { rules: [{ backendRefs: [{ group: 'example.com', kind: 'Pool', name: 'db' }] }] } },
    ]);
    await tester.runComponent(kind('tlsroute').type, [{ properties: { rules: [{ backendRefs: [backend] }] }, error: { message: 'component "web" (type "tlsroute"): "hostnames" is required', property: [] } }]);
    await tester.runComponent(kind('udproute').type, [{ properties: { rules: [{ backendRefs: [{ name: 'dns' }] }] }, error: { property: ['rules', 0, 'backendRefs', 0, 'port'] } }]);
  });

  it('asks a ListenerSet for a listener with its port, a BackendTLSPolicy for a target, a ReferenceGrant for both ends', async () => {
    await tester.runComponent(kind('listenerset').type, [
      { title: 'no listener', properties: { parentRef: { name: 'public' }, listeners: [] }, error: { property: ['listeners'] } },
      { title: 'port 0', properties: { parentRef: { name: 'public' }, listeners: [{ name: 'a', port: 0, protocol: 'HTTP' }] }, error: { property: ['listeners', 0, 'port'] } },
      { title: 'no parent name', properties: { parentRef: {}, listeners: [{ name: 'a', port: 80, protocol: 'HTTP' }] }, error: { message: 'component "web" (type "listenerset"): "name" is required', property: ['parentRef'] } },
    ]);
    await tester.runComponent(kind('backendtlspolicy').type, [{ properties: { targetRefs: [], validation: { hostname: 'api.example.com' } }, error: { property: ['targetRefs'] } }]);
    await tester.runComponent(kind('referencegrant').type, [{ properties: { from: [{ group: '', kind: 'Service', namespace: 'a' }], to: [] }, error: { property: ['to'] } }]);
    await tester.runComponent(kind('gateway').type, [{ properties: { gatewayClassName: 'public', listeners: [] }, error: { property: ['listeners'] } }]);
  });

  it('drops an empty list or map the Go type omits', async () => {
    const emittedBy = await rendered(tester, kind('backendtlspolicy').type, 'p', {
      targetRefs: [{ group: '', kind: 'Service', name: 'api' }],
      validation: { hostname: 'api.example.com', wellKnownCACertificates: 'System', subjectAltNames: [] },
      options: {},
    });
    expect(emittedBy.objects[0].spec).toEqual({ targetRefs: [{ group: '', kind: 'Service', name: 'api' }], validation: { hostname: 'api.example.com', wellKnownCACertificates: 'System' } });
  });

  it("builds upstream's own example objects (kubernetes-sigs/gateway-api examples/standard at v1.6.1)", async () => {
    const rendered = await buildSamples(kinds, 'gateway-api', ['gateway.networking.k8s.io']);
    expect(new Set(rendered.map(({ object }) => object.kind))).toEqual(
      new Set(['GatewayClass', 'Gateway', 'ListenerSet', 'HTTPRoute', 'GRPCRoute', 'TCPRoute', 'TLSRoute', 'UDPRoute', 'ReferenceGrant', 'BackendTLSPolicy']),
    );
    for (const { file, authored, object } of rendered) expect(Object.keys(object.spec as object), file).toEqual(expect.arrayContaining(Object.keys(authored)));
  });
});
