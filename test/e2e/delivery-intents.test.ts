import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kurelIn, scratchFolder } from './support.js';

// The delivery intents through the CLI: they change no output, and force-replace warns about the
// claims it covers, its trait sub-applications' included, whatever order the traits are written in.

const scratch = scratchFolder('kurel-intents-');

function build(traits: string) {
  writeFileSync(
    join(scratch.dir, 'app.yaml'),
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
  return kurelIn(scratch.dir, ['build', 'app.yaml']);
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
