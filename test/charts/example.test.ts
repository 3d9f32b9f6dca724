import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { serveRepository, testHelm } from './chart-fixtures.js';
import { kurel } from './run-kurel.js';

// examples/helm-template, as its README runs it: the chart packaged, served on 127.0.0.1, built.

const example = fileURLToPath(new URL('../../examples/helm-template', import.meta.url));
let helm = '';
let dir = '';
let server: Awaited<ReturnType<typeof serveRepository>>;

beforeAll(async () => {
  helm = testHelm();
  dir = mkdtempSync(join(tmpdir(), 'kurel-example-chart-'));
  execFileSync(helm, ['package', join(example, 'chart'), '--destination', join(dir, 'repo')], { stdio: 'pipe' });
  execFileSync(helm, ['repo', 'index', join(dir, 'repo')], { stdio: 'pipe' });
  server = await serveRepository(dir);
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('builds the helm-template example: hook groups in order, test hook and crds/ left out, values and secret values applied', async () => {
  const env = { KUREL_HELM: helm, KUREL_CACHE_DIR: join(dir, 'cache') };
  const result = await kurel(example, ['build', '.', '--set', `chartRepository=${server.url}`], env);
  expect(result.status, result.stderr).toBe(0);
  const objects = parseAllDocuments(result.stdout).map((document) => document.toJS());
  expect(objects.map((object) => `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`)).toEqual([
    'Job/shop/status-migrate',
    'Secret/shop/status-database',
    // deployment.yaml's own order, as the reference renders it
    'Deployment/shop/status',
    'Service/shop/status',
    'ConfigMap/shop/status-smoke',
  ]);
  expect(objects[2].spec.replicas).toBe(2);
  expect(objects[1].stringData.password).toBe('change-me');
  const explained = await kurel(example, ['explain', '.', '--set', `chartRepository=${server.url}`, '--offline'], env);
  expect(explained.stdout).toContain('template status-page/templates/migrate.yaml, hook group shop-status-00-pre-install');
  expect(explained.stdout).toContain('template status-page/templates/smoke.yaml, hook group shop-status-02-post-install');
});
