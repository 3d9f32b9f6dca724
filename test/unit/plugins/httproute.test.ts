import { describe, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { httproute } from '../../../plugins/builtin-kinds/traits/httproute.js';
import { deploymentObject, meta, webServiceObject } from './fixtures.js';

const tester = new HandlerTester();
const web = { name: 'api', type: 'service', objects: [webServiceObject('api', 8080)], answers: { servicePort: { port: 8080, name: 'http' } } };
const portless = { name: 'api', type: 'deployment', objects: [deploymentObject('api')] };
const gateway = [{ name: 'public-gateway', namespace: 'gateway-system' }];
const prefix = (value: string) => ({ path: { type: 'PathPrefix', value } });
const own = [{ name: 'api', port: 8080 }];

function route(spec: Record<string, unknown>, name = 'api-httproute') {
  return { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: meta(name, 'api'), spec };
}

describe('httproute trait', () => {
  it("sends each rule to the component's Service, with matches defaulted and filters and timeouts kept", () => {
    const filters = [
      { type: 'URLRewrite', urlRewrite: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/v2' } } },
      { type: 'RequestHeaderModifier', requestHeaderModifier: { add: [{ name: 'X-Forwarded-Proto', value: 'https' }] } },
      { type: 'CORS', cors: { allowOrigins: ['https://example.com'], allowCredentials: true, maxAge: 3600 } },
      { type: 'RequestMirror', requestMirror: { backendRef: { name: 'mirror', port: 8080 }, percent: 50 } },
    ];
    tester.runTrait(httproute, [
      {
        component: web,
        properties: {
          parentRefs: gateway,
          hostnames: ['api.example.com'],
          rules: [
            { matches: [{ path: { value: '/v1' }, headers: [{ name: 'x-api-version', value: 'v1' }] }], filters, timeouts: { request: '30s', backendRequest: '10s' } },
            { matches: [prefix('/web')], backendRefs: [{ port: 8080 }, { name: 'legacy', port: 80, weight: 10 }] },
          ],
        },
        objects: [
          route({
            parentRefs: gateway,
            hostnames: ['api.example.com'],
            rules: [
              {
                backendRefs: own,
                filters,
                matches: [{ path: { type: 'PathPrefix', value: '/v1' }, headers: [{ name: 'x-api-version', value: 'v1', type: 'Exact' }] }],
                timeouts: { request: '30s', backendRequest: '10s' },
              },
              { backendRefs: [...own, { name: 'legacy', port: 80, weight: 10 }], matches: [prefix('/web')] },
            ],
          }),
        ],
        componentObjects: web.objects,
      },
    ]);
  });

  it('builds parentRefs from the capability gateway, in gateway-system unless the binding names a namespace', () => {
    const rules = [{ matches: [prefix('/')] }];
    const spec = (parentRefs: unknown) => ({ parentRefs, rules: [{ backendRefs: own, matches: [prefix('/')] }] });
    new HandlerTester({ capabilities: { httproute: { gatewayName: 'prod-gateway' } } }).runTrait(httproute, [
      { component: web, properties: { rules }, objects: [route(spec([{ name: 'prod-gateway', namespace: 'gateway-system' }]))] },
      { component: web, properties: { rules, parentRefs: [{ name: 'mine' }] }, objects: [route(spec([{ name: 'mine' }]))] },
      { component: web, properties: { rules, scope: 'internal' }, objects: [route(spec([{ name: 'prod-gateway', namespace: 'gateway-system' }]), 'api-httproute-internal')] },
    ]);
    new HandlerTester({ capabilities: { httproute: { gatewayName: 'edge', gatewayNamespace: 'edge-system' } } }).runTrait(httproute, [
      { component: web, properties: { rules }, objects: [route(spec([{ name: 'edge', namespace: 'edge-system' }]))] },
    ]);
    tester.runTrait(httproute, [
      { title: 'no gateway', component: web, properties: { rules }, error: { message: "required property 'parentRefs' missing or empty (and no gatewayName capability to synthesize from)" } },
    ]);
  });

  it('refuses an implicit backend the component cannot serve', () => {
    const rule = (extra: Record<string, unknown>) => ({ parentRefs: gateway, rules: [{ matches: [prefix('/')], ...extra }] });
    tester.runTrait(httproute, [
      {
        title: 'other port',
        component: web,
        properties: rule({ backendRefs: [{ port: 9090 }] }),
        error: { message: /^rules\[0\]\.backendRefs\[0\]: cannot route implicit backend to port 9090 — component service exposes port 8080/, path: ['rules', 0, 'backendRefs', 0] },
      },
      { title: 'no service port', component: portless, properties: rule({}), error: { message: /^rules\[0\]: component "api" has no service port/ } },
      { title: 'external without port', component: web, properties: rule({ backendRefs: [{ name: 'other' }] }), error: { message: /cannot determine backend port/ } },
      { title: 'servicePort on a port', component: web, properties: { ...rule({}), servicePort: 80 }, error: { message: /^servicePort may not be set/ } },
    ]);
    tester.runTrait(httproute, [
      {
        title: 'trait port',
        component: portless,
        properties: { ...rule({}), servicePort: 3000, serviceName: 'api-chart' },
        objects: [route({ parentRefs: gateway, rules: [{ backendRefs: [{ name: 'api-chart', port: 3000 }], matches: [prefix('/')] }] })],
      },
    ]);
  });

  it('refuses filters without their settings, unsupported filters and bad timeouts', () => {
    const withFilter = (filter: Record<string, unknown>) => ({ parentRefs: gateway, rules: [{ filters: [filter] }] });
    tester.runTrait(httproute, [
      { title: 'block', component: web, properties: withFilter({ type: 'CORS' }), error: { message: 'rules[0].filters[0] "CORS": cors block is required' } },
      { title: 'extension', component: web, properties: withFilter({ type: 'ExtensionRef', extensionRef: { group: 'x', kind: 'y', name: 'z' } }), error: { message: /is not implemented/ } },
      { title: 'status', component: web, properties: withFilter({ type: 'RequestRedirect', requestRedirect: { statusCode: 305 } }), error: { message: /must be one of/ } },
      { title: 'empty redirect', component: web, properties: withFilter({ type: 'RequestRedirect', requestRedirect: {} }), error: { message: /at least one of scheme\/hostname\/port\/statusCode\/path/ } },
      { title: 'empty rewrite', component: web, properties: withFilter({ type: 'URLRewrite', urlRewrite: {} }), error: { message: /at least one of hostname or path/ } },
      {
        title: 'mirror share',
        component: web,
        properties: withFilter({ type: 'RequestMirror', requestMirror: { backendRef: { name: 'm', port: 80 }, percent: 5, fraction: { numerator: 1 } } }),
        error: { message: /only one of percent or fraction/ },
      },
      {
        title: 'mixed blocks',
        component: web,
        properties: withFilter({ type: 'CORS', cors: { allowOrigins: ['*'] }, urlRewrite: { hostname: 'x' } }),
        error: { message: /urlRewrite does not belong to a CORS filter/ },
      },
      { title: 'duration', component: web, properties: { parentRefs: gateway, rules: [{ timeouts: { request: '10 seconds' } }] }, error: { message: /"10 seconds" does not match the pattern/, path: ['rules', 0, 'timeouts', 'request'] } },
      {
        title: 'backend longer than request',
        component: web,
        properties: { parentRefs: gateway, rules: [{ timeouts: { request: '10s', backendRequest: '1m' } }] },
        error: { message: 'rules[0].timeouts: backendRequest (1m) must not exceed request (10s)' },
      },
    ]);
  });
});
