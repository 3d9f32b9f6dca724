import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTree } from '../golden-flux/golden-tree.js';
import { environmentWithout, kurelIn, repo, scratchFolder, writeEnvironmentPlugin } from './support.js';

// `kurel build PKG... --jobs N`: packages built on worker threads write the tree one thread
// writes, byte for byte, and report what it reports, in the packages' order.

const scratch = scratchFolder('kurel-fleet-jobs-');
const NAMES = ['svc-a', 'svc-b', 'svc-c', 'svc-d', 'svc-e'];

/** A package of one web service; `extra` adds to its properties. */
function appYaml(name: string, extra = ''): string {
  return `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata:
  name: ${name}
  namespace: ${name}
spec:
  components:
    - name: web
      type: webservice
      properties: {image: "ghcr.io/example/${name}:v1.0.0", port: 8080${extra}}
`;
}

/** A folder of packages, each its own app.yaml; `edit` changes one package's text. */
function fleet(name: string, edit: (pkg: string, text: string) => string = (_, text) => text): string {
  const dir = join(scratch.dir, name);
  for (const pkg of NAMES) {
    mkdirSync(join(dir, 'apps', pkg), { recursive: true });
    writeFileSync(join(dir, 'apps', pkg, 'app.yaml'), edit(pkg, appYaml(pkg)));
  }
  return dir;
}

