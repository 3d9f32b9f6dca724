import { describe, expect, it } from 'vitest';
import type { K8sObject, Properties } from 'kurel/plugin-api';
import type { TraitCase } from 'kurel/plugin-api/testing';
import { builtinTester, emitted, loweringRefusal } from '../../support/engine.js';

// The expose trait lowers to an ingress or an httproute trait, as the platform's expose
// capability says; the engine then renders that trait: each case reads the object it becomes.

const INGRESS = { controllerType: 'ingress', ingressClassName: 'nginx' };
const GATEWAY = { controllerType: 'gateway', gatewayName: 'prod-gateway' };
const component = { name: 'web', type: 'webservice', properties: { image: 'ghcr.io/example/web:v1', port: 8080 } };

/** The objects the expose trait adds to the webservice `web` under this expose rendering, and the build's warnings. */
async function exposed(properties: Properties, rendering?: Record<string, unknown>): Promise<{ objects: K8sObject[]; warnings: string[] }> {
  const { objects, warnings } = await emitted([{ ...component, traits: [{ type: 'expose', properties }] }], rendering ? { capabilities: { expose: rendering } } : {});
  expect(objects.slice(0, 3).map((object) => object.kind)).toEqual(['Deployment', 'Service', 'ServiceAccount']);
  return { objects: objects.slice(3), warnings };
}

/** The one Ingress the expose trait becomes. */
async function ingressOf(properties: Properties, rendering: Record<string, unknown>): Promise<K8sObject & { spec: Record<string, unknown> }> {
  const { objects } = await exposed(properties, rendering);
  expect(objects.map((object) => `${object.kind}/${object.metadata.name}`)).toEqual(['Ingress/web-ingress']);
  return objects[0] as K8sObject & { spec: Record<string, unknown> };
}

const toWeb = (path = '/', pathType = 'Prefix') => ({ path, pathType, backend: { service: { name: 'web', port: { number: 8080 } } } });
const routed = (host: string, ...paths: unknown[]) => ({ host, http: { paths: paths.length ? paths : [toWeb()] } });

/** A refusal while lowering the expose trait, as the CLI words it. */
const lowering = (message: string) => loweringRefusal('trait "expose" on component "web"', message);

/** Cases of the expose trait on the webservice under this rendering. */
async function runExpose(rendering: Record<string, unknown> | undefined, cases: Array<Omit<TraitCase, 'component'>>): Promise<void> {
  await builtinTester('traits', rendering ? { capabilities: { expose: rendering } } : {}).runTrait('expose', cases.map((testCase) => ({ ...testCase, component })));
}

