import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
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

// A package with an object and an array parameter, set path by path as Helm users set them.
const STRUCTURED_PACKAGE = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Package
metadata: {name: api}
spec:
  parameters:
    - {name: image, type: string, default: "ghcr.io/example/api:v1"}
    - {name: res, type: object, default: {requests: {cpu: 100m, memory: 128Mi}}}
    - {name: env, type: array, default: []}
`;
const STRUCTURED_APP = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: api}
spec:
  components:
    - name: api
      type: webservice
      properties: {image: "\${image}", port: 8080, resources: "\${res}", env: "\${env}"}
`;

function structuredPackage(): string {
  const dir = join(scratch.dir, `structured-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'kurel.yaml'), STRUCTURED_PACKAGE);
  writeFileSync(join(dir, 'app.yaml'), STRUCTURED_APP);
  return dir;
}

/** The main container of the build's Deployment. */
function container(stdout: string): { image: string; resources: Record<string, Record<string, string>>; env?: Array<Record<string, unknown>> } {
  const objects = parseAllDocuments(stdout).map((document) => document.toJS());
  return objects.find((object) => object.kind === 'Deployment').spec.template.spec.containers[0];
}

describe('Helm-style value flags into object and array parameters', () => {
  it('sets nested keys and list items with --set, over values files', () => {
    const dir = structuredPackage();
    writeFileSync(join(dir, 'prod.yaml'), 'res: {requests: {memory: 1Gi}, limits: {memory: 2Gi}}\n');
    const result = run('build', dir, '-f', join(dir, 'prod.yaml'), '--set', 'res.requests.cpu=200m', '--set', 'env[0].name=A,env[0].value=x\\,y', '--set', 'env[1].name=B', '--set-string', 'env[1].value=2');
    expect(result.status, result.stderr).toBe(0);
    const main = container(result.stdout);
    expect(main.resources).toEqual({ requests: { cpu: '200m', memory: '1Gi' }, limits: { memory: '2Gi' } });
    expect(main.env).toEqual([{ name: 'A', value: 'x,y' }, { name: 'B', value: '2' }]);
    // --set types 2 as a number, as Helm does; the property wants a string.
    const typed = run('build', dir, '--set', 'env[0].name=B,env[0].value=2');
    expect(typed.status).toBe(1);
    expect(typed.stderr).toMatch(/app\.yaml:8:\d+ spec\.components\[0\]\.properties\.env\[0\]\.value: .*expected a string, got a number/);
  });

  it('takes --set-json and --set-file, and --set-string over --set', () => {
    const dir = structuredPackage();
    writeFileSync(join(dir, 'image.txt'), 'ghcr.io/example/api:v9');
    const result = run(
      'build', dir,
      '--set-json', 'res={"requests":{"cpu":"1"},"limits":{"cpu":"2"}}',
      '--set-json', 'env=[{"name":"J","value":"1"}]',
      '--set', 'res.requests.memory=64Mi',
      '--set-file', `image=${join(dir, 'image.txt')}`,
    );
    expect(result.status, result.stderr).toBe(0);
    const main = container(result.stdout);
    expect(main.image).toBe('ghcr.io/example/api:v9');
    expect(main.resources).toMatchObject({ requests: { cpu: '1', memory: '64Mi' }, limits: { cpu: '2' } });
    expect(main.env).toEqual([{ name: 'J', value: '1' }]);
  });

  it('refuses bad path syntax with the flag and the column', () => {
    const result = run('build', structuredPackage(), '--set', 'env[x].name=A');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('Error: --set env[x].name=A: column 5: the index of "env[x]" is not a whole number\n');
  });

  it('refuses an undeclared parameter with the flag that named it', () => {
    const result = run('build', structuredPackage(), '--set', 'ress.requests.cpu=1');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: --set ress.requests.cpu=1: parameter "ress" is not declared in kurel.yaml (did you mean "res"?)\n');
  });

  it('refuses a value of the wrong type for the parameter', () => {
    const result = run('build', structuredPackage(), '--set', 'res=big');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: --set res=big: parameter "res" (type object) takes a map, and --set gives it the text "big": set a key as res.key=…, or use --set-json or --values\n');
    const json = run('build', structuredPackage(), '--set-json', 'env={"a":1}');
    expect(json.stderr).toBe('Error: --set-json env={"a":1}: parameter "env" (type array): got a map, expected a list\n');
  });

  it('refuses a --set-file whose file is missing, before anything is built', () => {
    const result = run('build', structuredPackage(), '--set-file', 'image=missing.txt');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('Error: --set-file image=missing.txt: reading "missing.txt": no such file or directory\n');
  });
});
