import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

// NetworkPolicy synthesis through the CLI: a routing trait whose capability rendering (from the
// ClusterProfile given with --profile) names traffic sources gets its component an inbound policy.

const repo = fileURLToPath(new URL('../../', import.meta.url));
let dir: string;

const PROFILE = `apiVersion: launcher.gokure.dev/v1alpha1
kind: ClusterProfile
metadata: {name: prod}
spec:
  capabilities:
    ingress:
      rendering:
        networkPolicy:
          trafficSources:
            - namespace: ingress-nginx
              podSelector:
                matchLabels: {app.kubernetes.io/name: ingress-nginx}
            - namespace: monitoring
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kurel-netpol-'));
  writeFileSync(join(dir, 'cluster.yaml'), PROFILE);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function build(components: string, config: object = {}) {
  writeFileSync(join(dir, 'app.yaml'), `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop, namespace: shop}\nspec:\n  components:\n${components}`);
  writeFileSync(join(dir, '.kurelrc.json'), JSON.stringify(config));
  return spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'build', 'app.yaml', '--profile', 'cluster.yaml'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
}

const objects = (stdout: string) => parseAllDocuments(stdout).map((document) => document.toJS());
const policies = (stdout: string) => objects(stdout).filter((object) => object.kind === 'NetworkPolicy');

const WEB = `    - name: web
      type: webservice
      properties: {image: ghcr.io/acme/web:v1, port: 8080}
      traits:
        - type: ingress
          properties:
            rules: [{host: shop.example.com, paths: [{path: /}]}]
`;

describe('the inbound NetworkPolicy', () => {
  it("admits the rendering's traffic sources to the component's pods on the routed port", () => {
    const result = build(WEB);
    expect(result.status, result.stderr).toBe(0);
    const all = objects(result.stdout);
    expect(all[all.length - 1].kind).toBe('NetworkPolicy');
    const [policy] = policies(result.stdout);
    expect(policy.apiVersion).toBe('networking.k8s.io/v1');
    expect(policy.metadata).toEqual({ name: 'web-allow-ingress-traffic', namespace: 'shop', labels: { 'launcher.gokure.dev/component': 'web' } });
    expect(policy.spec.podSelector).toEqual({ matchLabels: { 'launcher.gokure.dev/component': 'web' } });
    expect(policy.spec.policyTypes).toEqual(['Ingress']);
    expect(policy.spec.ingress).toEqual([
      {
        from: [
          { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } }, podSelector: { matchLabels: { 'app.kubernetes.io/name': 'ingress-nginx' } } },
          { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
        ],
        ports: [{ protocol: 'TCP', port: 8080 }],
      },
    ]);
    expect(Object.keys(policy.spec).sort()).toEqual(['ingress', 'podSelector', 'policyTypes']);
    const deployment = all.find((object) => object.kind === 'Deployment');
    expect(deployment.spec.template.metadata.labels['launcher.gokure.dev/component']).toBe('web');
  });

  it('synthesizes nothing without the capability rendering', () => {
    writeFileSync(join(dir, 'empty.yaml'), 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata: {name: dev}\nspec:\n  capabilities: {}\n');
    writeFileSync(join(dir, 'app.yaml'), `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop, namespace: shop}\nspec:\n  components:\n${WEB}`);
    const result = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'build', 'app.yaml', '--profile', 'empty.yaml'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(result.status, result.stderr).toBe(0);
    expect(policies(result.stdout)).toEqual([]);
  });

  it("retargets a route to a sibling's Service onto that component's pods, and selects a service kind's pods on its targetPort", () => {
    const result = build(`    - name: gate
      type: webservice
      properties: {image: ghcr.io/acme/gate:v1, port: 8080}
      traits:
        - type: ingress
          properties:
            rules:
              - host: shop.example.com
                paths:
                  - {path: /api, backend: api, port: 9000}
                  - {path: /legacy, backend: legacy, port: 80}
                  - {path: /ext, backend: partner, port: 443, backendSelector: {matchLabels: {app: partner}}}
                  - {path: /other, backend: unlabelled, port: 80}
    - name: api
      type: webservice
      properties: {image: ghcr.io/acme/api:v1, port: 9000}
    - name: legacy
      type: service
      properties:
        selector: {app: old-shop}
        ports: [{port: 80, targetPort: 8081}]
`);
    expect(result.status, result.stderr).toBe(0);
    const found = policies(result.stdout);
    expect(found.map((policy) => policy.metadata.name)).toEqual(['api-allow-ingress-traffic', 'legacy-allow-ingress-traffic', 'partner-allow-ingress-traffic']);
    const [api, legacy, partner] = found;
    expect(api.spec.podSelector).toEqual({ matchLabels: { 'launcher.gokure.dev/component': 'api' } });
    expect(api.spec.ingress[0].ports).toEqual([{ protocol: 'TCP', port: 9000 }]);
    expect(legacy.spec.podSelector).toEqual({ matchLabels: { app: 'old-shop' } });
    expect(legacy.spec.ingress[0].ports).toEqual([{ protocol: 'TCP', port: 8081 }]);
    expect(legacy.metadata.labels).toEqual({ 'launcher.gokure.dev/component': 'legacy' });
    expect(partner.spec.podSelector).toEqual({ matchLabels: { app: 'partner' } });
    expect(partner.metadata.labels).toBeUndefined();
    expect(partner.spec.ingress[0].ports).toEqual([{ protocol: 'TCP', port: 443 }]);
  });
});

describe('egress and endpoint-ingress policies from the config', () => {
  it('writes them from egressPeers and ingressPeers', () => {
    const result = build(
      `    - name: web
      type: webservice
      properties: {image: ghcr.io/acme/web:v1, port: 8080}
`,
      {
        egressPeers: { web: [{ namespace: 'db', podSelector: { matchLabels: { 'cnpg.io/cluster': 'db' } }, ports: [{ port: 5432 }] }, { namespace: 'x' }] },
        ingressPeers: { web: [{ endpoint: { selector: { app: 'web' }, ports: [{ port: 8080 }] }, sources: [{ namespace: 'shop', podSelector: { matchLabels: { app: 'gate' } } }, { namespace: 'everyone' }] }] },
      },
    );
    expect(result.status, result.stderr).toBe(0);
    const [egress, endpoint] = policies(result.stdout);
    expect(egress.metadata.name).toBe('web-allow-egress-traffic');
    expect(egress.spec).toEqual({
      podSelector: { matchLabels: { 'launcher.gokure.dev/component': 'web' } },
      policyTypes: ['Egress'],
      egress: [{ to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'db' } }, podSelector: { matchLabels: { 'cnpg.io/cluster': 'db' } } }], ports: [{ protocol: 'TCP', port: 5432 }] }],
    });
    expect(endpoint.metadata).toEqual({ name: 'web-allow-endpoint-ingress', namespace: 'shop', labels: { 'launcher.gokure.dev/component': 'web' } });
    expect(endpoint.spec).toEqual({
      podSelector: { matchLabels: { app: 'web' } },
      policyTypes: ['Ingress'],
      ingress: [{ from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'shop' } }, podSelector: { matchLabels: { app: 'gate' } } }], ports: [{ protocol: 'TCP', port: 8080 }] }],
    });
  });
});