describe('expose trait lowering', () => {
  it('lowers to an ingress trait, expanding the hostnames shorthand to one "/" rule per host', async () => {
    const ingress = await ingressOf({ hostnames: ['a.example.com', 'b.example.com'] }, INGRESS);
    expect(ingress.spec).toEqual({ ingressClassName: 'nginx', rules: [routed('a.example.com'), routed('b.example.com')] });
    expect(ingress.metadata.annotations).toBeUndefined();
  });

  it('keeps authored rules over the shorthand and lets authored values win over the rendering', async () => {
    const rules = [{ host: 'a.example.com', paths: [{ path: '/api' }] }];
    expect((await ingressOf({ rules, hostnames: ['b.example.com'], ingressClassName: 'internal' }, INGRESS)).spec).toEqual({ ingressClassName: 'internal', rules: [routed('a.example.com', toWeb('/api'))] });
  });

  it('adds managed TLS for the routed hosts under <component>-tls, with the issuer annotation and redirects', async () => {
    const rendering = { ...INGRESS, certManagerClusterIssuer: 'letsencrypt', sslRedirect: true };
    const ingress = await ingressOf({ hostnames: ['a.example.com'], forceSslRedirect: false }, rendering);
    expect(ingress.spec).toEqual({ ingressClassName: 'nginx', rules: [routed('a.example.com')], tls: [{ hosts: ['a.example.com'], secretName: 'web-tls' }] });
    expect(ingress.metadata.annotations).toEqual({
      'cert-manager.io/cluster-issuer': 'letsencrypt',
      'nginx.ingress.kubernetes.io/ssl-redirect': 'true',
      'nginx.ingress.kubernetes.io/force-ssl-redirect': 'false',
    });
    expect((await ingressOf({ hostnames: ['a.example.com'], secretName: 'shop-cert' }, rendering)).spec.tls).toEqual([{ hosts: ['a.example.com'], secretName: 'shop-cert' }]);
  });

  it('turns allowedGroups into the nginx external-auth annotations, beside the authored ones', async () => {
    const rendering = { ...INGRESS, authURL: 'https://auth.example.com/oauth2/auth', authSigninURL: 'https://auth.example.com/start', authResponseHeaders: 'X-Auth-Request-User' };
    const ingress = await ingressOf({ hostnames: ['a.example.com'], allowedGroups: ['admins', 'ops'], annotations: { team: 'shop' } }, rendering);
    expect(ingress.metadata.annotations).toEqual({
      team: 'shop',
      'nginx.ingress.kubernetes.io/auth-url': 'https://auth.example.com/oauth2/auth?allowed_groups=admins,ops',
      'nginx.ingress.kubernetes.io/auth-signin': 'https://auth.example.com/start',
      'nginx.ingress.kubernetes.io/auth-response-headers': 'X-Auth-Request-User',
    });
  });

  it('has the ingress trait refuse an authored annotation that contradicts a typed property', async () => {
    await runExpose(INGRESS, [
      {
        properties: { hostnames: ['a.example.com'], sslRedirect: true, annotations: { 'nginx.ingress.kubernetes.io/ssl-redirect': 'false' } },
        error: {
          code: 'KUREL_HANDLER_REFUSED',
          message: 'component "web" trait "ingress": annotations: "nginx.ingress.kubernetes.io/ssl-redirect" is set by the platform to "true"; the trait may not change it to "false"',
          property: ['annotations', 'nginx.ingress.kubernetes.io/ssl-redirect'],
        },
      },
    ]);
  });

  it('lowers to an httproute trait on the platform Gateway, with one catch-all rule for the shorthand', async () => {
    const route = (spec: Record<string, unknown>) => ({
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'HTTPRoute',
      metadata: { name: 'web-httproute', namespace: 'default', labels: { app: 'web', 'launcher.gokure.dev/component': 'web' } },
      spec,
    });
    const toService = { backendRefs: [{ name: 'web', port: 8080 }] };
    expect((await exposed({ hostnames: ['a.example.com'] }, GATEWAY)).objects).toEqual([
      route({ parentRefs: [{ name: 'prod-gateway', namespace: 'gateway-system' }], hostnames: ['a.example.com'], rules: [toService] }),
    ]);
    const matches = [{ path: { type: 'PathPrefix', value: '/api' } }];
    expect((await exposed({ rules: [{ matches }] }, { ...GATEWAY, gatewayNamespace: 'edge' })).objects).toEqual([route({ parentRefs: [{ name: 'prod-gateway', namespace: 'edge' }], rules: [{ ...toService, matches }] })]);
  });

  it('produces an ingress trait the ingress handler renders', async () => {
    expect((await ingressOf({ hostnames: ['a.example.com'] }, INGRESS)).spec).toEqual({
      ingressClassName: 'nginx',
      rules: [{ host: 'a.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 8080 } } } }] } }],
    });
  });

  it('refuses without a binding, with an incomplete binding, and with ingress-only keys on a Gateway', async () => {
    const host = { hostnames: ['a.example.com'] };
    const refusal = (message: string, property: Array<string | number> = []) => ({ code: 'KUREL_LOWERING' as const, message: lowering(message), property });
    await runExpose(undefined, [{ title: 'no binding', properties: host, error: refusal('capability "expose" not found in ClusterProfile: oam: capability key not found in ClusterProfile') }]);
    await runExpose({ ingressClassName: 'nginx' }, [{ title: 'no controllerType', properties: host, error: refusal('expose rendering: controllerType is required') }]);
    await runExpose({ controllerType: 'ingress' }, [{ title: 'no class', properties: host, error: refusal('expose rendering: ingressClassName is required when controllerType is "ingress"') }]);
    await runExpose({ controllerType: 'gateway' }, [{ title: 'no gateway', properties: host, error: refusal('expose rendering: gatewayName is required when controllerType is "gateway"') }]);
    await runExpose({ ...GATEWAY, certManagerClusterIssuer: 'x' }, [
      { title: 'issuer on a gateway', properties: host, error: refusal('expose rendering: certManagerClusterIssuer is only valid when controllerType is "ingress"') },
    ]);
    await runExpose(GATEWAY, [{ title: 'sslRedirect on a gateway', properties: { ...host, sslRedirect: true }, error: refusal('sslRedirect is only valid when controllerType is "ingress"', ['sslRedirect']) }]);
  });

  it('refuses hosts outside the platform wildcard, a managed secret without an issuer, and auth the platform does not offer', async () => {
    const refusal = (message: string | RegExp) => ({ code: 'KUREL_LOWERING' as const, message: typeof message === 'string' ? lowering(message) : message });
    await runExpose({ ...INGRESS, allowedHostnameWildcard: '*.example.com' }, [
      { title: 'wildcard', properties: { hostnames: ['a.other.com'] }, error: refusal('component "web": hostname "a.other.com" is not allowed by the platform wildcard "*.example.com"') },
    ]);
    await runExpose(INGRESS, [
      { title: 'secret', properties: { hostnames: ['a.example.com'], secretName: 'x' }, error: refusal('secretName requires platform-managed TLS (no cert-manager cluster-issuer capability)') },
      { title: 'auth', properties: { hostnames: ['a.example.com'], allowedGroups: ['ops'] }, error: refusal('ext-auth is not offered on this platform (the expose capability has no authURL)') },
      { title: 'no groups', properties: { hostnames: ['a.example.com'], allowedGroups: [] }, error: refusal('allowedGroups must not be empty (ext-auth requires at least one group)') },
    ]);
    await runExpose({ ...INGRESS, certManagerClusterIssuer: 'letsencrypt' }, [
      { title: 'issuer annotation', properties: { hostnames: ['a.example.com'], annotations: { 'cert-manager.io/cluster-issuer': 'other' } }, error: refusal(/is platform-managed by the expose trait/) },
    ]);
  });
});

// The reference examples 03 and 04 (which the catalogue issue asks to build) write `tls` and
// Ingress-shaped rules on expose; the newest reference refuses `tls` there.
describe('expose: tls and Ingress-shaped rules', () => {
  const rules = [{ host: 'shop.example.com', paths: [{ path: '/', port: 8080 }] }];
  const tls = [{ secretName: 'shop-tls', hosts: ['shop.example.com'] }];

  it('keeps authored tls on the Ingress, in place of the platform-managed entry', async () => {
    expect((await ingressOf({ rules, tls }, { ...INGRESS, certManagerClusterIssuer: 'letsencrypt' })).spec.tls).toEqual(tls);
  });

  it('turns Ingress-shaped rules into route hostnames and rules, and ignores tls with a warning on the Gateway path', async () => {
    const { objects, warnings } = await exposed({ rules, tls }, GATEWAY);
    expect(objects.map((object) => object.kind)).toEqual(['HTTPRoute']);
    expect(objects[0].spec).toEqual({
      parentRefs: [{ name: 'prod-gateway', namespace: 'gateway-system' }],
      hostnames: ['shop.example.com'],
      rules: [{ backendRefs: [{ name: 'web', port: 8080 }], matches: [{ path: { type: 'PathPrefix', value: '/' } }] }],
    });
    expect(warnings).toEqual([expect.stringContaining('expose "tls" has no place on an HTTPRoute')]);
  });
});
