import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

// A generated source is the application bundle's own application, in no group: `kurel build`
// writes it before every group, and the groups are formed from the other components alone.

const repo = fileURLToPath(new URL('../../', import.meta.url));

let dir: string;

beforeAll(() => {
  if (!existsSync(join(repo, 'dist/src/commands/build.js'))) throw new Error('dist/ is missing: run `npm run build` before the CLI tests');
  dir = mkdtempSync(join(tmpdir(), 'kurel-source-bundle-'));
  writeFileSync(join(dir, 'package.json'), '{"name": "source-bundle-test", "private": true}\n');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function kurel(args: string[], spec: string): string {
  writeFileSync(join(dir, 'app.yaml'), `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata:\n  name: shop\nspec:\n${spec}`);
  const result = spawnSync(process.execPath, [join(repo, 'bin/kurel'), ...args, 'app.yaml'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  if (result.error) throw result.error;
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

/** `Kind/name` of each document `kurel build` writes, in order. */
const objects = (spec: string) => parseAllDocuments(kurel(['build'], spec)).map((doc) => {
  const object = doc.toJS() as { kind: string; metadata: { name: string } };
  return `${object.kind}/${object.metadata.name}`;
});

/** The bundle tree `kurel explain --json` reports. */
const bundle = (spec: string) => (JSON.parse(kurel(['explain', '--json'], spec)) as { bundle: unknown }).bundle;

const SOURCE = /^shop-source-[0-9a-f]{10}$/;

// A component of no source, authored first: before, it shared the first group with the source and was written ahead of it.
const settings = `    - name: settings\n      type: configmap\n      properties: {data: {a: b}}\n`;
const helm = `${settings}    - name: cache
      type: helm
      properties: {chart: redis, source: {url: "https://charts.bitnami.com/bitnami"}}
    - name: db
      type: helm
      properties: {chart: postgresql, source: {url: "https://charts.bitnami.com/bitnami"}}
`;
const dependency = `  policies:\n    - name: order\n      type: dependency\n      properties: {rules: [{component: db, dependsOn: [cache]}]}\n`;
const oci = `${settings}    - name: base
      type: oci
      properties: {source: {url: "oci://registry.example.com/platform"}, version: "1.0.0"}
    - name: addons
      type: oci
      properties: {source: {url: "oci://registry.example.com/platform"}, version: "1.0.0"}
`;

describe('a generated source in the application bundle', () => {
  it('two helm components sharing one source: the source first, then one group of every other component', () => {
    const spec = `  components:\n${helm}`;
    expect(objects(spec)).toEqual([expect.stringMatching(/^HelmRepository\/shop-source-[0-9a-f]{10}$/), 'ConfigMap/settings', 'HelmRelease/cache', 'HelmRelease/db']);
    expect(bundle(spec)).toEqual({ name: 'shop', applications: [expect.stringMatching(SOURCE)], groups: [{ name: 'shop-00', components: ['settings', 'cache', 'db'] }] });
  });

  it('with a dependency between the two: the source first, then the groups the dependency alone forms', () => {
    const spec = `  components:\n${helm}${dependency}`;
    expect(objects(spec)).toEqual([expect.stringMatching(/^HelmRepository\/shop-source-[0-9a-f]{10}$/), 'ConfigMap/settings', 'HelmRelease/cache', 'HelmRelease/db']);
    expect(bundle(spec)).toEqual({
      name: 'shop',
      applications: [expect.stringMatching(SOURCE)],
      groups: [
        { name: 'shop-00', components: ['settings', 'cache'] },
        { name: 'shop-01', components: ['db'] },
      ],
    });
  });

  it('oci components sharing one source: the OCIRepository first, the Kustomizations in one group', () => {
    const spec = `  components:\n${oci}`;
    expect(objects(spec)).toEqual([expect.stringMatching(/^OCIRepository\/shop-source-[0-9a-f]{10}$/), 'ConfigMap/settings', 'Kustomization/base', 'Kustomization/addons']);
    expect(bundle(spec)).toEqual({ name: 'shop', applications: [expect.stringMatching(SOURCE)], groups: [{ name: 'shop-00', components: ['settings', 'base', 'addons'] }] });
  });

  it('a document with nothing to order is flat: the bundle holds every component and has no group', () => {
    expect(bundle(`  components:\n${settings}`)).toEqual({ name: 'shop', applications: ['settings'], groups: [] });
  });

  it('kurel explain shows the source before every group, then the groups', () => {
    const text = kurel(['explain'], `  components:\n${helm}${dependency}`);
    const order = text.slice(text.indexOf('  order\n')).split('\n').slice(1, 4);
    expect(order).toEqual([expect.stringMatching(/^    shop \(before every group\): shop-source-[0-9a-f]{10} \(from component "cache"\)$/), '    shop-00: settings, cache', '    shop-01: db']);
  });
});
