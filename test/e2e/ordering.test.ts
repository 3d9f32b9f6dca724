import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Ordering declarations that cannot be satisfied fail the build (inventory §4 and §9.7); the
// order itself is covered by the dependency-order and tier-order golden cases.

const repo = fileURLToPath(new URL('../../', import.meta.url));

let dir: string;

beforeAll(() => {
  if (!existsSync(join(repo, 'dist/src/commands/build.js'))) throw new Error('dist/ is missing: run `npm run build` before the CLI tests');
  dir = mkdtempSync(join(tmpdir(), 'kurel-order-'));
  writeFileSync(join(dir, 'package.json'), '{"name": "order-test", "private": true}\n');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function build(policies: string) {
  const app = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata:
  name: shop
spec:
  components:
    - name: web
      type: configmap
      properties: {data: {role: frontend}}
    - name: db
      type: configmap
      properties: {data: {role: database}}
  policies:
${policies}`;
  writeFileSync(join(dir, 'app.yaml'), app);
  const result = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'build', 'app.yaml'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  if (result.error) throw result.error;
  return result;
}

describe('kurel build: ordering conflicts', () => {
  it('refuses a dependency cycle, starting from the alphabetically first component with dependencies', () => {
    const result = build(`    - name: order
      type: dependency
      properties:
        rules:
          - component: web
            dependsOn: [db]
          - component: db
            dependsOn: [web]
`);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('circular dependency detected: db -> web -> db');
  });

  it('combines every dependency policy before looking for a cycle', () => {
    const result = build(`    - name: first
      type: dependency
      properties:
        rules: [{component: web, dependsOn: [db]}]
    - name: second
      type: dependency
      properties:
        rules: [{component: db, dependsOn: [web]}]
`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('circular dependency detected: db -> web -> db');
  });

  it('refuses tiers and dependencies that contradict each other, naming each declaration', () => {
    const result = build(`    - name: web-in-apps
      type: placement
      properties: {component: web, tier: apps}
    - name: db-in-infra
      type: placement
      properties: {component: db, tier: infra}
    - name: order
      type: dependency
      properties:
        rules: [{component: db, dependsOn: [web]}]
`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'components cannot be ordered: "web" is after "db" (placement: tier apps is after tier infra), "db" is after "web" (dependency policy)',
    );
  });
});
