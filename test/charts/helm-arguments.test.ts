import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveOciChart, type Served } from './fake-chart-servers.js';
import { writeFakeHelm } from './fake-helm.js';
import { kurel } from './run-kurel.js';

// What kurel asks of helm, seen through a stand-in binary that records each call: the template
// arguments, values only ever in a private file, and the Helm version it accepts. The chart
// comes from a registry on the loopback; kurel pulls it itself, helm only renders.

let dir = '';

let registry: Served;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kurel-fake-helm-'));
  writeFakeHelm(dir);
  registry = await serveOciChart({ repository: 'charts/pg', tag: '1.0.0', archive: Buffer.from('archive') });
});

afterAll(async () => {
  await registry?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function build(name: string, properties: string, env: NodeJS.ProcessEnv = {}, command: string[] = ['build', 'app.yaml']) {
  const folder = mkdtempSync(join(dir, `${name}-`));
  writeFileSync(join(folder, 'app.yaml'), `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop, namespace: shop}\nspec:\n  components:\n    - name: db\n      type: helmtemplate\n      properties:\n${properties}`);
  writeFileSync(join(folder, '.kurelrc.json'), '{}');
  const log = join(folder, 'helm.log');
  writeFileSync(log, '');
  const result = await kurel(folder, [...command, '--helm-bin', join(dir, 'helm')], { KUREL_CACHE_DIR: join(folder, 'cache'), FAKE_HELM_LOG: log, ...env });
  return { ...result, calls: readFileSync(log, 'utf8').split('\n'), cache: join(folder, 'cache', 'charts') };
}

const oci = (version = '1.0.0') => `        source: {url: "oci://${registry.host}/charts/pg"}\n        version: ${version}\n`;

describe('the helm kurel runs', () => {
  it('templates the pulled archive from the cache for the release and namespace, asking helm for nothing else', async () => {
    const result = await build('oci', `        source: {url: "oci://${registry.host}/charts/pg"}\n        version: 1.0.0\n        secretValues: {password: hunter2-secret}\n`);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('name: rendered');
    const [version, template, mode, values] = result.calls;
    expect(version).toBe('version --template {{.Version}}');
    expect(readFileSync(template.split(' ')[2], 'utf8')).toBe('archive');
    expect(template).toMatch(new RegExp(`^template db ${result.cache}/[0-9a-f]{32}/chart\\.tgz --namespace shop --values \\S+values\\.json --kube-version v1\\.35\\.0$`));
    // The secret reaches helm in a file only its owner reads, never on the command line.
    expect(mode).toBe('600');
    expect(JSON.parse(values)).toEqual({ password: 'hunter2-secret' });
    expect(result.calls.slice(0, 2).join('\n')).not.toContain('hunter2');
  });

  it.each([
    ['a user in an OCI url', '        source: {url: "oci://bob:pw@registry.example.com/charts/pg"}\n        version: 1.0.0\n', 'must not carry a user or password'],
    ['an OCI chart without a version', '        source: {url: "oci://registry.example.com/charts/pg"}\n', 'source.kind OCIRepository requires version to be specified'],
    ['an OCI url with a HelmRepository kind', '        source: {url: "oci://registry.example.com/charts/pg", kind: HelmRepository}\n        chart: pg\n', 'does not agree with source.url'],
  ])('refuses %s before running helm', async (_, properties, text) => {
    const result = await build('refused', properties);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(text);
    expect(result.stderr).not.toContain(':pw@');
    expect(result.calls.filter((line) => line !== '')).toEqual([]);
  });

  it('refuses a helm older than 3.8, naming the component and how to install one', async () => {
    const result = await build('old', oci(), { FAKE_HELM_VERSION: 'v3.7.2' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('component "db": rendering its chart needs Helm 3.8 or later:');
    expect(result.stderr).toContain('is Helm v3.7.2, older than 3.8');
  });

  it('accepts Helm 3.8', async () => {
    const result = await build('helm3', oci(), { FAKE_HELM_VERSION: 'v3.8.0' });
    expect(result.status, result.stderr).toBe(0);
  });

  describe('each failure under its own code', () => {
    const codes = async (env: NodeJS.ProcessEnv, extra: string[] = [], properties = oci()) => {
      const result = await build('codes', properties, env, ['validate', 'app.yaml', '--format', 'json', ...extra]);
      expect(result.status).toBe(1);
      return JSON.stringify(JSON.parse(result.stdout));
    };

    it('KUREL_HELM_MISSING when the binary is not helm', async () => {
      expect(await codes({ FAKE_HELM_FAIL: 'version' })).toContain('"code":"KUREL_HELM_MISSING"');
    });

    it('KUREL_CHART_PULL when the registry has no such version, with its answer', async () => {
      const report = await codes({}, [], oci('2.0.0'));
      expect(report).toContain('"code":"KUREL_CHART_PULL"');
      expect(report).toContain(`pulling chart oci://${registry.host}/charts/pg version 2.0.0 failed: http://${registry.host}/v2/charts/pg/manifests/2.0.0 answered 404`);
    });

    it('KUREL_CHART_RENDER when helm cannot render, with its error', async () => {
      const report = await codes({ FAKE_HELM_FAIL: 'template' });
      expect(report).toContain('"code":"KUREL_CHART_RENDER"');
      expect(report).toContain('template went wrong');
    });

    it('KUREL_CHART_NOT_CACHED under --offline on an empty cache', async () => {
      expect(await codes({}, ['--offline'])).toContain('"code":"KUREL_CHART_NOT_CACHED"');
    });
  });
});
