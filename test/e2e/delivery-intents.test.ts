import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The delivery intents through the CLI: they change no output, and force-replace warns about the
// claims it covers, its trait sub-applications' included, whatever order the traits are written in.

const repo = fileURLToPath(new URL('../../', import.meta.url));
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kurel-intents-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function build(traits: string) {
  writeFileSync(
    join(dir, 'app.yaml'),
    `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
    - name: db
      type: webservice
      properties: {image: ghcr.io/acme/db:v1, port: 5432}
      traits:
${traits}`,
  );
  return spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'build', 'app.yaml'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
}

const PVC = '        - type: pvc\n          properties: {name: data, size: 1Gi}\n';

describe('delivery intents', () => {
  it('warns about a claim a trait written before force-replace generates, and changes no output', () => {
    const plain = build(PVC);
    const forced = build(`${PVC}        - type: force-replace\n        - type: prune-protection\n`);
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stdout).toBe(plain.stdout);
    expect(plain.stderr).toBe('');
    expect(forced.stderr).toBe(
      "warning: PersistentVolumeClaim shop/data (sub-application \"data\" of component \"db\") is covered by the force-replace delivery intent of its application: where the delivery workflow maps that intent (kure's Flux layout integration writes kustomize.toolkit.fluxcd.io/force: enabled), an update that changes an immutable field deletes and recreates it instead of failing the apply, which can lose its data\n",
    );
  });

  it('gives prune-protection alone no warning', () => {
    const result = build(`        - type: prune-protection\n${PVC}`);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
  });
});
