import { describe, expect, it } from 'vitest';
import type { Properties } from 'kurel/plugin-api';
import { createLoweringTestContext, HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { expose } from '../../../plugins/builtin-traits/expose.js';
import { ingress } from '../../../plugins/builtin-traits/ingress.js';
import { webServiceObject } from './isolated-fixtures.js';
import { refusal } from './support.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

const INGRESS = { controllerType: 'ingress', ingressClassName: 'nginx' };
const GATEWAY = { controllerType: 'gateway', gatewayName: 'prod-gateway' };

function lower(properties: Properties, rendering?: Record<string, unknown>) {
  const ctx = createLoweringTestContext({ plugins: SOURCE_BUILTINS, ...(rendering ? { capabilities: { expose: rendering } } : {}) });
  const component = { name: 'web', type: 'webservice', properties: { image: 'web:1', port: 8080 } };
  return expose.lower({ trait: { type: 'expose', properties }, component, document: { name: 'shop', kind: 'Application', namespace: 'default' } }, ctx).traits;
}

describe('expose trait lowering', () => {
  it('lowers to an ingress trait, expanding the hostnames shorthand to one "/" rule per host', () => {
    expect(lower({ hostnames: ['a.example.com', 'b.example.com'] }, INGRESS)).toEqual([
      {
        type: 'ingress',
        properties: { ingressClassName: 'nginx', rules: [{ host: 'a.example.com', paths: [{}] }, { host: 'b.example.com', paths: [{}] }] },
      },
    ]);
  });

  it('keeps authored rules over the shorthand and lets authored values win over the rendering', () => {
    const rules = [{ host: 'a.example.com', paths: [{ path: '/api' }] }];
    expect(lower({ rules, hostnames: ['b.example.com'], ingressClassName: 'internal' }, INGRESS)).toEqual([
      { type: 'ingress', properties: { ingressClassName: 'internal', rules } },
    ]);
  });

  it('adds managed TLS for the routed hosts under <component>-tls, with the issuer annotation and redirects', () => {
    const rendering = { ...INGRESS, certManagerClusterIssuer: 'letsencrypt', sslRedirect: true };
    expect(lower({ hostnames: ['a.example.com'], forceSslRedirect: false }, rendering)).toEqual([
      {
        type: 'ingress',
        properties: {
          ingressClassName: 'nginx',
          rules: [{ host: 'a.example.com', paths: [{}] }],
          tls: [{ hosts: ['a.example.com'], secretName: 'web-tls' }],
          platformAnnotations: {
            'cert-manager.io/cluster-issuer': 'letsencrypt',
            'nginx.ingress.kubernetes.io/ssl-redirect': 'true',
            'nginx.ingress.kubernetes.io/force-ssl-redirect': 'false',
          },
        },
      },
    ]);
    expect(lower({ hostnames: ['a.example.com'], secretName: 'shop-cert' }, rendering)![0].properties.tls).toEqual([{ hosts: ['a.example.com'], secretName: 'shop-cert' }]);
  });

  it('turns allowedGroups into the nginx external-auth annotations, apart from the authored ones', () => {
    const rendering = { ...INGRESS, authURL: 'https://auth.example.com/oauth2/auth', authSigninURL: 'https://auth.example.com/start', authResponseHeaders: 'X-Auth-Request-User' };
    const [lowered] = lower({ hostnames: ['a.example.com'], allowedGroups: ['admins', 'ops'], annotations: { team: 'shop' } }, rendering)!;
    expect(lowered.properties.annotations).toEqual({ team: 'shop' });
    expect(lowered.properties.platformAnnotations).toEqual({
      'nginx.ingress.kubernetes.io/auth-url': 'https://auth.example.com/oauth2/auth?allowed_groups=admins,ops',
      'nginx.ingress.kubernetes.io/auth-signin': 'https://auth.example.com/start',
      'nginx.ingress.kubernetes.io/auth-response-headers': 'X-Auth-Request-User',
    });
  });

  it('has the ingress trait refuse an authored annotation that contradicts a typed property', () => {
    const [lowered] = lower({ hostnames: ['a.example.com'], sslRedirect: true, annotations: { 'nginx.ingress.kubernetes.io/ssl-redirect': 'false' } }, INGRESS)!;
    const component = { name: 'web', type: 'service', objects: [webServiceObject('web', 8080)], answers: { servicePort: { port: 8080, name: 'http' } } };
    new HandlerTester({ plugins: SOURCE_BUILTINS }).runTrait(ingress, [
      {
        component,
        properties: lowered.properties,
        error: { message: 'annotations: "nginx.ingress.kubernetes.io/ssl-redirect" is set by the platform to "true"; the trait may not change it to "false"', path: ['annotations', 'nginx.ingress.kubernetes.io/ssl-redirect'] },
      },
    ]);
  });

  it('lowers to an httproute trait on the platform Gateway, with one catch-all rule for the shorthand', () => {
    expect(lower({ hostnames: ['a.example.com'] }, GATEWAY)).toEqual([
      { type: 'httproute', properties: { hostnames: ['a.example.com'], parentRefs: [{ name: 'prod-gateway', namespace: 'gateway-system' }], rules: [{}] } },
    ]);
    const rules = [{ matches: [{ path: { type: 'PathPrefix', value: '/api' } }] }];
    expect(lower({ rules }, { ...GATEWAY, gatewayNamespace: 'edge' })).toEqual([
      { type: 'httproute', properties: { rules, parentRefs: [{ name: 'prod-gateway', namespace: 'edge' }] } },
    ]);
  });

  it('produces an ingress trait the ingress handler renders', () => {
    const [lowered] = lower({ hostnames: ['a.example.com'] }, INGRESS)!;
    const component = { name: 'web', type: 'service', objects: [webServiceObject('web', 8080)], answers: { servicePort: { port: 8080, name: 'http' } } };
    const { objects } = new HandlerTester({ plugins: SOURCE_BUILTINS }).applyTrait(ingress, { component, properties: lowered.properties });
    expect(objects[0].spec).toEqual({
      ingressClassName: 'nginx',
      rules: [{ host: 'a.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 8080 } } } }] } }],
    });
  });

  it('refuses without a binding, with an incomplete binding, and with ingress-only keys on a Gateway', () => {
    const host = { hostnames: ['a.example.com'] };
    expect(refusal(() => lower(host)).message).toBe('capability "expose" not found in ClusterProfile: oam: capability key not found in ClusterProfile');
    expect(refusal(() => lower(host, { ingressClassName: 'nginx' })).message).toBe('expose rendering: controllerType is required');
    expect(refusal(() => lower(host, { controllerType: 'ingress' })).message).toBe('expose rendering: ingressClassName is required when controllerType is "ingress"');
    expect(refusal(() => lower(host, { controllerType: 'gateway' })).message).toBe('expose rendering: gatewayName is required when controllerType is "gateway"');
    expect(refusal(() => lower(host, { ...GATEWAY, certManagerClusterIssuer: 'x' })).message).toBe('expose rendering: certManagerClusterIssuer is only valid when controllerType is "ingress"');
    expect(refusal(() => lower({ ...host, sslRedirect: true }, GATEWAY))).toMatchObject({ message: 'sslRedirect is only valid when controllerType is "ingress"', path: ['sslRedirect'] });
  });

  it('refuses hosts outside the platform wildcard, a managed secret without an issuer, and auth the platform does not offer', () => {
    expect(refusal(() => lower({ hostnames: ['a.other.com'] }, { ...INGRESS, allowedHostnameWildcard: '*.example.com' })).message).toBe(
      'component "web": hostname "a.other.com" is not allowed by the platform wildcard "*.example.com"',
    );
    expect(refusal(() => lower({ hostnames: ['a.example.com'], secretName: 'x' }, INGRESS)).message).toBe('secretName requires platform-managed TLS (no cert-manager cluster-issuer capability)');
    expect(refusal(() => lower({ hostnames: ['a.example.com'], allowedGroups: ['ops'] }, INGRESS)).message).toBe('ext-auth is not offered on this platform (the expose capability has no authURL)');
    expect(refusal(() => lower({ hostnames: ['a.example.com'], allowedGroups: [] }, INGRESS)).message).toBe('allowedGroups must not be empty (ext-auth requires at least one group)');
    const issuer = { ...INGRESS, certManagerClusterIssuer: 'letsencrypt' };
    expect(refusal(() => lower({ hostnames: ['a.example.com'], annotations: { 'cert-manager.io/cluster-issuer': 'other' } }, issuer)).message).toMatch(/is platform-managed by the expose trait/);
  });
});

// The reference examples 03 and 04 (which the catalogue issue asks to build) write `tls` and
// Ingress-shaped rules on expose; the newest reference refuses `tls` there.
describe('expose: tls and Ingress-shaped rules', () => {
  const rules = [{ host: 'shop.example.com', paths: [{ path: '/', port: 8080 }] }];
  const tls = [{ secretName: 'shop-tls', hosts: ['shop.example.com'] }];

  it('keeps authored tls on the Ingress, in place of the platform-managed entry', () => {
    const [trait] = lower({ rules, tls }, { ...INGRESS, certManagerClusterIssuer: 'letsencrypt' })!;
    expect(trait.properties.tls).toEqual(tls);
  });

  it('turns Ingress-shaped rules into route hostnames and rules, and ignores tls with a warning on the Gateway path', () => {
    const ctx = createLoweringTestContext({ plugins: SOURCE_BUILTINS, capabilities: { expose: GATEWAY } });
    const component = { name: 'web', type: 'webservice', properties: { image: 'web:1', port: 8080 } };
    const [trait] = expose.lower({ trait: { type: 'expose', properties: { rules, tls } }, component, document: { name: 'shop', kind: 'Application', namespace: 'default' } }, ctx).traits!;
    expect(trait.properties).toMatchObject({
      hostnames: ['shop.example.com'],
      rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/' } }], backendRefs: [{ port: 8080 }] }],
    });
    expect(trait.properties.tls).toBeUndefined();
    expect(ctx.warnings).toEqual([expect.stringContaining('expose "tls" has no place on an HTTPRoute')]);
  });
});
