import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { testHelm } from './chart-fixtures.js';
import { kurel } from './run-kurel.js';

// A helmtemplate chart on disk: a folder or a .tgz, named by a path or a file:// url relative to
// app.yaml's folder, rendered by the real helm with no server, kept in the cache by its digest.

const repo = fileURLToPath(new URL('../../', import.meta.url));
let helm = '';
let dir = '';
let env: NodeJS.ProcessEnv = {};

const CHART = 'apiVersion: v2\nname: greeting\nversion: 1.2.0\n';
const TEMPLATE = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}-greeting\ndata:\n  text: {{ .Values.text | quote }}\n';

function writeChart(folder: string, template = TEMPLATE): void {
  mkdirSync(join(folder, 'templates'), { recursive: true });
  writeFileSync(join(folder, 'Chart.yaml'), CHART);
  writeFileSync(join(folder, 'values.yaml'), 'text: hello\n');
  writeFileSync(join(folder, 'templates/configmap.yaml'), template);
}

/** A package folder whose app.yaml renders the chart `url` names. */
function application(name: string, url: string, extra = ''): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'app.yaml'),
    `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: ${name}, namespace: web}\nspec:\n  components:\n    - name: hello\n      type: helmtemplate\n      properties:\n        source: {url: "${url}"}\n        values: {text: hi}\n${extra}`,
  );
  return folder;
}

function configMaps(stdout: string): Array<{ name: string; text: string }> {
  return parseAllDocuments(stdout)
    .map((document) => document.toJS())
    .filter((object) => object.kind === 'ConfigMap')
    .map((object) => ({ name: object.metadata.name, text: object.data.text }));
}

beforeAll(() => {
  helm = testHelm();
  dir = mkdtempSync(join(tmpdir(), 'kurel-local-chart-'));
  env = { KUREL_HELM: helm, KUREL_CACHE_DIR: join(dir, 'cache') };
  writeChart(join(dir, 'library/greeting'));
  execFileSync(helm, ['package', join(dir, 'library/greeting'), '--destination', join(dir, 'library')], { stdio: 'pipe' });
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a chart on disk', () => {
  it('renders a folder named relative to app.yaml, from any working folder', async () => {
    const folder = application('relative', './chart');
    writeChart(join(folder, 'chart'));
    const result = await kurel(repo, ['build', join(folder, 'app.yaml')], env);
    expect(result.status, result.stderr).toBe(0);
    expect(configMaps(result.stdout)).toEqual([{ name: 'hello-greeting', text: 'hi' }]);
  });

  it('renders a .tgz and a folder named by file:// urls, relative and absolute', async () => {
    const archive = join(dir, 'library/greeting-1.2.0.tgz');
    const byArchive = await kurel(dir, ['build', application('absolute', `file://${archive}`, '        version: 1.2.0\n')], env);
    expect(byArchive.status, byArchive.stderr).toBe(0);
    const byFolder = await kurel(dir, ['build', application('file-url', 'file://../library/greeting')], env);
    expect(byFolder.status, byFolder.stderr).toBe(0);
    expect(configMaps(byArchive.stdout)).toEqual([{ name: 'hello-greeting', text: 'hi' }]);
    expect(byFolder.stdout).toBe(byArchive.stdout);
  });

  it('keeps the chart in the cache by its content: an edit renders anew, --offline needs no server', async () => {
    const folder = application('edited', './chart');
    writeChart(join(folder, 'chart'));
    const cached = () => readdirSync(join(dir, 'cache/charts')).filter((entry) => entry.startsWith('local-'));
    const first = await kurel(dir, ['build', folder], env);
    expect(first.status, first.stderr).toBe(0);
    const before = cached();
    writeChart(join(folder, 'chart'), TEMPLATE.replace('{{ .Values.text | quote }}', '{{ upper .Values.text | quote }}'));
    const edited = await kurel(dir, ['build', folder, '--offline'], env);
    expect(edited.status, edited.stderr).toBe(0);
    expect(configMaps(edited.stdout)).toEqual([{ name: 'hello-greeting', text: 'HI' }]);
    expect(cached().length).toBe(before.length + 1);
  });

  it.each([
    ['a missing path', './missing', '', (folder: string) => `local chart "./missing" (${join(folder, 'missing')}): no such file or directory`],
    ['a folder that is no chart', 'file://./empty', '', (folder: string) => `local chart "file://./empty" (${join(folder, 'empty')}) is no chart: the folder has no Chart.yaml`],
    ['a broken .tgz', './broken.tgz', '', (folder: string) => `local chart "./broken.tgz" (${join(folder, 'broken.tgz')}) is no packaged chart (a .tgz of a chart folder): incorrect header check`],
    ['another version', '../library/greeting', '        version: 2.0.0\n', (folder: string) => `local chart "../library/greeting" (${join(dir, 'library/greeting')}) is version 1.2.0 in its Chart.yaml, and version asks for 2.0.0`],
  ])('refuses %s', async (name, url, extra, message) => {
    const folder = application(`refused-${name.replace(/[^a-z]+/g, '-')}`, url, extra);
    mkdirSync(join(folder, 'empty'), { recursive: true });
    writeFileSync(join(folder, 'broken.tgz'), 'not gzip');
    const out = join(folder, 'out');
    const result = await kurel(dir, ['build', folder, '-o', out], env);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`Error: ${join(folder, 'app.yaml')}:9:18 spec.components[0].properties.source.url: component "hello": ${message(folder)}\n`);
    expect(() => readdirSync(out)).toThrow();
  });

  it('reports each refusal as KUREL_CHART_LOCAL, a chart helm cannot package too', async () => {
    const folder = application('unpackable', './chart');
    mkdirSync(join(folder, 'chart'));
    writeFileSync(join(folder, 'chart/Chart.yaml'), 'apiVersion: v2\nname: greeting\n');
    const result = await kurel(dir, ['validate', folder, '--format', 'json'], env);
    expect(result.status).toBe(1);
    const report = JSON.stringify(JSON.parse(result.stdout));
    expect(report).toContain('"code":"KUREL_CHART_LOCAL"');
    expect(report).toMatch(/packaging local chart \\"\.\/chart\\" \([^)]*\) failed: [^"]*version is required/);
  });
});

describe("the helmtemplate page of kurel schemas", () => {
  it('shows an example that builds as shown, where the page says', async () => {
    const schemas = await kurel(repo, ['schemas', '--format', 'json'], env);
    expect(schemas.status, schemas.stderr).toBe(0);
    const page: string = JSON.parse(schemas.stdout)['docs/components/helmtemplate.md'];
    expect(page).toContain("app.yaml saved at the top of kurel's repository");
    const app = /```yaml\n# app\.yaml\n([\s\S]*?)```/.exec(page)![1];
    // The top of the repository, as the page says: app.yaml beside examples/.
    const top = join(dir, 'top');
    mkdirSync(top);
    symlinkSync(join(repo, 'examples'), join(top, 'examples'));
    writeFileSync(join(top, 'app.yaml'), app);
    const result = await kurel(top, ['build', 'app.yaml'], env);
    expect(result.status, result.stderr).toBe(0);
    const kinds = parseAllDocuments(result.stdout).map((document) => document.toJS().kind);
    expect(kinds).toEqual(['Job', 'Secret', 'Deployment', 'Service', 'ConfigMap']);
  });
});
