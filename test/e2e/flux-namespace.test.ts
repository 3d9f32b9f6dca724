import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

// Flux kinds move to the Flux namespace the plugin config sets; every other object stays.

const repo = fileURLToPath(new URL('../../', import.meta.url));
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kurel-flux-ns-'));
  writeFileSync(
    join(dir, 'app.yaml'),
    `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
    - name: charts
      type: helmrepository
      properties: {url: https://charts.example.com, interval: 10m}
    - name: settings
      type: configmap
      properties: {data: {a: b}}
`,
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function build(config: object) {
  writeFileSync(join(dir, '.kurelrc.json'), JSON.stringify(config));
  return spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'build', 'app.yaml'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
}

describe('the Flux namespace', () => {
  it('moves Flux kinds there and leaves other objects in the document namespace', () => {
    const result = build({ fluxNamespace: 'flux-system' });
    expect(result.status, result.stderr).toBe(0);
    const placed = parseAllDocuments(result.stdout).map((document) => document.toJS()).map((object) => [object.kind, object.metadata.namespace]);
    expect(placed).toEqual([
      ['HelmRepository', 'flux-system'],
      ['ConfigMap', 'shop'],
    ]);
  });

  it('keeps Flux kinds in the document namespace when none is set', () => {
    const result = build({});
    expect(parseAllDocuments(result.stdout).map((document) => document.toJS().metadata.namespace)).toEqual(['shop', 'shop']);
  });

  it('refuses a Flux namespace that is not a DNS-1123 label', () => {
    const result = build({ fluxNamespace: 'flux.system' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('fluxNamespace: namespace "flux.system" is not a valid DNS-1123 label');
  });
});
