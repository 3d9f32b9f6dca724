import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkTreeWithKustomize } from '../golden-flux/kustomize-check.js';
import { serveRepository, testHelm } from './chart-fixtures.js';
import { kurel } from './run-kurel.js';

// A chart rendered at build time in the Flux tree: examples/helm-template's chart has three hook
// groups (a pre-install migration, the release, a post-install check). Under per-layout they become
// Kustomizations chained by dependsOn; under separate they are refused, as kure refuses them.

const example = fileURLToPath(new URL('../../examples/helm-template', import.meta.url));
let dir = '';
let env: NodeJS.ProcessEnv = {};
let server: Awaited<ReturnType<typeof serveRepository>>;

beforeAll(async () => {
  const helm = testHelm();
  dir = mkdtempSync(join(tmpdir(), 'kurel-chart-layout-'));
  execFileSync(helm, ['package', join(example, 'chart'), '--destination', join(dir, 'repo')], { stdio: 'pipe' });
  execFileSync(helm, ['repo', 'index', join(dir, 'repo')], { stdio: 'pipe' });
  server = await serveRepository(dir);
  env = { KUREL_HELM: helm, KUREL_CACHE_DIR: join(dir, 'cache') };
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const inputs = () => ['.', '--set', `chartRepository=${server.url}`];

describe('a chart with hook groups in the Flux tree', () => {
  it('chains the hook groups under per-layout, each applied once as Flux reads the tree', async () => {
    const out = join(dir, 'per-layout');
    const layout = ['--layout', 'flux', '--placement', 'per-layout'];
    const built = await kurel(example, ['build', ...inputs(), '-o', out, ...layout], env);
    expect(built.status, built.stderr).toBe(0);
    const component = join(out, 'cluster/shop/status');
    expect(readFileSync(join(out, 'cluster/shop/kustomization.yaml'), 'utf8')).toContain('  - flux-system-kustomization-shop-status.yaml\n');
    expect(readFileSync(join(component, 'kustomization.yaml'), 'utf8')).toBe(
      'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n' +
        '  - flux-system-kustomization-shop-shop-status-00-pre-install.yaml\n' +
        '  - flux-system-kustomization-shop-shop-status-01-main.yaml\n' +
        '  - flux-system-kustomization-shop-shop-status-02-post-install.yaml\n',
    );
    const spec = (name: string) => parse(readFileSync(join(component, `flux-system-kustomization-${name}.yaml`), 'utf8')).spec;
    expect(spec('shop-shop-status-00-pre-install').dependsOn).toBeUndefined();
    expect(spec('shop-shop-status-01-main').dependsOn).toEqual([{ name: 'shop-shop-status-00-pre-install' }]);
    expect(spec('shop-shop-status-02-post-install')).toMatchObject({ dependsOn: [{ name: 'shop-shop-status-01-main' }], path: 'cluster/shop/status/shop-status-02-post-install' });
    expect(existsSync(join(component, 'shop-status-00-pre-install/shop-job-status-migrate.yaml'))).toBe(true);
    expect(existsSync(join(component, 'shop-status-02-post-install/shop-configmap-status-smoke.yaml'))).toBe(true);
    // What the chart holds is the registry's, in no file of the package: its build is not kept in the build cache.
    expect(existsSync(join(dir, 'cache/charts')), 'the chart cache is beside the build cache').toBe(true);
    expect(existsSync(join(dir, 'cache/builds'))).toBe(false);

    const stdout = await kurel(example, ['build', ...inputs(), '--offline'], env);
    const plan = JSON.parse((await kurel(example, ['explain', ...inputs(), '--offline', ...layout, '--json'], env)).stdout);
    checkTreeWithKustomize(out, plan, stdout.stdout);
  });

  it('refuses the hook groups under separate, with the reason', async () => {
    const out = join(dir, 'separate');
    const refused = await kurel(example, ['build', ...inputs(), '--offline', '-o', out, '--layout', 'flux'], env);
    expect(refused.stderr).toContain(
      'Error: layout "cluster/shop/status": component "status" renders 3 hook groups, which are applied in order by Kustomizations chained with dependsOn; only --placement per-layout writes a Kustomization per layout\n',
    );
    expect(refused.status).toBe(1);
    expect(existsSync(out)).toBe(false);
  });
});
