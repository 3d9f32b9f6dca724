import { describe, expect, it } from 'vitest';
import { builtinTester } from '../../support/engine.js';
import { deploymentComponent, meta } from './fixtures.js';

const tester = builtinTester('traits');
/** A Service component: it answers its traits the service port 8080, named http. */
const web = { name: 'shop', type: 'service', properties: { selector: { app: 'shop' }, ports: [{ name: 'http', port: 8080 }] } };
const portless = deploymentComponent('shop');
const refused = (message: string) => `component "shop" trait "ingress": ${message}`;

function ingressObject(spec: Record<string, unknown>, name = 'shop-ingress', extra: Record<string, unknown> = {}) {
  return { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { ...meta(name, 'shop'), ...extra }, spec };
}

const toService = (name: string, port: Record<string, unknown>, path = '/', pathType = 'Prefix') => ({ path, pathType, backend: { service: { name, port } } });

describe('ingress trait', () => {
  it("routes each path to the component's Service port, Prefix by default, and an explicit backend to its own port", async () => {
    await tester.runTrait('ingress', [
      {
        component: web,
        properties: {
          ingressClassName: 'nginx',
          rules: [{ host: 'shop.example.com', paths: [{ path: '/' }, { path: '/admin', backend: 'deny-backend', port: 9090 }, { path: '/exact', pathType: 'Exact', portName: 'http' }] }],
          tls: [{ hosts: ['shop.example.com'], secretName: 'shop-tls' }],
          annotations: { 'nginx.ingress.kubernetes.io/proxy-body-size': '8m' },
        },
        names: ['Service/shop', 'Ingress/shop-ingress'],
        contains: [
          ingressObject(
            {
              ingressClassName: 'nginx',
              rules: [
                {
                  host: 'shop.example.com',
                  http: {
                    paths: [
                      toService('shop', { number: 8080 }),
                      toService('deny-backend', { number: 9090 }, '/admin'),
                      toService('shop', { name: 'http' }, '/exact', 'Exact'),
                    ],
                  },
                },
              ],
              tls: [{ hosts: ['shop.example.com'], secretName: 'shop-tls' }],
            },
            'shop-ingress',
            { annotations: { 'nginx.ingress.kubernetes.io/proxy-body-size': '8m' } },
          ),
        ],
      },
    ]);
  });

  it('names the Ingress by name, or suffixes the scope', async () => {
    const rules = [{ host: 'a.example.com', paths: [{}] }];
    const spec = { rules: [{ host: 'a.example.com', http: { paths: [toService('shop', { number: 8080 })] } }] };
    await tester.runTrait('ingress', [
      { component: web, properties: { rules, name: 'storefront' }, contains: [ingressObject(spec, 'storefront')] },
      { component: web, properties: { rules, scope: 'internal' }, contains: [ingressObject(spec, 'shop-ingress-internal')] },
    ]);
  });

  it('routes a portless component through the trait servicePort and serviceName', async () => {
    await tester.runTrait('ingress', [
      {
        component: portless,
        properties: { servicePort: 3000, serviceName: 'shop-chart', rules: [{ host: 'a.example.com', paths: [{ path: '/' }] }] },
        contains: [ingressObject({ rules: [{ host: 'a.example.com', http: { paths: [toService('shop-chart', { number: 3000 })] } }] })],
      },
    ]);
  });

  it('merges the platform annotations and holds hosts to the platform wildcard', async () => {
    const platform = builtinTester('traits', { capabilities: { ingress: { platformAnnotations: { 'platform.example/zone': 'eu' }, allowedHostnameWildcard: '*.apps.example.com' } } });
    await platform.runTrait('ingress', [
      {
        component: web,
        properties: { rules: [{ host: 'shop.apps.example.com', paths: [{}] }] },
        contains: [
          ingressObject({ rules: [{ host: 'shop.apps.example.com', http: { paths: [toService('shop', { number: 8080 })] } }] }, 'shop-ingress', {
            annotations: { 'platform.example/zone': 'eu' },
          }),
        ],
      },
      {
        title: 'wildcard',
        component: web,
        properties: { rules: [{ host: 'shop.example.com', paths: [{}] }] },
        error: { code: 'KUREL_HANDLER_REFUSED', message: refused('component "shop": hostname "shop.example.com" is not allowed by the platform wildcard "*.apps.example.com"') },
      },
      {
        title: 'contradiction',
        component: web,
        properties: { annotations: { 'platform.example/zone': 'us' }, rules: [{ host: 'shop.apps.example.com', paths: [{}] }] },
        error: { message: /set by the platform to "eu"/, property: ['annotations', 'platform.example/zone'] },
      },
    ]);
  });

  it('refuses an implicit backend on another port or port name than the component exposes', async () => {
    const rules = (path: Record<string, unknown>) => [{ host: 'a.example.com', paths: [path] }];
    await tester.runTrait('ingress', [
      {
        title: 'port',
        component: web,
        properties: { rules: rules({ port: 9090 }) },
        error: { message: /^component "shop" trait "ingress": rules\[0\]\.paths\[0\]: cannot route implicit backend to port 9090 — component service exposes port 8080/, property: ['rules', 0, 'paths', 0] },
      },
      {
        title: 'self-named backend',
        component: web,
        properties: { rules: rules({ backend: 'shop', port: 9090 }) },
        error: { message: /cannot route implicit backend to port 9090/ },
      },
      {
        title: 'port name',
        component: web,
        properties: { rules: rules({ portName: 'metrics' }) },
        error: { message: /^component "shop" trait "ingress": rules\[0\]\.paths\[0\]: cannot route implicit backend to port "metrics"/ },
      },
      {
        title: 'no service port',
        component: portless,
        properties: { rules: rules({}) },
        error: { message: /^component "shop" trait "ingress": rules\[0\]\.paths\[0\]: component "shop" has no service port/ },
      },
      {
        title: 'external without port',
        component: web,
        properties: { rules: rules({ backend: 'other' }) },
        error: { message: /cannot determine backend port/ },
      },
    ]);
  });

  it('refuses servicePort and serviceName where they do not apply, and a bad selector or rule list', async () => {
    const rules = [{ host: 'a.example.com', paths: [{}] }];
    await tester.runTrait('ingress', [
      { title: 'servicePort on a port', component: web, properties: { servicePort: 80, rules }, error: { message: /^component "shop" trait "ingress": servicePort may not be set on a component that already exposes service port 8080/ } },
      { title: 'serviceName alone', component: portless, properties: { serviceName: 'x', rules }, error: { message: refused('serviceName requires a valid servicePort to also be set on the trait') } },
      { title: 'servicePort range', component: portless, properties: { servicePort: 70000, rules }, error: { message: refused('servicePort must be a valid port number (1–65535)') } },
      { title: 'empty rules', component: web, properties: { rules: [] }, error: { message: refused("required property 'rules' missing or empty") } },
      { title: 'empty paths', component: web, properties: { rules: [{ host: 'a.example.com', paths: [] }] }, error: { message: refused("rules[0]: required field 'paths' missing or empty") } },
      {
        title: 'selector on own backend',
        component: web,
        properties: { rules: [{ host: 'a.example.com', paths: [{ backendSelector: { matchLabels: { app: 'x' } } }] }] },
        error: { message: refused("rules[0].paths[0]: backendSelector is only valid with an explicit external 'backend'") },
      },
      { title: 'path type', component: web, properties: { rules: [{ host: 'a.example.com', paths: [{ pathType: 'Regex' }] }] }, error: { message: /must be one of/ } },
      { title: 'bad name', component: web, properties: { rules, name: 'Bad_Name' }, error: { message: /^component "shop" trait "ingress": name "Bad_Name" cannot be the name for role "ingress": not a valid DNS-1123 subdomain: / } },
    ]);
  });

  it("routes a webservice through its Service member, on the port the webservice exposes, and refuses a worker's", async () => {
    const trait = { type: 'ingress', properties: { rules: [{ host: 'shop.example.com', paths: [{ path: '/' }] }] } };
    const { objects } = await tester.build([{ name: 'shop', type: 'webservice', properties: { image: 'ghcr.io/example/shop:v1', port: 8080 }, traits: [trait] }]);
    expect(objects.map((object) => object.kind)).toEqual(['Deployment', 'Service', 'ServiceAccount', 'Ingress']);
    expect(objects[3].spec).toEqual({ rules: [{ host: 'shop.example.com', http: { paths: [toService('shop', { number: 8080 })] } }] });
    await tester.runTrait('ingress', [
      { component: { name: 'shop', type: 'worker', properties: { image: 'ghcr.io/example/shop:v1' } }, properties: trait.properties, error: { code: 'KUREL_HANDLER_REFUSED', message: /component "shop" has no service port/ } },
    ]);
  });
});
