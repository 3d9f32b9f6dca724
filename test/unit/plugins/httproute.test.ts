import { builtinTester, rendered } from '../../support/engine.js';
import { describe, it } from 'vitest';
import { httproute } from '../../../plugins/builtin-kinds/traits/httproute.js';
import { deploymentObject, meta, webServiceObject, deploymentComponent } from './fixtures.js';

const tester = builtinTester('kinds');
const web = { name: 'api', type: 'service', properties: { ports: [{ name: 'http', port: 8080 }] } };
const portless = deploymentComponent('api');
const gateway = [{ name: 'public-gateway', namespace: 'gateway-system' }];
const prefix = (value: string) => ({ path: { type: 'PathPrefix', value } });
const own = [{ name: 'api', port: 8080 }];

function route(spec: Record<string, unknown>, name = 'api-httproute') {
  return { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: meta(name, 'api'), spec };
}

describe('httproute trait', () => {
  it("sends each rule to the component's Service, with matches defaulted and filters and timeouts kept", async () => {
    const filters = [
      { type: 'URLRewrite', urlRewrite: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/v2' } } },
      { type: 'RequestHeaderModifier', requestHeaderModifier: { add: [{ name: 'X-Forwarded-Proto', value: 'https' }] } },
      { type: 'CORS', cors: { allowOrigins: ['https://example.com'], allowCredentials: true, maxAge: 3600 } },
      { type: 'RequestMirror', requestMirror: { backendRef: { name: 'mirror', port: 8080 }, percent: 50 } },
    ];
    await tester.runTrait(httproute.type, [
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
        contains: [
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
      },
    ]);
  });

  it('builds parentRefs from the capability gateway, in gateway-system unless the binding names a namespace', async () => {
    const rules = [{ matches: [prefix('/')] }];
    const spec = (parentRefs: unknown) => ({ parentRefs, rules: [{ backendRefs: own, matches: [prefix('/')] }] });
    await builtinTester('kinds', { capabilities: { httproute: { gatewayName: 'prod-gateway' } } }).runTrait(httproute.type, [
      { component: web, properties: { rules }, contains: [webServiceObject('api', 8080), route(spec([{ name: 'prod-gateway', namespace: 'gateway-system' }]))] },
      { component: web, properties: { rules, parentRefs: [{ name: 'mine' }] }, contains: [route(spec([{ name: 'mine' }]))] },
      { component: web, properties: { rules, scope: 'internal' }, contains: [route(spec([{ name: 'prod-gateway', namespace: 'gateway-system' }]), 'api-httproute-internal')] },
    ]);
    await builtinTester('kinds', { capabilities: { httproute: { gatewayName: 'edge', gatewayNamespace: 'edge-system' } } }).runTrait(httproute.type, [
      { component: web, properties: { rules }, contains: [route(spec([{ name: 'edge', namespace: 'edge-system' }]))] },
    ]);
    await tester.runTrait(httproute.type, [
      { title: 'no gateway', component: web, properties: { rules }, error: { message: `component "api" trait "httproute": required property 'parentRefs' missing or empty (and no gatewayName capability to synthesize from)` } },
    ]);
  });

  it('refuses an implicit backend the component cannot serve', async () => {
    const rule = (extra: Record<string, unknown>) => ({ parentRefs: gateway, rules: [{ matches: [prefix('/')], ...extra }] });
    await tester.runTrait(httproute.type, [
      {
        title: 'other port',
        component: web,
        properties: rule({ backendRefs: [{ port: 9090 }] }),
        error: { message: /^component "api" trait "httproute": rules\[0\]\.backendRefs\[0\]: cannot route implicit backend to port 9090 — component service exposes port 8080/, property: ['rules', 0, 'backendRefs', 0] },
      },
      { title: 'no service port', component: portless, properties: rule({}), error: { message: /^component "api" trait "httproute": rules\[0\]: component "api" has no service port/ } },
      { title: 'external without port', component: web, properties: rule({ backendRefs: [{ name: 'other' }] }), error: { message: /cannot determine backend port/ } },
      { title: 'servicePort on a port', component: web, properties: { ...rule({}), servicePort: 80 }, error: { message: /^component "api" trait "httproute": servicePort may not be set/ } },
    ]);
    await tester.runTrait(httproute.type, [
      {
        title: 'trait port',
        component: portless,
        properties: { ...rule({}), servicePort: 3000, serviceName: 'api-chart' },
        contains: [route({ parentRefs: gateway, rules: [{ backendRefs: [{ name: 'api-chart', port: 3000 }], matches: [prefix('/')] }] })],
      },
    ]);
  });

  it('refuses filters without their settings, unsupported filters and bad timeouts', async () => {
    const withFilter = (filter: Record<string, unknown>) => ({ parentRefs: gateway, rules: [{ filters: [filter] }] });
    await tester.runTrait(httproute.type, [
      { title: 'block', component: web, properties: withFilter({ type: 'CORS' }), error: { message: 'component "api" trait "httproute": rules[0].filters[0] "CORS": cors block is required' } },
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
      { title: 'duration', component: web, properties: { parentRefs: gateway, rules: [{ timeouts: { request: '10 seconds' } }] }, error: { message: /"10 seconds" does not match the pattern/, property: ['rules', 0, 'timeouts', 'request'] } },
      {
        title: 'backend longer than request',
        component: web,
        properties: { parentRefs: gateway, rules: [{ timeouts: { request: '10s', backendRequest: '1m' } }] },
        error: { message: 'component "api" trait "httproute": rules[0].timeouts: backendRequest (1m) must not exceed request (10s)' },
      },
    ]);
  });
});
