import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { packageCharts, serveRepository, testHelm } from './chart-fixtures.js';
import { labelledChart, platformChart, privilegedChart } from './fixture-chart.js';
import { kurel } from './run-kurel.js';

// helmtemplate and helm under delivery: template, rendered by the real helm binary from charts
// this test packages and serves on 127.0.0.1.

let helm = '';
let dir = '';
let server: Awaited<ReturnType<typeof serveRepository>>;

beforeAll(async () => {
  helm = testHelm();
  dir = mkdtempSync(join(tmpdir(), 'kurel-charts-'));
  packageCharts(helm, dir, [platformChart, privilegedChart, labelledChart]);
  server = await serveRepository(dir);
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Writes app.yaml in a folder of its own (with its own chart cache) and runs kurel there. */
async function run(name: string, components: string, args: string[] = ['build', 'app.yaml'], env: NodeJS.ProcessEnv = {}, config: object = {}) {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'app.yaml'), `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop, namespace: shop}\nspec:\n  components:\n${components}`);
  writeFileSync(join(folder, '.kurelrc.json'), JSON.stringify(config));
  return kurel(folder, args, { KUREL_HELM: helm, KUREL_CACHE_DIR: join(folder, 'cache'), ...env });
}

const platform = (extra = '') =>
  `    - name: platform\n      type: helmtemplate\n      properties:\n        source: {url: "${server.url}"}\n        chart: platform\n        version: 1.2.3\n        scopeOverrides: [{apiVersion: widgets.example.com/v1, kind: Widget, scope: Namespaced}]\n${extra}`;

/** The platform chart built once with no options, shared by the tests that only read its output. */
let platformBuild: ReturnType<typeof run> | undefined;
const builtPlatform = () => (platformBuild ??= run('platform', platform()));

const objectsOf = (yaml: string) => parseAllDocuments(yaml).map((document) => document.toJS());
const ids = (objects: any[]) => objects.map((object) => `${object.kind}/${object.metadata.name}`);

