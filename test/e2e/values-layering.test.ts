import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { kurelIn, repo, scratchFolder } from './support.js';

// Values as Helm users layer them: values.yaml beside kurel.yaml by default, repeatable --values
// (a later file wins), --set split at commas, --set-string.

const scratch = scratchFolder('kurel-values-');
const run = (...args: string[]) => kurelIn(scratch.dir, args);

/** The Deployment's image and replica count from a build's output. */
function deployment(stdout: string): { image: string; replicas: number } {
  const objects = parseAllDocuments(stdout).map((document) => document.toJS());
  const found = objects.find((object) => object.kind === 'Deployment');
  return { image: found.spec.template.spec.containers[0].image, replicas: found.spec.replicas };
}

function packageCopy(): string {
  const dir = join(scratch.dir, `package-${Math.random().toString(36).slice(2)}`);
  cpSync(join(repo, 'examples/package'), dir, { recursive: true });
  return dir;
}

describe('package values', () => {
  it('reads values.yaml beside kurel.yaml with no flag', () => {
    const result = run('build', join(repo, 'examples/package'));
    expect(result.status, result.stderr).toBe(0);
    expect(deployment(result.stdout)).toEqual({ image: 'ghcr.io/example/api:v1.4.0', replicas: 3 });
  });

  it('layers repeated --values (and -f) over it, a later file winning', () => {
    const dir = packageCopy();
    writeFileSync(join(dir, 'prod.yaml'), 'image: ghcr.io/example/api:v2.0.0\nreplicas: 5\n');
    writeFileSync(join(dir, 'eu.yaml'), 'replicas: 7\n');
    const result = run('build', dir, '--values', join(dir, 'prod.yaml'), '-f', join(dir, 'eu.yaml'));
    expect(result.status, result.stderr).toBe(0);
    expect(deployment(result.stdout)).toEqual({ image: 'ghcr.io/example/api:v2.0.0', replicas: 7 });
  });

  it('splits --set at commas as Helm does', () => {
    const result = run('build', join(repo, 'examples/package'), '--set', 'image=repo/api:v1,replicas=2');
    expect(result.status, result.stderr).toBe(0);
    expect(deployment(result.stdout)).toEqual({ image: 'repo/api:v1', replicas: 2 });
  });

  it('applies --set-string after --set, and refuses it for a parameter that is no string', () => {
    const result = run('build', join(repo, 'examples/package'), '--set-string', 'image=repo/api:v3', '--set', 'image=repo/api:v1');
    expect(result.status, result.stderr).toBe(0);
    expect(deployment(result.stdout).image).toBe('repo/api:v3');
    const refused = run('build', join(repo, 'examples/package'), '--set-string', 'replicas=2');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe('Error: --set-string replicas=2: parameter "replicas" (type integer) cannot be set with --set-string; use --set\n');
  });
});
