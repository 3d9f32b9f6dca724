import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

// A role rule's generated Flux source, in real `kurel build` output: emitted once for the
// components of one document that read it, and placed before each of them (OrderAfter).

const repo = fileURLToPath(new URL('../../', import.meta.url));

let dir: string;

beforeAll(() => {
  if (!existsSync(join(repo, 'dist/src/commands/build.js'))) throw new Error('dist/ is missing: run `npm run build` before the CLI tests');
  dir = mkdtempSync(join(tmpdir(), 'kurel-sources-'));
  writeFileSync(join(dir, 'package.json'), '{"name": "sources-test", "private": true}\n');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function build(components: string): string[] {
  writeFileSync(join(dir, 'app.yaml'), `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata:\n  name: shop\nspec:\n  components:\n${components}`);
  const result = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'build', 'app.yaml'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  if (result.error) throw result.error;
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return parseAllDocuments(result.stdout).map((doc) => {
    const object = doc.toJS() as { kind: string; metadata: { name: string } };
    return `${object.kind}/${object.metadata.name}`;
  });
}

describe('kurel build: generated sources', () => {
  it('emits one HelmRepository for two helm components on one repository, before both releases', () => {
    const objects = build(`    - name: cache
      type: helm
      properties: {chart: redis, source: {url: "https://charts.bitnami.com/bitnami"}}
    - name: db
      type: helm
      properties: {chart: postgresql, source: {url: "https://charts.bitnami.com/bitnami"}}
`);
    const sources = objects.filter((object) => object.startsWith('HelmRepository/'));
    expect(sources).toEqual([expect.stringMatching(/^HelmRepository\/shop-source-[0-9a-f]{10}$/)]);
    expect(objects.indexOf(sources[0])).toBeLessThan(objects.indexOf('HelmRelease/cache'));
    expect(objects.indexOf(sources[0])).toBeLessThan(objects.indexOf('HelmRelease/db'));
  });

  it('emits one OCIRepository for two oci components on one artifact, before both Kustomizations', () => {
    const objects = build(`    - name: base
      type: oci
      properties: {source: {url: "oci://registry.example.com/platform"}, version: "1.0.0"}
    - name: addons
      type: oci
      properties: {source: {url: "oci://registry.example.com/platform"}, version: "1.0.0"}
`);
    const sources = objects.filter((object) => object.startsWith('OCIRepository/'));
    expect(sources).toEqual([expect.stringMatching(/^OCIRepository\/shop-source-[0-9a-f]{10}$/)]);
    expect(objects.indexOf(sources[0])).toBeLessThan(objects.indexOf('Kustomization/base'));
    expect(objects.indexOf(sources[0])).toBeLessThan(objects.indexOf('Kustomization/addons'));
  });
});
