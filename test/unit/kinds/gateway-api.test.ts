import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { kinds } from '../../../plugins/builtin-kinds/families/gateway-api.js';
import { renderSamples } from './upstream-samples.js';

const tester = new HandlerTester({ namespace: 'shop' });
const kind = (type: string) => kinds.find((handler) => handler.type === type)!;
const backend = { name: 'api', port: 8080 };

describe('Gateway API kinds', () => {
  it('declare the ten kinds of gateway.networking.k8s.io/v1', () => {
    expect(kinds.map((handler) => handler.object?.kind)).toEqual([
      'GatewayClass', 'Gateway', 'ListenerSet', 'HTTPRoute', 'GRPCRoute', 'TCPRoute', 'TLSRoute', 'UDPRoute', 'ReferenceGrant', 'BackendTLSPolicy',
    ]);
    expect(new Set(kinds.map((handler) => handler.object?.apiVersion))).toEqual(new Set(['gateway.networking.k8s.io/v1']));
    expect(kind('gatewayclass').object?.scope).toBe('cluster');
  });

  it('renders an HTTPRoute as authored, the CORS filter and a 308 redirect of the newer API included', () => {
    const rules = [
      { matches: [{ path: { type: 'PathPrefix', value: '/api' } }], backendRefs: [backend], filters: [{ type: 'CORS', cors: { allowOrigins: ['https://shop.example.com'], maxAge: 600 } }] },
      { filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 308 } }] },
    ];
    tester.runComponent(kind('httproute'), [
      {
        name: 'web',
        properties: { parentRefs: [{ name: 'public', namespace: 'gateways' }], hostnames: ['shop.example.com'], rules, objectName: 'web-route' },
        objects: [
          {
            apiVersion: 'gateway.networking.k8s.io/v1',
            kind: 'HTTPRoute',
            metadata: { name: 'web-route', namespace: 'shop' },
            spec: { parentRefs: [{ name: 'public', namespace: 'gateways' }], hostnames: ['shop.example.com'], rules },
          },
        ],
      },
    ]);
  });

  it('refuses an unknown nested field, naming its path', () => {
    tester.runComponent(kind('httproute'), [
      {
        properties: { rules: [{ backendRefs: [{ ...backend, wieght: 1 }] }] },
        error: { code: 'KUREL_PROPERTY', message: /unsupported field "wieght"/, path: ['rules', 0, 'backendRefs', 0, 'wieght'] },
      },
    ]);
  });

  it('refuses a route that carries no HTTP without rules, backends or a Service port', () => {
    tester.runComponent(kind('tcproute'), [
      { title: 'no rules', properties: { rules: [] }, error: { message: 'holds 0 items, fewer than 1', path: ['rules'] } },
      { title: 'no backends', properties: { rules: [{ name: 'r' }] }, error: { message: '"backendRefs" is required', path: ['rules', 0] } },
      { title: 'no port', properties: { rules: [{ backendRefs: [{ name: 'db' }] }] }, error: { message: /port: required \(the port of the Service/, path: ['rules', 0, 'backendRefs', 0, 'port'] } },
      { title: 'another kind needs none', properties: { rules: [{ backendRefs: [{ group: 'example.com', kind: 'Pool', name: 'db' }] }] } },
    ]);
    tester.runComponent(kind('tlsroute'), [{ properties: { rules: [{ backendRefs: [backend] }] }, error: { message: '"hostnames" is required', path: [] } }]);
    tester.runComponent(kind('udproute'), [{ properties: { rules: [{ backendRefs: [{ name: 'dns' }] }] }, error: { path: ['rules', 0, 'backendRefs', 0, 'port'] } }]);
  });

  it('asks a ListenerSet for a listener with its port, a BackendTLSPolicy for a target, a ReferenceGrant for both ends', () => {
    tester.runComponent(kind('listenerset'), [
      { title: 'no listener', properties: { parentRef: { name: 'public' }, listeners: [] }, error: { path: ['listeners'] } },
      { title: 'port 0', properties: { parentRef: { name: 'public' }, listeners: [{ name: 'a', port: 0, protocol: 'HTTP' }] }, error: { path: ['listeners', 0, 'port'] } },
      { title: 'no parent name', properties: { parentRef: {}, listeners: [{ name: 'a', port: 80, protocol: 'HTTP' }] }, error: { message: '"name" is required', path: ['parentRef'] } },
    ]);
    tester.runComponent(kind('backendtlspolicy'), [{ properties: { targetRefs: [], validation: { hostname: 'api.example.com' } }, error: { path: ['targetRefs'] } }]);
    tester.runComponent(kind('referencegrant'), [{ properties: { from: [{ group: '', kind: 'Service', namespace: 'a' }], to: [] }, error: { path: ['to'] } }]);
    tester.runComponent(kind('gateway'), [{ properties: { gatewayClassName: 'public', listeners: [] }, error: { path: ['listeners'] } }]);
  });

  it('drops an empty list or map the Go type omits', () => {
    const rendered = tester.renderComponent(kind('backendtlspolicy'), 'p', {
      targetRefs: [{ group: '', kind: 'Service', name: 'api' }],
      validation: { hostname: 'api.example.com', wellKnownCACertificates: 'System', subjectAltNames: [] },
      options: {},
    });
    expect(rendered.objects[0].spec).toEqual({ targetRefs: [{ group: '', kind: 'Service', name: 'api' }], validation: { hostname: 'api.example.com', wellKnownCACertificates: 'System' } });
  });

  it("builds upstream's own example objects (kubernetes-sigs/gateway-api examples/standard at v1.6.1)", () => {
    const rendered = renderSamples(kinds, 'gateway-api', ['gateway.networking.k8s.io']);
    expect(new Set(rendered.map(({ object }) => object.kind))).toEqual(
      new Set(['GatewayClass', 'Gateway', 'ListenerSet', 'HTTPRoute', 'GRPCRoute', 'TCPRoute', 'TLSRoute', 'UDPRoute', 'ReferenceGrant', 'BackendTLSPolicy']),
    );
    for (const { file, authored, object } of rendered) expect(Object.keys(object.spec as object), file).toEqual(expect.arrayContaining(Object.keys(authored)));
  });
});
