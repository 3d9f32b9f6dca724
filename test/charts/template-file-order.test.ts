import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { helmUnavailable, testHelm } from './chart-fixtures.js';
import { kurel, type Run } from './run-kurel.js';

// The reference renders a chart through the Helm SDK and reads each template's own output (the
// layout spec, §3.1): "the rendered templates sorted by template path, skipping `_*` partials,
// `NOTES.txt` and empty output, trimmed, joined by `\n---\n`"; hook groups "pre-install 0,
// pre-upgrade 1, no hook 2, post-install 3, post-upgrade 4, anything else 5 (alphabetical), then
// weight ascending; objects keep render order inside a group"; "a registered kind becomes its Go
// type (so it is re-encoded the typed way: e.g. `strategy: {}` … appear)"; "Revision is not set
// (0)". `helm template` instead sorts the documents of one file by kind, skips hooks it does not
// know and renders as revision 1: each test also shows helm's own answer differs, so it could fail.

const unavailable = helmUnavailable();
if (unavailable) console.log(unavailable);

const configMap = (name: string, annotations = '', data = '') => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n${annotations}${data}`;
const hook = (name: string, phase: string, weight?: number) =>
  configMap(name, `  annotations:\n    helm.sh/hook: ${phase}\n${weight === undefined ? '' : `    helm.sh/hook-weight: "${weight}"\n`}`);

/** One template file holding several kinds, in an order helm's kind sort does not keep. */
const WORKLOAD = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata: {name: web}',
  'spec:',
  '  selector: {matchLabels: {app: web}}',
  '  template:',
  '    metadata: {labels: {app: web}}',
  '    spec:',
  '      containers:',
  '        - {name: web, image: "registry.example.com/web:1.0"}',
  '---',
  'apiVersion: v1',
  'kind: Service',
  'metadata: {name: web}',
  'spec: {selector: {app: web}, ports: [{port: 80, targetPort: 8080}]}',
  '---',
  configMap('settings', '', 'data: {mode: fast}\n'),
  '---',
  'apiVersion: v1',
  'kind: ServiceAccount',
  'metadata: {name: runner}',
  '---',
  'apiVersion: widgets.example.com/v1',
  'kind: Widget',
  'metadata: {name: gadget}',
  'spec: {size: 3}',
  '---',
  'apiVersion: rbac.authorization.k8s.io/v1',
  'kind: ClusterRole',
  'metadata: {name: reader}',
  'rules: []',
].join('\n');

/** Documents a loop writes, two kinds interleaved, with an empty and a comment-only document among them. */
const PAIRS = [
  '---',
  '{{- range list "c" "a" "b" }}',
  '---',
  'apiVersion: v1',
  'kind: ConfigMap',
  'metadata: {name: pair-{{ . }}}',
  '---',
  '# nothing but a comment',
  '---',
  'apiVersion: v1',
  'kind: ServiceAccount',
  'metadata: {name: pair-{{ . }}}',
  '{{- end }}',
  '---',
].join('\n');

const HOOKS = [
  hook('hook-aa', 'aa-custom'),
  hook('hook-post-upgrade', 'post-upgrade'),
  hook('hook-zz-heavy', 'zz-custom', -5),
  hook('hook-pre-install', 'pre-install'),
  hook('hook-aa-late', 'aa-custom', 3),
  hook('hook-post-install', 'post-install'),
  hook('hook-pre-upgrade', 'pre-upgrade'),
  hook('hook-crd-install', 'crd-install'),
].join('---\n');

const FILES: Record<string, string> = {
  'Chart.yaml': 'apiVersion: v2\nname: ordered\nversion: 0.1.0\n',
  'templates/workload.yaml': WORKLOAD,
  'templates/pairs.yaml': PAIRS,
  'templates/hooks.yaml': HOOKS,
  // Paths in byte order: B < a-b < a.yaml < a/b.yaml ('-' < '.' < '/'), and charts/ before templates/.
  'templates/a.yaml': configMap('a', '', 'data: {revision: "{{ .Release.Revision }}"}\n'),
  'templates/a/b.yaml': configMap('a-slash-b'),
  'templates/a-b.yaml': configMap('a-dash-b'),
  'templates/B.yaml': configMap('upper-b'),
  'charts/sub/Chart.yaml': 'apiVersion: v2\nname: sub\nversion: 0.1.0\n',
  'charts/sub/templates/z.yaml': configMap('sub-z'),
};

let helm = '';
let dir = '';
let chart = '';
let built: Promise<Run> | undefined;

beforeAll(() => {
  if (unavailable) return;
  helm = testHelm();
  dir = mkdtempSync(join(tmpdir(), 'kurel-template-order-'));
  chart = join(dir, 'app', 'chart');
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(chart, path, '..'), { recursive: true });
    writeFileSync(join(chart, path), text);
  }
  writeFileSync(
    join(dir, 'app', 'app.yaml'),
    [
      'apiVersion: launcher.gokure.dev/v1alpha1',
      'kind: Application',
      'metadata: {name: shop, namespace: shop}',
      'spec:',
      '  components:',
      '    - name: ordered',
      '      type: helmtemplate',
      '      properties:',
      '        source: {url: ./chart}',
      '        scopeOverrides: [{apiVersion: widgets.example.com/v1, kind: Widget, scope: Namespaced}]',
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'app', '.kurelrc.json'), '{}');
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** kurel build of the chart, once for every test. */
function build(): Promise<Run> {
  built ??= kurel(join(dir, 'app'), ['build', 'app.yaml'], { KUREL_HELM: helm, KUREL_CACHE_DIR: join(dir, 'cache') });
  return built;
}

async function printed(): Promise<Array<{ kind: string; metadata: { name: string; annotations?: Record<string, string> }; [key: string]: any }>> {
  const result = await build();
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return parseAllDocuments(result.stdout).map((document) => document.toJS());
}

const ids = (objects: Array<{ kind: string; metadata: { name: string } }>) => objects.map((object) => `${object.kind}/${object.metadata.name}`);

/** What `helm template` itself prints of the chart, as kind/name in its order, and its documents by template. */
function helmOwn(): { ids: string[]; bySource: Map<string, string[]>; text: string } {
  const text = execFileSync(helm, ['template', 'ordered', chart, '--namespace', 'shop'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const bySource = new Map<string, string[]>();
  const order: string[] = [];
  for (const chunk of text.split(/^---[ \t]*$/m)) {
    const object = parse(chunk);
    if (!object) continue;
    const source = /^# Source: (.+)$/m.exec(chunk)?.[1] ?? '';
    const id = `${object.kind}/${object.metadata.name}`;
    order.push(id);
    bySource.set(source, [...(bySource.get(source) ?? []), id]);
  }
  return { ids: order, bySource, text };
}

const WORKLOAD_IN_FILE_ORDER = ['Deployment/web', 'Service/web', 'ConfigMap/settings', 'ServiceAccount/runner', 'Widget/gadget', 'ClusterRole/reader'];
const PAIRS_IN_RENDER_ORDER = ['ConfigMap/pair-c', 'ServiceAccount/pair-c', 'ConfigMap/pair-a', 'ServiceAccount/pair-a', 'ConfigMap/pair-b', 'ServiceAccount/pair-b'];

describe.skipIf(unavailable !== undefined)('the documents of a chart rendered at build time, in the reference order', () => {
  it('keeps the documents of one template file in the order the file writes them, where helm template sorts them by kind', async () => {
    const objects = await printed();
    const workload = ids(objects).filter((id) => WORKLOAD_IN_FILE_ORDER.includes(id));
    expect(workload).toEqual(WORKLOAD_IN_FILE_ORDER);
    // helm's own output of the same file: ServiceAccount, ConfigMap, ClusterRole, Service, Deployment, then the unknown kind.
    expect(helmOwn().bySource.get('ordered/templates/workload.yaml')).toEqual([
      'ServiceAccount/runner',
      'ConfigMap/settings',
      'ClusterRole/reader',
      'Service/web',
      'Deployment/web',
      'Widget/gadget',
    ]);
  });

  it('keeps what a loop in one template writes in render order, two kinds interleaved, empty and comment-only documents skipped', async () => {
    const objects = await printed();
    expect(ids(objects).filter((id) => id.includes('/pair-'))).toEqual(PAIRS_IN_RENDER_ORDER);
    expect(helmOwn().bySource.get('ordered/templates/pairs.yaml')).not.toEqual(PAIRS_IN_RENDER_ORDER);
  });

  it("orders the templates by path in byte order, a subchart's before the chart's own, then each file's documents as written", async () => {
    const objects = await printed();
    const main = objects.filter((object) => !object.metadata.annotations?.['helm.sh/hook']);
    expect(ids(main)).toEqual([
      'ConfigMap/sub-z',
      'ConfigMap/upper-b',
      'ConfigMap/a-dash-b',
      'ConfigMap/a',
      'ConfigMap/a-slash-b',
      ...PAIRS_IN_RENDER_ORDER,
      ...WORKLOAD_IN_FILE_ORDER,
    ]);
  });

  it('keeps objects of hook phases helm does not know, after the known phases: alphabetically by phase, then by weight', async () => {
    const objects = await printed();
    const hooks = ids(objects).filter((id) => id.startsWith('ConfigMap/hook-'));
    expect(hooks).toEqual([
      'ConfigMap/hook-pre-install',
      'ConfigMap/hook-pre-upgrade',
      'ConfigMap/hook-post-install',
      'ConfigMap/hook-post-upgrade',
      'ConfigMap/hook-aa',
      'ConfigMap/hook-aa-late',
      'ConfigMap/hook-crd-install',
      'ConfigMap/hook-zz-heavy',
    ]);
    // The known phases first, the objects of no hook between them.
    const at = (id: string) => ids(objects).indexOf(id);
    expect(at('ConfigMap/hook-pre-upgrade')).toBeLessThan(at('ConfigMap/sub-z'));
    expect(at('ClusterRole/reader')).toBeLessThan(at('ConfigMap/hook-post-install'));
    // helm template skips them.
    const own = helmOwn().ids;
    for (const skipped of ['ConfigMap/hook-aa', 'ConfigMap/hook-aa-late', 'ConfigMap/hook-crd-install', 'ConfigMap/hook-zz-heavy']) expect(own).not.toContain(skipped);
  });

  it('writes a rendered Deployment through its Go type: strategy: {}, which the chart does not write and helm does not print', async () => {
    const result = await build();
    const deployment = (await printed()).find((object) => object.kind === 'Deployment')!;
    expect(deployment.spec.strategy).toEqual({});
    expect(result.stdout).toContain('\n  strategy: {}\n');
    expect(helmOwn().text).not.toContain('strategy');
  });

  it('renders .Release.Revision as the reference does (unset, 0), where helm template renders revision 1', async () => {
    const a = (await printed()).find((object) => object.metadata.name === 'a')!;
    expect(a.data).toEqual({ revision: '0' });
    expect(helmOwn().text).toContain('revision: "1"');
  });
});
