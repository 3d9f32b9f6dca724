import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { packageCharts, serveRepository, testHelm, type ChartFiles } from './chart-fixtures.js';
import { kurel, type Run } from './run-kurel.js';

// The reference decodes each object a chart renders with its scheme (the layout spec, §3.1):
// "a registered kind becomes its Go type (so it is re-encoded the typed way: e.g. `strategy: {}`,
// `passwordSecret: {}` appear, empty `creationTimestamp` dropped), an object with a field its Go
// type lacks stays as rendered".

const deployment = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: web',
  '  creationTimestamp:',
  'spec:',
  '  replicas: 2',
  '  selector: {matchLabels: {app: web}}',
  '  template:',
  '    metadata:',
  '      creationTimestamp:',
  '      labels: {app: web}',
  '    spec:',
  '      containers:',
  '        - name: web',
  '          image: registry.example.com/web:1.0',
  '          resources:',
  '            requests: {cpu: 0.5, memory: 1024Mi}',
  '        - name: sidecar',
  '          image: registry.example.com/sidecar:1.0',
  '          resources:',
].join('\n');

const typedService = 'apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec:\n  selector: {app: web}\n  ports: [{name: http, port: 80}]\n';
// `spec.publishNotReady` is no field of the Service Go type: the object stays as rendered.
const looseService = 'apiVersion: v1\nkind: Service\nmetadata: {name: loose}\nspec:\n  selector: {app: web}\n  ports: [{port: 81}]\n  publishNotReady: true\n';
const widget = 'apiVersion: widgets.example.com/v1\nkind: Widget\nmetadata:\n  name: gadget\nspec:\n  size: 3\n  strategy:\n  template: {metadata: {labels: {}}}\n';
const cluster = [
  'apiVersion: postgresql.cnpg.io/v1',
  'kind: Cluster',
  'metadata: {name: db}',
  'spec:',
  '  instances: 1',
  '  storage: {size: 1024Mi}',
  '  managed:',
  '    roles:',
  '      - {name: app, login: true, passwordSecret: {name: app-password}}',
  '      - {name: reader, disablePassword: false}',
].join('\n');

const typedChart: ChartFiles = {
  name: 'typed',
  version: '0.1.0',
  files: {
    'values.yaml': '{}\n',
    'templates/deployment.yaml': deployment,
    'templates/services.yaml': `${typedService}---\n${looseService}`,
    'templates/widget.yaml': widget,
    'templates/cluster.yaml': cluster,
  },
};

let helm = '';
let dir = '';
let server: Awaited<ReturnType<typeof serveRepository>>;
let built: Promise<Run> | undefined;

beforeAll(async () => {
  helm = testHelm();
  dir = mkdtempSync(join(tmpdir(), 'kurel-typed-'));
  packageCharts(helm, dir, [typedChart]);
  server = await serveRepository(dir);
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function build(): Promise<Run> {
  if (built) return built;
  const folder = join(dir, 'app');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'app.yaml'),
    [
      'apiVersion: launcher.gokure.dev/v1alpha1',
      'kind: Application',
      'metadata: {name: shop, namespace: shop}',
      'spec:',
      '  components:',
      '    - name: typed',
      '      type: helmtemplate',
      '      properties:',
      `        source: {url: "${server.url}"}`,
      '        chart: typed',
      '        version: 0.1.0',
      '        scopeOverrides: [{apiVersion: widgets.example.com/v1, kind: Widget, scope: Namespaced}]',
      '',
    ].join('\n'),
  );
  writeFileSync(join(folder, '.kurelrc.json'), '{}');
  built = kurel(folder, ['build', 'app.yaml'], { KUREL_HELM: helm, KUREL_CACHE_DIR: join(folder, 'cache') });
  return built;
}

/** The printed object of a kind and name, with the text of its document. */
async function printed(kind: string, name: string): Promise<{ object: any; text: string }> {
  const result = await build();
  expect(result.status, result.stderr).toBe(0);
  const documents = parseAllDocuments(result.stdout);
  const document = documents.find((d) => d.get('kind') === kind && (d.toJS() as any).metadata?.name === name);
  if (!document) throw new Error(`no ${kind} "${name}" in:\n${result.stdout}`);
  return { object: document.toJS(), text: String(document) };
}

describe('objects a chart renders, re-encoded through the Go type of their kind', () => {
  it('writes a Deployment the typed way: strategy {}, resources {} for a null one, canonical quantities, no creationTimestamp, no status', async () => {
    const { object, text } = await printed('Deployment', 'web');
    expect(object.spec.strategy).toEqual({});
    expect(object.spec.template.spec.containers[0].resources).toEqual({ requests: { cpu: '500m', memory: '1Gi' } });
    expect(object.spec.template.spec.containers[1].resources).toEqual({});
    expect(text).not.toContain('creationTimestamp');
    expect(object).not.toHaveProperty('status');
    expect(object.spec.replicas).toBe(2);
  });

  it("writes a Service port's unset targetPort as Go's zero IntOrString", async () => {
    const { object } = await printed('Service', 'web');
    expect(object.spec.ports).toEqual([{ name: 'http', port: 80, targetPort: 0 }]);
    expect(object).not.toHaveProperty('status');
  });

  it('keeps an object with a field its Go type lacks as rendered', async () => {
    const { object } = await printed('Service', 'loose');
    expect(object.spec).toEqual({ selector: { app: 'web' }, ports: [{ port: 81 }], publishNotReady: true });
  });

  it('keeps an object of a kind no scheme registers as rendered', async () => {
    const { object } = await printed('Widget', 'gadget');
    expect(object.spec).toEqual({ size: 3, strategy: null, template: { metadata: { labels: {} } } });
  });

  it('writes a registered CRD kind through its Go type: CNPG Cluster structs held by value appear', async () => {
    const { object } = await printed('Cluster', 'db');
    expect(object.spec.postgresql).toEqual({ syncReplicaElectionConstraint: { enabled: false } });
    expect(object.spec.affinity).toEqual({});
    expect(object.spec.resources).toEqual({});
    // StorageConfiguration.Size is a string in the Go type, not a Quantity: written as rendered.
    expect(object.spec.storage).toEqual({ size: '1024Mi' });
    expect(object.spec.managed.roles).toEqual([{ name: 'app', login: true, passwordSecret: { name: 'app-password' } }, { name: 'reader' }]);
  });
});
