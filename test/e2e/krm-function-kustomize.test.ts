import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { kubectl } from '../support/k8s-tools.js';
import { kurelIn, repo, scratchFolder } from './support.js';

// `kurel fn` as a generator of the real `kubectl kustomize --enable-alpha-plugins`. kubectl's
// kustomize runs a KRM function as a container (its `--enable-exec`, for exec functions, is only
// in the standalone kustomize); the container runtime it starts, `docker run … IMAGE`, is stood in
// for by a `docker` first on PATH that runs what the image's entrypoint runs, `kurel fn`, and
// records the arguments kustomize gave it.

const scratch = scratchFolder('kurel-krm-kustomize-');
const IMAGE = 'ghcr.io/example/kurel:test';
const FUNCTION = `    config.kubernetes.io/function: |\n      container:\n        image: ${IMAGE}\n`;
const objects = (stream: string) => parseAllDocuments(stream).map((document) => document.toJS());
const byKindAndName = (list: Array<{ kind: string; metadata: { name: string } }>) => [...list].sort((a, b) => `${a.kind}/${a.metadata.name}`.localeCompare(`${b.kind}/${b.metadata.name}`));

let runtime = '';

beforeAll(() => {
  runtime = join(scratch.dir, 'runtime');
  mkdirSync(runtime);
  writeFileSync(join(runtime, 'docker'), `#!/bin/sh\nprintf '%s\\n' "$@" > "${join(scratch.dir, 'docker-args')}"\nexec "${process.execPath}" "${join(repo, 'bin/kurel')}" fn\n`);
  chmodSync(join(runtime, 'docker'), 0o755);
});

/** A kustomization folder in the scratch folder: a ConfigMap resource and the generator `generator`. */
function kustomization(name: string, generator: string): string {
  const folder = join(scratch.dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'settings.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\ndata: {currency: EUR}\n');
  writeFileSync(join(folder, 'generator.yaml'), generator);
  writeFileSync(join(folder, 'kustomization.yaml'), 'resources: [settings.yaml]\ngenerators: [generator.yaml]\n');
  return folder;
}

/** `kubectl kustomize --enable-alpha-plugins FOLDER`, started from the scratch folder, not the kustomization's. */
function kustomize(folder: string) {
  return spawnSync(kubectl(), ['kustomize', '--enable-alpha-plugins', folder], { cwd: scratch.dir, encoding: 'utf8', timeout: 120_000, env: { ...process.env, PATH: `${runtime}:${process.env.PATH}` } });
}

describe('kurel fn under kubectl kustomize', () => {
  it('generates the objects kurel build makes of an Application generator, beside the resources', () => {
    const app = readFileSync(join(repo, 'examples/webservice/app.yaml'), 'utf8').replace('  name: shop\n', `  name: shop\n  annotations:\n${FUNCTION}`);
    const folder = kustomization('application', app);
    const run = kustomize(folder);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const built = kurelIn(repo, ['build', 'examples/webservice/app.yaml']);
    const settings = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' }, data: { currency: 'EUR' } };
    expect(byKindAndName(objects(run.stdout))).toEqual(byKindAndName([settings, ...objects(built.stdout)]));
    // kustomize started the function as a container of the image, as the user nobody, without network.
    const args = readFileSync(join(scratch.dir, 'docker-args'), 'utf8').trim().split('\n');
    expect(args.at(-1)).toBe(IMAGE);
    expect(args.slice(0, 2)).toEqual(['run', '--rm']);
    expect(args.join(' ')).toContain('--user nobody');
    expect(args.join(' ')).toContain('--network none');
  });

  it("builds a KurelPackage generator's package and environment, its path read from the kustomization's folder", () => {
    cpSync(join(repo, 'examples/fleet/checkout'), join(scratch.dir, 'packages/checkout'), { recursive: true });
    const generator = `apiVersion: kurel.dev/v1alpha1\nkind: KurelPackage\nmetadata:\n  name: checkout\n  annotations:\n${FUNCTION}spec:\n  path: ../packages/checkout\n  environment: prod\n  set: {replicas: 5}\n`;
    const run = kustomize(kustomization('package', generator));
    expect(run.status).toBe(0);
    const built = kurelIn(scratch.dir, ['build', 'packages/checkout', '--environment', 'prod', '--set', 'replicas=5']);
    expect(built.status).toBe(0);
    const generated = objects(run.stdout).filter((object) => object.metadata.name !== 'settings');
    expect(byKindAndName(generated)).toEqual(byKindAndName(objects(built.stdout)));
    expect(generated.find((object) => object.kind === 'Deployment').spec.replicas).toBe(5);
  });

  it("fails the kustomization with kurel's positioned error on stderr when the build fails", () => {
    const generator = `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata:\n  name: shop\n  annotations:\n${FUNCTION}spec:\n  components:\n    - name: web\n      type: webservice\n      properties: {image: "nginx:1.27", port: http}\n`;
    const run = kustomize(kustomization('broken', generator));
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/Error: <stdin>:\d+:\d+ spec\.components\[0\]\.properties\.port: component "web" \(type "webservice"\): expected a whole number, got a string/);
    expect(run.stderr).toContain("couldn't execute function");
  });
});
