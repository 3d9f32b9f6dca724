import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// validate, schemas, explain and plugins through the real CLI.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const kurel = (args: string[], cwd = repo) => spawnSync(process.execPath, [join(repo, 'bin/kurel'), ...args], { cwd, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });

let dir: string;
let schemas: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kurel-commands-'));
  schemas = join(dir, 'schemas');
  const result = kurel(['schemas', '--output', schemas]);
  if (result.status !== 0) throw new Error(result.stderr);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ajv() {
  return new Ajv2020({ strict: true, allErrors: true });
}

describe('kurel schemas', () => {
  it('writes one schema per type, the application schema and the docs, every schema compiling in strict mode', () => {
    const files = ['components', 'traits', 'policies'].flatMap((folder) => readdirSync(join(schemas, folder)).map((name) => join(schemas, folder, name)));
    expect(files.map((file) => file.split('/').slice(-2).join('/'))).toEqual(expect.arrayContaining(['components/webservice.schema.json', 'traits/scaler.schema.json', 'policies/dependency.schema.json']));
    for (const file of [...files, join(schemas, 'application.schema.json')]) {
      expect(() => ajv().compile(JSON.parse(readFileSync(file, 'utf8'))), file).not.toThrow();
    }
    expect(readFileSync(join(schemas, 'docs/index.md'), 'utf8')).toContain('[webservice](components/webservice.md)');
    expect(readFileSync(join(schemas, 'docs/components/webservice.md'), 'utf8')).toMatch(/\| `image` \| string \| yes \|/);
  });

  it('writes a page with an example Application for every type', () => {
    const pages = ['components', 'traits', 'policies'].flatMap((folder) => readdirSync(join(schemas, 'docs', folder)).map((name) => `${folder}/${name}`));
    expect(pages.length).toBeGreaterThan(130);
    const withoutExample = pages.filter((page) => !/## Example\n\n```yaml\napiVersion: launcher.gokure.dev\/v1alpha1\nkind: Application\n/.test(readFileSync(join(schemas, 'docs', page), 'utf8')));
    expect(withoutExample).toEqual([]);
  });

  it('checks each component and trait by its type in the application schema', () => {
    const validate = ajv().compile(JSON.parse(readFileSync(join(schemas, 'application.schema.json'), 'utf8')));
    expect(validate(parse(readFileSync(join(repo, 'examples/webservice/app.yaml'), 'utf8'))), JSON.stringify(validate.errors)).toBe(true);
    const app = parse(readFileSync(join(repo, 'examples/webservice/app.yaml'), 'utf8'));
    const misspelt = structuredClone(app);
    misspelt.spec.components[0].properties.imag = 'x';
    expect(validate(misspelt)).toBe(false);
    const wrongType = structuredClone(app);
    wrongType.spec.components[0].traits[0].properties.maxReplicas = 'six';
    expect(validate(wrongType)).toBe(false);
  });

  it('accepts every public reference application whose types are all registered', () => {
    const schema = JSON.parse(readFileSync(join(schemas, 'application.schema.json'), 'utf8'));
    const validate = ajv().compile(schema);
    const item = schema.properties.spec.properties.components.items;
    const componentTypes = new Set<string>(item.properties.type.enum);
    const traitTypes = new Set<string>(item.properties.traits.items.properties.type.enum);
    const shared = join(repo, '../shared/conformance');
    const apps = ['cases', 'legacy'].flatMap((folder) => {
      try {
        return readdirSync(join(shared, folder)).map((name) => join(shared, folder, name, 'app.yaml'));
      } catch {
        return [];
      }
    });
    let accepted = 0;
    for (const file of apps) {
      let document;
      try {
        document = parse(readFileSync(file, 'utf8'));
      } catch {
        continue;
      }
      const components = document?.spec?.components ?? [];
      const known = components.every((c: { type: string; traits?: Array<{ type: string }> }) => componentTypes.has(c.type) && (c.traits ?? []).every((t) => traitTypes.has(t.type)));
      if (!known || JSON.stringify(document).includes('${')) continue;
      expect(validate(document), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
      accepted++;
    }
    if (apps.length > 0) expect(accepted).toBeGreaterThanOrEqual(12);
  });

  it('prints the set as JSON with --format json', () => {
    const result = kurel(['schemas', '--format', 'json']);
    expect(result.status).toBe(0);
    expect(Object.keys(JSON.parse(result.stdout))).toContain('components/webservice.schema.json');
  });
});

describe('kurel validate', () => {
  const app = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop}
spec:
  components:
    - name: web
      type: webservice
      properties: {image: x/web:v1, prot: 80}
    - name: db
      type: worker
      properties: {image: x/db:v1, replicas: two}
    - name: cfg
      type: configmap
      properties: {dta: {a: b}}
`;

  it('reports every independent error with file, line and column, and exits 1', () => {
    writeFileSync(join(dir, 'three.yaml'), app);
    const result = kurel(['validate', join(dir, 'three.yaml'), '--format', 'json']);
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.valid).toBe(false);
    expect(report.diagnostics.map((d: { line: number; column: number; path: string }) => [d.line, d.column, d.path])).toEqual([
      [8, 37, 'spec.components[0].properties.prot'],
      [11, 36, 'spec.components[1].properties.replicas'],
      [14, 20, 'spec.components[2].properties.dta'],
    ]);
  });

  it('exits 0 on a valid application, writing nothing to stdout but the verdict', () => {
    const result = kurel(['validate', 'examples/webservice']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe('examples/webservice: valid');
  });

  it('shows warnings and passes, and turns them into errors with --strict', () => {
    // A custom trait bound by the profile with no CapabilityDefinition is a warning.
    const app = join(dir, 'custom');
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, 'app.yaml'), readFileSync(join(repo, 'examples/redis-sidecar/app.yaml'), 'utf8'));
    writeFileSync(join(app, 'kurel.config.ts'), `export default { plugins: [${JSON.stringify(join(repo, 'examples/plugins/redis-sidecar'))}] };\n`);
    const profile = join(repo, 'examples/redis-sidecar/profile.yaml');
    const relaxed = kurel(['validate', join(app, 'app.yaml'), '--profile', profile]);
    expect(relaxed.status, relaxed.stderr).toBe(0);
    expect(relaxed.stderr).toContain('warning: no CapabilityDefinition found for custom trait "redis-sidecar"');
    const strict = kurel(['validate', join(app, 'app.yaml'), '--profile', profile, '--strict']);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain('Error: no CapabilityDefinition found for custom trait "redis-sidecar"');
  });
});

describe('kurel explain', () => {
  it('names the rule, its three members and the three objects of a webservice', () => {
    writeFileSync(join(dir, 'web.yaml'), 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop}\nspec:\n  components:\n    - name: web\n      type: webservice\n      properties: {image: ghcr.io/example/web:v1.0.0}\n');
    const result = kurel(['explain', join(dir, 'web.yaml')]);
    expect(result.status).toBe(0);
    expect(result.stdout.replace(dir, '<dir>')).toBe(`application "shop" (namespace default)
  component "web" (type webservice) at <dir>/web.yaml:6:7
    rule component/webservice@v1alpha1 (round 0): "web" -> [web, web, web]
    deployment "web" emitted by component/webservice@v1alpha1
      trait topology-spread emitted by component/webservice@v1alpha1
    service "web" emitted by component/webservice@v1alpha1
    serviceaccount "web" emitted by component/webservice@v1alpha1
    objects
      Deployment default/web  (component "web")
      Service default/web  (component "web")
      ServiceAccount default/web  (component "web")
`);
  });

  it('shows where one object came from with --object, and refuses an object the build does not generate', () => {
    const one = kurel(['explain', 'examples/webservice', '--object', 'ConfigMap/storefront-settings', '--json']);
    const report = JSON.parse(one.stdout);
    expect(report.components).toHaveLength(1);
    expect(report.components[0].objects).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'storefront-settings', producer: 'sub-application "storefront-settings" of component "storefront"' }]);
    const none = kurel(['explain', 'examples/webservice', '--object', 'Secret/nope']);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('--object Secret/nope: the build generates no such object');
  });
});

describe('kurel plugins', () => {
  it('lists the built-ins and a configured plugin with what each contributes', () => {
    const result = kurel(['plugins', '--json'], join(repo, 'examples/redis-sidecar'));
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout);
    const sidecar = report.plugins.find((plugin: { name: string }) => plugin.name === '@example/kurel-plugin-redis-sidecar');
    expect(sidecar).toMatchObject({ version: '0.1.0', kurelApi: '^1.0.0', builtin: false, types: { traits: ['redis-sidecar'] } });
    expect(sidecar.problem).toBeUndefined();
    expect(report.plugins.filter((plugin: { builtin: boolean }) => plugin.builtin).length).toBeGreaterThanOrEqual(3);
  });

  it('reports a plugin that fails the contract check, exiting 1', () => {
    writeFileSync(join(dir, 'old.mjs'), "export default { meta: { name: 'old-plugin', version: '1.0.0', kurelApi: '^9.0.0' } };\n");
    writeFileSync(join(dir, '.kurelrc.json'), JSON.stringify({ plugins: ['./old.mjs'] }));
    const result = kurel(['plugins', '--json'], dir);
    expect(result.status).toBe(1);
    const old = JSON.parse(result.stdout).plugins.find((plugin: { name: string }) => plugin.name === 'old-plugin');
    expect(old.problem).toContain('requires kurel plugin API "^9.0.0"');
    rmSync(join(dir, '.kurelrc.json'));
  });
});