describe('kurel build PKG... -o DIR --layout --jobs N', () => {
  for (const layout of ['flux', 'argocd']) {
    it(`writes with --jobs 2 the tree --jobs 1 writes, byte for byte, and says the same (--layout ${layout})`, () => {
      const dir = fleet(`same-${layout}`);
      if (layout === 'argocd') writeFileSync(join(dir, '.kurelrc.yaml'), 'argocd:\n  repoURL: https://git.example.com/fleet.git\n');
      const runs = ['1', '2', '5'].map((jobs) => ({ jobs, result: kurelIn(dir, ['build', 'apps', '-o', `out-${jobs}`, '--layout', layout, '--jobs', jobs]) }));
      for (const { jobs, result } of runs) expect(result.status, `--jobs ${jobs}: ${result.stderr}`).toBe(0);
      const one = readTree(join(dir, 'out-1'));
      for (const pkg of NAMES) expect([...one.keys()].some((path) => path.startsWith(`cluster/${pkg}/`)), pkg).toBe(true);
      for (const { jobs, result } of runs.slice(1)) {
        expect([...readTree(join(dir, `out-${jobs}`))], `--jobs ${jobs}`).toEqual([...one]);
        expect(result.stderr.replace(`out-${jobs}`, 'out-1')).toBe(runs[0].result.stderr);
      }
    });
  }

  it('loads an organisation\'s plugin in the workers, which see the environment kurel was given', () => {
    const dir = join(scratch.dir, 'plugin');
    mkdirSync(dir, { recursive: true });
    writeEnvironmentPlugin(dir, { region: 'FLEET_REGION' });
    // Each package's ConfigMap in its own namespace, so that the packages write objects of their own.
    const plugin = join(dir, 'env-plugin.mjs');
    writeFileSync(plugin, readFileSync(plugin, 'utf8').replace('render() {', 'render(input) {').replace("metadata: { name: 'env' }", "metadata: { name: 'env', namespace: input.namespace }"));
    // Each thread that loads the plugin says so: which threads planned packages. The main thread,
    // which plans packages until the workers have started, is slowed down where FLEET_SLOW_MAIN is
    // set, so that the workers start before it is done with all five.
    const loads = (jobs: string) => join(dir, `loaded-by-${jobs}.txt`);
    const slowMain = "if (threadId === 0 && process.env.FLEET_SLOW_MAIN) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500);";
    writeFileSync(
      plugin,
      `import { appendFileSync } from 'node:fs';\nimport { threadId } from 'node:worker_threads';\nappendFileSync(process.env.FLEET_LOG, threadId + '\\n');\n${readFileSync(plugin, 'utf8').replace('render(input) {', `render(input) {\n${slowMain}`)}`,
    );
    for (const pkg of NAMES) {
      mkdirSync(join(dir, 'apps', pkg), { recursive: true });
      writeFileSync(join(dir, 'apps', pkg, 'app.yaml'), readFileSync(join(dir, 'env.yaml'), 'utf8').replace('metadata: {name: shop}', `metadata: {name: ${pkg}, namespace: ${pkg}}`));
    }
    const runs = ['1', '3'].map((jobs) =>
      spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'build', 'apps', '-o', `out-${jobs}`, '--layout', 'flux', '--jobs', jobs], {
        cwd: dir,
        env: environmentWithout([], { FLEET_REGION: 'eu-west-3', FLEET_LOG: loads(jobs), ...(jobs === '1' ? {} : { FLEET_SLOW_MAIN: '1' }) }),
        encoding: 'utf8',
        timeout: 60_000,
      }),
    );
    for (const result of runs) expect(result.status, result.stderr).toBe(0);
    // One thread loads it once for all five packages; with three, the workers load it too, each once.
    expect(readFileSync(loads('1'), 'utf8')).toBe('0\n');
    const threads = readFileSync(loads('3'), 'utf8').trimEnd().split('\n');
    expect(new Set(threads).size).toBe(threads.length);
    expect(threads.length).toBeGreaterThan(1);
    expect(threads.length).toBeLessThanOrEqual(3);
    const one = readTree(join(dir, 'out-1'));
    expect([...readTree(join(dir, 'out-3'))]).toEqual([...one]);
    const configMaps = [...one].filter(([path]) => /configmap/i.test(path));
    expect(configMaps).toHaveLength(NAMES.length);
    for (const [path, text] of configMaps) expect(text, path).toContain('region: eu-west-3');
  });

  it('reports the warnings of every package in the packages\' order, as --jobs 1 does', () => {
    const gated = ', nodeName: n1, schedulingGates: [{name: ready}]';
    const dir = fleet('warnings', (pkg, text) => (pkg === 'svc-b' || pkg === 'svc-d' ? text.replace('port: 8080', `port: 8080${gated.replace('n1', `node-${pkg}`)}`) : text));
    const one = kurelIn(dir, ['build', 'apps', '-o', 'out', '--layout', 'flux', '--jobs', '1']);
    const two = kurelIn(dir, ['build', 'apps', '-o', 'out', '--layout', 'flux', '--jobs', '2']);
    expect(one.status, one.stderr).toBe(0);
    expect(two.status, two.stderr).toBe(0);
    const warnings = two.stderr.split('\n').filter((line) => line.startsWith('warning: '));
    expect(warnings).toEqual([
      'warning: nodeName "node-svc-b" is not written: a pod with schedulingGates is bound by the scheduler once its gates are removed',
      'warning: nodeName "node-svc-d" is not written: a pod with schedulingGates is bound by the scheduler once its gates are removed',
    ]);
    expect(two.stderr).toBe(one.stderr);
  });

  it('with one failing package and more: reports every failing package\'s positioned errors, in order, and writes nothing', () => {
    const dir = fleet('failing', (pkg, text) => (pkg === 'svc-b' ? text.replace('port: 8080', 'port: "eighty"') : pkg === 'svc-e' ? text.replace('type: webservice', 'type: webservise') : text));
    const two = kurelIn(dir, ['build', 'apps', '-o', 'out', '--layout', 'flux', '--jobs', '2']);
    expect(two.status).toBe(1);
    const lines = two.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Error: apps\/svc-b\/app\.yaml:10:\d+ spec\.components\[0\]\.properties\.port: component "web" \(type "webservice"\): expected a whole number, got a string$/);
    expect(lines[1]).toMatch(/^Error: apps\/svc-e\/app\.yaml:9:\d+ spec\.components\[0\]\.type: invalid value "webservise" for "type" in "web"; did you mean "webservice"\?$/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
    const one = kurelIn(dir, ['build', 'apps', '-o', 'out', '--layout', 'flux', '--jobs', '1']);
    expect(one.status).toBe(1);
    expect(one.stderr).toBe(two.stderr);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('leaves a tree written before as it was when a package fails', () => {
    const dir = fleet('failing-later');
    expect(kurelIn(dir, ['build', 'apps', '-o', 'out', '--layout', 'flux']).status).toBe(0);
    const before = readTree(join(dir, 'out'));
    const app = join(dir, 'apps/svc-c/app.yaml');
    writeFileSync(app, readFileSync(app, 'utf8').replace('port: 8080', 'port: -1'));
    const result = kurelIn(dir, ['build', 'apps', '-o', 'out', '--layout', 'flux', '--jobs', '2']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Error: apps\/svc-c\/app\.yaml:10:\d+ spec\.components\[0\]\.properties\.port: /);
    expect([...readTree(join(dir, 'out'))]).toEqual([...before]);
  });

  const badJobs: Array<[string, string]> = [
    ['0', 'Expected an integer greater than or equal to 1 but received: 0'],
    ['-2', 'Expected an integer greater than or equal to 1 but received: -2'],
    ['two', 'Expected an integer but received: two'],
  ];
  for (const [jobs, message] of badJobs) {
    it(`refuses --jobs ${jobs}, writing nothing`, () => {
      const dir = fleet(`jobs-${jobs}`);
      const result = kurelIn(dir, ['build', 'apps', '-o', 'out', '--layout', 'flux', `--jobs=${jobs}`]);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^Error: Parsing --jobs/);
      expect(result.stderr).toContain(message);
      expect(existsSync(join(dir, 'out'))).toBe(false);
    });
  }
});
