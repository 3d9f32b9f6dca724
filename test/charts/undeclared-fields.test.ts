import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { packageCharts, serveRepository, testHelm, type ChartFiles } from './chart-fixtures.js';
import { kurel, type Run } from './run-kurel.js';

// A workload or claim a chart renders that sets a field its Go type does not declare is refused:
// the policy checks read it as that type and cannot see the field. Another kind with such a field
// is kept as rendered; a top-level `items` array on what is no list is refused.

const deployment = (extra: string) =>
  [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata: {name: thing}',
    'spec:',
    '  selector: {matchLabels: {app: thing}}',
    '  template:',
    '    metadata: {labels: {app: thing}}',
    '    spec:',
    '      containers: [{name: thing, image: registry.example.com/thing:1.0}]',
    extra,
  ].join('\n');

const chart = (name: string, template: string): ChartFiles => ({ name, version: '0.1.0', files: { 'values.yaml': '{}\n', 'templates/objects.yaml': template } });

const charts: ChartFiles[] = [
  chart('later', deployment('      fieldOfALaterVersion: x\n')),
  chart('plural', deployment('      fieldOfALaterVersion: x\n  alsoLater: 1\n')),
  chart('loose', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: loose}\ndata: {a: b}\nnotAField: kept\n'),
  chart('listy', 'apiVersion: v1\nkind: Service\nmetadata: {name: listy}\nspec: {ports: [{port: 80}]}\nitems: [{apiVersion: v1, kind: ConfigMap, metadata: {name: hidden}}]\n'),
];

let helm = '';
let dir = '';
let server: Awaited<ReturnType<typeof serveRepository>>;

beforeAll(async () => {
  helm = testHelm();
  dir = mkdtempSync(join(tmpdir(), 'kurel-undeclared-'));
  packageCharts(helm, dir, charts);
  server = await serveRepository(dir);
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function build(name: string): Promise<Run> {
  const folder = join(dir, `app-${name}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'app.yaml'),
    [
      'apiVersion: launcher.gokure.dev/v1alpha1',
      'kind: Application',
      'metadata: {name: shop, namespace: shop}',
      'spec:',
      '  components:',
      `    - name: ${name}`,
      '      type: helmtemplate',
      '      properties:',
      `        source: {url: "${server.url}"}`,
      `        chart: ${name}`,
      '        version: 0.1.0',
      '',
    ].join('\n'),
  );
  writeFileSync(join(folder, '.kurelrc.json'), '{}');
  return kurel(folder, ['build', 'app.yaml'], { KUREL_HELM: helm, KUREL_CACHE_DIR: join(folder, 'cache') });
}

describe('chart-rendered objects with fields their Go type does not declare', () => {
  it('refuses a Deployment setting spec.template.spec.fieldOfALaterVersion, naming the object and the path', async () => {
    const result = await build('later');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'Deployment "shop/thing": undeclared field spec.template.spec.fieldOfALaterVersion: the apps/v1 Deployment type this build reads the object with does not declare it, so the object cannot be checked against environment policy',
    );
  });

  it('names every field, in the plural', async () => {
    const result = await build('plural');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('undeclared fields spec.template.spec.fieldOfALaterVersion, spec.alsoLater: the apps/v1 Deployment type this build reads the object with does not declare them,');
  });

  it('keeps a ConfigMap with a field its Go type lacks as rendered', async () => {
    const result = await build('loose');
    expect(result.status, result.stderr).toBe(0);
    const configMap = parseAllDocuments(result.stdout).map((d) => d.toJS() as any).find((o) => o?.kind === 'ConfigMap');
    expect(configMap).toMatchObject({ data: { a: 'b' }, notAField: 'kept' });
  });

  it('refuses a Service with a top-level items array', async () => {
    const result = await build('listy');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Service "shop/listy": the v1 Service type declares no `items` field, and written out with one the object is a list whose items would be applied in its place; remove the field');
  });
});
