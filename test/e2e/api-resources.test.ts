import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kurelIn, repo, scratchFolder } from './support.js';

// The acceptance path a user takes: record kubectl output once, import it into the platform's
// ClusterProfile, and build against what that cluster serves.

const scratch = scratchFolder('kurel-api-resources-');
const fixture = (path: string) => join(repo, 'test/fixtures/kubectl', path);

const BASE_PROFILE = `apiVersion: launcher.gokure.dev/v1alpha1
kind: ClusterProfile
metadata:
  name: kind
spec:
  capabilities:
    expose:
      rendering: {controllerType: gateway, gatewayName: public}
`;

const APP = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata:
  name: shop
  namespace: shop
spec:
  components:
  - name: web
    type: webservice
    properties:
      image: ghcr.io/example/web:1.4.2
      port: 8080
    traits:
    - type: expose
      properties:
        hostnames: [shop.example.com]
  - name: web-scaler
    type: object
    properties:
      kind: HorizontalPodAutoscaler
      spec:
        minReplicas: 2
        maxReplicas: 5
        scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
`;

function importProfile(cluster: string, out: string) {
  writeFileSync(join(scratch.dir, 'base.yaml'), BASE_PROFILE);
  const args = ['profile', 'import', '--api-resources', fixture(`${cluster}/api-resources.txt`), '--api-versions', fixture(`${cluster}/api-versions.txt`), '--kube-version', 'v1.35.0', '--profile', 'base.yaml'];
  const result = kurelIn(scratch.dir, args);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  writeFileSync(join(scratch.dir, out), result.stdout);
  return result.stdout;
}

describe('kurel profile import and builds against what the cluster serves', () => {
  it('imports recorded kubectl output into the profile, keeping its capabilities', () => {
    const text = importProfile('kind-v1.35', 'kind.yaml');
    expect(text).toContain('kubeVersion: v1.35.0');
    expect(text).toContain('controllerType: gateway');
    expect(text).toMatch(/- group: autoscaling\n {4}kinds:\n {4}- kind: HorizontalPodAutoscaler\n {6}scope: Namespaced\n {4}preferredVersion: v2\n {4}versions:\n {4}- v2\n {4}- v1\n/);
  });

  it('reads api-resources from stdin', () => {
    const result = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'profile', 'import', '--api-resources', '-', '--name', 'piped'], {
      cwd: scratch.dir,
      encoding: 'utf8',
      input: readFileSync(fixture('kind-v1.35/api-resources.txt'), 'utf8'),
      timeout: 60_000,
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('name: piped');
    expect(result.stdout).toContain('- kind: HorizontalPodAutoscaler');
  });

  it('refuses an HTTPRoute on the cluster without Gateway API, at the trait that makes it', () => {
    importProfile('kind-v1.35', 'kind.yaml');
    writeFileSync(join(scratch.dir, 'app.yaml'), APP);
    const result = kurelIn(scratch.dir, ['build', 'app.yaml', '--profile', 'kind.yaml']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'Error: app.yaml:14:7 spec.components[0].traits[0]: component "web" trait "httproute": gateway.networking.k8s.io/v1 HTTPRoute "web-httproute" is not served by the cluster of ClusterProfile "kind": it serves no group gateway.networking.k8s.io; mark the component optional: true',
    );
  });

  it('builds the HTTPRoute once Gateway API is installed, and negotiates autoscaling/v2 for the HorizontalPodAutoscaler', () => {
    importProfile('kind-v1.35-gateway-api', 'gateway.yaml');
    writeFileSync(join(scratch.dir, 'app.yaml'), APP);
    const result = kurelIn(scratch.dir, ['build', 'app.yaml', '--profile', 'gateway.yaml']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\n');
    expect(result.stdout).toContain('apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\n');
  });

  it('leaves an optional component out with a warning', () => {
    importProfile('kind-v1.35', 'kind.yaml');
    writeFileSync(join(scratch.dir, 'app.yaml'), APP.replace('      port: 8080\n', '      port: 8080\n      optional: true\n'));
    const result = kurelIn(scratch.dir, ['build', 'app.yaml', '--profile', 'kind.yaml']);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('warning: app.yaml:8:5 spec.components[0]: component "web" is optional and left out: gateway.networking.k8s.io/v1 HTTPRoute "web-httproute" is not served');
    expect(result.stdout).not.toContain('launcher.gokure.dev/component: web\n');
    expect(result.stdout).toContain('kind: HorizontalPodAutoscaler');
  });

  // Seed 004, Tier-1 dispatch order: CRD-backed rows carry a gate, featureEnabled AND
  // kindAvailable, checked before the generator runs: "This is what lets those objects skip
  // cleanly when the CRD is absent instead of rendering a manifest the cluster would reject".
  it('gates a component whose type declares its object before its handler runs', () => {
    importProfile('kind-v1.35', 'kind.yaml');
    const database = (optional: string) => `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
  - name: settings
    type: configmap
    properties: {data: {mode: fast}}
  - name: app-db
    type: cnpg-database
    properties:
${optional}      name: postgres
      owner: app
      cluster: {name: pg}
`;
    writeFileSync(join(scratch.dir, 'gated.yaml'), database('      optional: true\n'));
    const skipped = kurelIn(scratch.dir, ['build', 'gated.yaml', '--profile', 'kind.yaml']);
    expect(skipped.stderr).toBe(
      'warning: gated.yaml:9:5 spec.components[1]: component "app-db" is optional and left out: postgresql.cnpg.io/v1 Database "app-db" is not served by the cluster of ClusterProfile "kind": it serves no group postgresql.cnpg.io\n',
    );
    expect(skipped.status).toBe(0);
    expect(skipped.stdout).toContain('kind: ConfigMap');
    expect(skipped.stdout).not.toContain('Database');
    writeFileSync(join(scratch.dir, 'gated.yaml'), database(''));
    const refused = kurelIn(scratch.dir, ['build', 'gated.yaml', '--profile', 'kind.yaml']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      'Error: gated.yaml:9:5 spec.components[1]: component "app-db": postgresql.cnpg.io/v1 Database "app-db" is not served by the cluster of ClusterProfile "kind": it serves no group postgresql.cnpg.io; mark the component optional: true',
    );
    // The handler's own refusal of the name never comes: the component was gated before it ran.
    expect(refused.stderr).not.toContain('"postgres" is refused');
  });

  it('refuses a malformed recording at file:line:col', () => {
    writeFileSync(join(scratch.dir, 'bad.txt'), 'NAME   SHORTNAMES   APIVERSION   NAMESPACED   KIND\npods po v1 true Pod\n');
    const result = kurelIn(scratch.dir, ['profile', 'import', '--api-resources', 'bad.txt']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Error: bad\.txt:2:\d+: "" is not an apiVersion; the columns must line up with the heading\n$/);
  });
});