describe('a chart rendered at build time', () => {
  // The reference's chart rule (the layout spec, §3.1): "Output: the rendered templates sorted
  // by template path", each template's documents as it writes them; groups "pre-install 0, pre-upgrade 1, no hook 2,
  // post-install 3, post-upgrade 4, anything else 5 (alphabetical), then weight ascending;
  // objects keep render order inside a group"; a comma list: "earliest ordered phase wins".
  it('prints the objects in hook-group order, each group in template order, hooks that never run dropped, hooks helm does not know kept', async () => {
    const result = await builtPlatform();
    expect(result.status, result.stderr).toBe(0);
    expect(ids(objectsOf(result.stdout))).toEqual([
      // pre-install, by weight: -1 (one named by a comma list with post-upgrade), then 5
      'Job/pre-early',
      'Job/upgrade-or-install',
      'Job/pre-late',
      // no hook, by template path: the subchart's, then capabilities, cluster, list (flattened),
      // web, widget. Within web.yaml the file's own order (Deployment first), where helm
      // template sorts by kind.
      'ConfigMap/agent-config',
      'ConfigMap/platform-facts',
      'ClusterRole/platform-reader',
      'ConfigMap/listed-a',
      'ConfigMap/listed-b',
      'Deployment/platform-web',
      'Service/platform-web',
      'Widget/main-widget',
      // post-install, with the one whose comma list names a hook helm does not know (helm
      // template skips it whole), then the phase helm does not know, after the known ones.
      'Job/post-check',
      'Job/post-or-unknown',
      'Job/custom',
    ]);
  });

  it("renders a subchart's templates with its own values, and .Template as helm sets it", async () => {
    const config = objectsOf((await builtPlatform()).stdout).find((object) => object.metadata.name === 'agent-config');
    expect(config.data).toEqual({ role: 'collector', template: 'platform/charts/agent/templates/config.yaml', base: 'platform/charts/agent/templates' });
  });

  it('leaves the crds/ folder, NOTES and partials unrendered', async () => {
    const result = await builtPlatform();
    expect(result.stdout).not.toContain('CustomResourceDefinition');
    expect(result.stdout).not.toContain('Installed platform');
  });

  it('places namespaced objects in the application namespace, a cluster-scoped one in none, a custom resource by scopeOverrides, all labelled', async () => {
    const objects = objectsOf((await builtPlatform()).stdout);
    const find = (kind: string) => objects.find((object) => object.kind === kind);
    expect(find('Deployment').metadata.namespace).toBe('shop');
    expect(find('Widget').metadata.namespace).toBe('shop');
    expect(find('ClusterRole').metadata.namespace).toBeUndefined();
    for (const object of objects) expect(object.metadata.labels['launcher.gokure.dev/component']).toBe('platform');
  });

  it('renders with .Release.Name and .Release.Namespace, and a pinned Kubernetes version unless --kube-version says otherwise', async () => {
    const facts = (yaml: string) => objectsOf(yaml).find((object) => object.metadata.name.endsWith('-facts')).data;
    expect(facts((await builtPlatform()).stdout)).toEqual({ kube: 'v1.35.0', release: 'platform', namespace: 'shop' });
    expect(facts((await run('release-named', platform('        releaseName: edge\n'))).stdout)).toMatchObject({ release: 'edge' });
    expect(facts((await run('kube', platform(), ['build', 'app.yaml', '--kube-version', 'v1.31.4'])).stdout)).toMatchObject({ kube: 'v1.31.4' });
    // The ClusterProfile's kubeVersion, where it records one; an explicit --kube-version outranks it.
    writeFileSync(join(dir, 'kube', 'cluster.yaml'), 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata: {name: recorded}\nspec: {kubeVersion: v1.30.2}\n');
    expect(facts((await run('kube', platform(), ['build', 'app.yaml', '--profile', 'cluster.yaml'])).stdout)).toMatchObject({ kube: 'v1.30.2' });
    expect(facts((await run('kube', platform(), ['build', 'app.yaml', '--profile', 'cluster.yaml', '--kube-version', 'v1.31.4'])).stdout)).toMatchObject({ kube: 'v1.31.4' });
  });

  it('gives byte-identical output twice, and again offline from the chart cache with no request', async () => {
    const first = await run('repeat', platform());
    const second = await run('repeat', platform());
    expect(first.status, first.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    const before = server.requests.length;
    const offline = await run('repeat', platform(), ['build', 'app.yaml', '--offline']);
    expect(offline.stdout).toBe(first.stdout);
    expect(server.requests.length).toBe(before);
    expect(readdirSync(join(dir, 'repeat', 'cache', 'charts'))).toHaveLength(1);
  });

  it('refuses --offline on a cache miss with a named error', async () => {
    const result = await run('offline-miss', platform(), ['build', 'app.yaml', '--offline']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('component "platform": chart "platform" from http://127.0.0.1');
    expect(result.stderr).toContain('version 1.2.3 is not in the chart cache');
    expect(result.stderr).toContain('--offline forbids pulling it');
    expect(existsSync(join(dir, 'offline-miss', 'cache', 'charts'))).toBe(false);
  });

  it('merges secretValues over values, and reports a failed render without quoting them', async () => {
    const ok = await run('secrets', platform('        secretValues: {token: hunter2-secret}\n'));
    expect(ok.status, ok.stderr).toBe(0);
    expect(objectsOf(ok.stdout).find((object) => object.metadata.name === 'platform-facts').data.hasToken).toBe('true');
    const failed = await run('secrets-fail', platform('        values: {fail: true}\n        secretValues: {token: hunter2-secret}\n'));
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('failed with secretValues set, and helm\'s error is withheld');
    expect(failed.stderr).toContain('without secretValues it fails with:');
    expect(failed.stderr).toContain('refusing token');
    expect(failed.stderr).not.toContain('hunter2');
    expect(failed.stdout).toBe('');
  });

  it('holds the chart host to the allowed registries before any request', async () => {
    const before = server.requests.length;
    const result = await run('registry', platform(), ['build', 'app.yaml'], {}, { policy: { allowedRegistries: ['charts.example.com'] } });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('chart source host "127.0.0.1" is not one of the allowed registries (charts.example.com)');
    expect(server.requests.length).toBe(before);
  });

  it('refuses a privileged pod the chart renders under the default policy', async () => {
    const result = await run('privileged', `    - name: risky\n      type: helmtemplate\n      properties:\n        source: {url: "${server.url}"}\n        chart: risky\n        version: 0.1.0\n`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('component "risky": risky/templates/pod.yaml (Pod "risky"): ');
    expect(result.stderr).toContain('securityContext.privileged is not allowed by environment policy');
    expect(result.stdout).toBe('');
  });

  it('holds every rendered image to the allowed registries, beside the chart host', async () => {
    const result = await run('images', platform(), ['build', 'app.yaml'], {}, { policy: { allowedRegistries: ['127.0.0.1'] } });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('registry.example.com');
    expect(result.stderr).toContain('platform/templates/');
  });

  it('validates the rendered objects too, reporting a refusal with its class', async () => {
    const result = await run('validate', platform(), ['validate', 'app.yaml', '--format', 'json'], {}, { policy: { allowedRegistries: ['127.0.0.1'] } });
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout);
    const text = JSON.stringify(report);
    expect(text).toContain('"refusalClass":"registry"');
    expect(text).toContain('registry.example.com');
  });

  it('names the component and how to install helm when there is no helm', async () => {
    const result = await run('no-helm', platform(), ['build', 'app.yaml'], { KUREL_HELM: '', PATH: '/nonexistent' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('component "platform": rendering its chart needs the helm binary, and none was found; install Helm 3.8 or later');
    expect(result.stderr).toContain('--helm-bin or KUREL_HELM');
  });

  it('says "no such file" for a --helm-bin that does not exist, not "install Helm"', async () => {
    const result = await run('helm-bin-missing', platform(), ['build', 'app.yaml', '--helm-bin', '/nonexistent/helm'], { KUREL_HELM: '' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('component "platform": rendering its chart needs the helm binary, and --helm-bin /nonexistent/helm: no such file');
    expect(result.stderr).not.toContain('install Helm');
  });

  it('takes --helm-bin over KUREL_HELM', async () => {
    const result = await run('helm-bin', platform(), ['build', 'app.yaml', '--helm-bin', helm], { KUREL_HELM: join(dir, 'no-such-helm') });
    expect(result.status, result.stderr).toBe(0);
  });

  it('lowers helm with delivery: template to the same render, with no source and no HelmRelease', async () => {
    const direct = await builtPlatform();
    const lowered = await run(
      'lowered',
      `    - name: platform\n      type: helm\n      properties:\n        delivery: template\n        source: {url: "${server.url}"}\n        chart: platform\n        version: 1.2.3\n        scopeOverrides: [{apiVersion: widgets.example.com/v1, kind: Widget, scope: Namespaced}]\n`,
    );
    expect(lowered.status, lowered.stderr).toBe(0);
    expect(lowered.stdout).toBe(direct.stdout);
    expect(lowered.stdout).not.toMatch(/kind: (HelmRelease|HelmRepository)/);
  });

  it('explains each rendered object: chart, release, template and hook group', async () => {
    const result = await run('explain', platform(), ['explain', 'app.yaml']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`      Job/pre-early  in shop, from component "platform"\n        rendered by chart ${server.url}/platform version 1.2.3, release platform, template platform/templates/hooks.yaml, hook group shop-platform-00-pre-install`);
    expect(result.stdout).toContain('template platform/templates/web.yaml, hook group shop-platform-02-main');
    const json = JSON.parse((await run('explain', platform(), ['explain', 'app.yaml', '--json'])).stdout);
    expect(json.charts[0].hookGroups.map((group: any) => [group.name, group.phase, group.weight, group.objects.length])).toEqual([
      ['shop-platform-00-pre-install', 'pre-install', -1, 2],
      ['shop-platform-01-pre-install', 'pre-install', 5, 1],
      ['shop-platform-02-main', '', 0, 8],
      ['shop-platform-03-post-install', 'post-install', 0, 2],
      ['shop-platform-04-zz-custom', 'zz-custom', 0, 1],
    ]);
  });

  it('refuses a chart value under the component label key that is not the component\'s', async () => {
    const result = await run('label', `    - name: web\n      type: helmtemplate\n      properties:\n        source: {url: "${server.url}"}\n        chart: labelled\n        version: 0.1.0\n`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('component "web"');
    expect(result.stderr).toContain('launcher.gokure.dev/component');
  });

  it('refuses a hook inside a List, naming the template', async () => {
    const result = await run('hooked-list', `    - name: web\n      type: helmtemplate\n      properties:\n        source: {url: "${server.url}"}\n        chart: labelled\n        version: 0.1.0\n        values: {hookedList: true}\n`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the chart rendered a list item with a helm.sh/hook annotation in labelled/templates/list.yaml');
  });
});
