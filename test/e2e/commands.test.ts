import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileEditorSchema } from '../support/editor-schema.js';

// validate, schemas, explain and plugins through the real CLI.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const kurel = (args: string[], cwd = repo) => spawnSync(process.execPath, [join(repo, 'bin/kurel'), ...args], { cwd, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });

let dir: string;
let schemas: string;
/** The schemas with the redis-sidecar example plugin configured (its example's config). */
let withPlugin: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kurel-commands-'));
  schemas = join(dir, 'schemas');
  withPlugin = join(dir, 'with-plugin');
  for (const [output, cwd] of [
    [schemas, repo],
    [withPlugin, join(repo, 'examples/redis-sidecar')],
  ]) {
    const result = kurel(['schemas', '--output', output], cwd);
    if (result.status !== 0) throw new Error(result.stderr);
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ajv() {
  return new Ajv2020({ strict: true, allErrors: true });
}

const compiledSchemas = new Map<string, ValidateFunction>();

/** A schema file compiled in strict mode, once: the application schema takes seconds to compile (its parts under application/ added). */
function compiled(file: string): ValidateFunction {
  let validate = compiledSchemas.get(file);
  if (!validate) {
    validate = file.endsWith('/application.schema.json') ? compileEditorSchema(dirname(file)) : ajv().compile(JSON.parse(readFileSync(file, 'utf8')));
    compiledSchemas.set(file, validate);
  }
  return validate;
}

describe('kurel schemas', () => {
  it('writes one schema per type, the application schema and the docs, every schema compiling in strict mode', () => {
    const files = ['components', 'traits', 'policies'].flatMap((folder) => readdirSync(join(schemas, folder)).map((name) => join(schemas, folder, name)));
    expect(files.map((file) => file.split('/').slice(-2).join('/'))).toEqual(expect.arrayContaining(['components/webservice.schema.json', 'traits/scaler.schema.json', 'policies/dependency.schema.json']));
    // The top-level schemas: the application's, the ClusterProfile's and those of kurel's other documents.
    const documents = readdirSync(schemas).filter((name) => name.endsWith('.schema.json'));
    expect(documents.sort()).toEqual(['application.schema.json', 'capabilitydefinition.schema.json', 'clusterprofile.schema.json', 'config.schema.json', 'environmentset.schema.json', 'package.schema.json']);
    for (const file of [...files, ...documents.map((name) => join(schemas, name))]) {
      expect(() => compiled(file), file).not.toThrow();
      // The editor schema refers to its parts (editor-schema.test.ts); every other schema stands alone.
      if (file.endsWith('/application.schema.json')) continue;
      // Self-contained: every reference points into the same file, so a schema copied alone still works.
      const text = readFileSync(file, 'utf8');
      const defs = JSON.parse(text).$defs ?? {};
      const dangling = [...text.matchAll(/"\$ref":"([^"]*)"|"\$ref": "([^"]*)"/g)].map((match) => match[1] ?? match[2]).filter((ref) => !(ref.startsWith('#/$defs/') && ref.slice(8) in defs));
      expect(dangling, file).toEqual([]);
    }
    expect(readFileSync(join(schemas, 'docs/index.md'), 'utf8')).toContain('[webservice](components/webservice.md)');
    expect(readFileSync(join(schemas, 'docs/components/webservice.md'), 'utf8')).toMatch(/\| `image` \| string \| yes \|/);
  });

  it('writes a page with an example Application for every type', () => {
    const pages = ['components', 'traits', 'policies'].flatMap((folder) => readdirSync(join(schemas, 'docs', folder)).map((name) => `${folder}/${name}`));
    expect(pages.length).toBeGreaterThan(130);
    const withoutExample = pages.filter((page) => !/## Example\n\n.*\n\n```yaml\n# app.yaml\napiVersion: launcher.gokure.dev\/v1alpha1\nkind: Application\n/.test(readFileSync(join(schemas, 'docs', page), 'utf8')));
    expect(withoutExample).toEqual([]);
    // Each example is an Application the editor schema accepts (the engine builds it: publish-examples.test.ts).
    const validate = compiled(join(schemas, 'application.schema.json'));
    const refused = pages.filter((page) => !validate(parse(/```yaml\n([\s\S]*?)```/.exec(readFileSync(join(schemas, 'docs', page), 'utf8'))![1])));
    expect(refused).toEqual([]);
  });

  it('checks each component and trait by its type in the application schema', () => {
    const validate = compiled(join(schemas, 'application.schema.json'));
    expect(validate(parse(readFileSync(join(repo, 'examples/webservice/app.yaml'), 'utf8'))), JSON.stringify(validate.errors)).toBe(true);
    const app = parse(readFileSync(join(repo, 'examples/webservice/app.yaml'), 'utf8'));
    const misspelt = structuredClone(app);
    misspelt.spec.components[0].properties.imag = 'x';
    expect(validate(misspelt)).toBe(false);
    const wrongType = structuredClone(app);
    wrongType.spec.components[0].traits[0].properties.maxReplicas = 'six';
    expect(validate(wrongType)).toBe(false);
  });

  it('accepts a `${name}` placeholder where a package parameter stands for a number, a list or an enum member', () => {
    const validate = compiled(join(schemas, 'application.schema.json'));
    const app = (properties: Record<string, unknown>, traits: unknown[] = []) => ({
      apiVersion: 'launcher.gokure.dev/v1alpha1',
      kind: 'Application',
      metadata: { name: 'shop' },
      spec: { components: [{ name: 'web', type: 'webservice', properties: { image: '${registry}/web:${tag}', ...properties }, traits }] },
    });
    const placeholders = app({ replicas: '${replicas}', env: '${env}', imagePullPolicy: '${pullPolicy}' }, [{ type: 'scaler', properties: { minReplicas: '${min}', maxReplicas: 6 } }]);
    expect(validate(placeholders), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(app({ replicas: 'two' }))).toBe(false);
    expect(validate(app({ imagePullPolicy: 'Sometimes' }))).toBe(false);
    expect(validate(app({ replicas: '${replicas} pods' }))).toBe(false);
  });

  it("publishes a configured plugin's trait beside the built-ins", () => {
    expect(existsSync(join(schemas, 'traits/redis-sidecar.schema.json'))).toBe(false);
    const file = join(withPlugin, 'traits/redis-sidecar.schema.json');
    expect(() => compiled(file)).not.toThrow();
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['image', 'scope']));
    expect(readFileSync(join(withPlugin, 'docs/index.md'), 'utf8')).toContain('| [redis-sidecar](traits/redis-sidecar.md) | @example/kurel-plugin-redis-sidecar |');
    expect(readFileSync(join(withPlugin, 'application.schema.json'), 'utf8')).toContain('"$ref":"application/traits/redis-sidecar.schema.json"');
    expect(existsSync(join(withPlugin, 'application/traits/redis-sidecar.schema.json'))).toBe(true);
  });

  it('prints the set as JSON with neither --output nor --format, as its help says', () => {
    const bare = kurel(['schemas']);
    expect(bare.status).toBe(0);
    expect(bare.stdout).toBe(kurel(['schemas', '--format', 'json']).stdout);
    expect(kurel(['schemas', '--help']).stdout.replace(/\s+/g, ' ')).toContain('Without --output, prints every file as one object keyed by path');
  });

  it('refuses --format beside --output, which would leave one of them unread', () => {
    const result = kurel(['schemas', '--format', 'yaml', '--output', join(mkdtempSync(join(tmpdir(), 'kurel-schemas-')), 'out')]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: --format yaml prints the set: give it without --output, or write the folder without --format\n');
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
    const file = join(dir, 'three.yaml');
    expect(report.diagnostics.map((d: { file: string; line: number; column: number; path: string; component: string }) => [d.file, d.line, d.column, d.path, d.component])).toEqual([
      [file, 8, 37, 'spec.components[0].properties.prot', 'web'],
      [file, 11, 36, 'spec.components[1].properties.replicas', 'db'],
      [file, 14, 20, 'spec.components[2].properties.dta', 'cfg'],
    ]);
    const text = kurel(['validate', file]);
    expect(text.status).toBe(1);
    expect(text.stderr.split('\n').filter((line) => line.startsWith('Error: ')).map((line) => line.split(': ')[1])).toEqual([`${file}:8:37 spec.components[0].properties.prot`, `${file}:11:36 spec.components[1].properties.replicas`, `${file}:14:20 spec.components[2].properties.dta`]);
  });

  it('prints the same refusals with --json, --format json and --format yaml, exit 1 each', () => {
    const file = join(dir, 'three-formats.yaml');
    writeFileSync(file, app);
    const [flag, json, yaml] = [['--json'], ['--format', 'json'], ['--format', 'yaml']].map((format) => kurel(['validate', file, ...format]));
    for (const result of [flag, json, yaml]) expect([result.status, result.stderr]).toEqual([1, '']);
    expect(flag.stdout).toBe(json.stdout);
    expect(JSON.parse(json.stdout).diagnostics).toHaveLength(3);
    expect(parse(yaml.stdout)).toEqual(JSON.parse(json.stdout));
  });

  it('gives every diagnostic in JSON the same fields, null where one does not apply, and names the plugin whose schema refused a value', () => {
    const app = join(dir, 'plugin-property');
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, 'app.yaml'), readFileSync(join(repo, 'examples/redis-sidecar/app.yaml'), 'utf8').replace('maxMemory: 96Mi', 'maxMemory: 96Mi\n            port: many'));
    writeFileSync(join(app, 'kurel.config.mjs'), `export default { plugins: [${JSON.stringify(join(repo, 'examples/plugins/redis-sidecar'))}] };\n`);
    const result = kurel(['validate', join(app, 'app.yaml'), '--profile', join(repo, 'examples/redis-sidecar/profile.yaml'), '--format', 'json']);
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout).diagnostics).toEqual([
      {
        severity: 'error',
        code: 'KUREL_PROPERTY',
        message: 'component "shop" trait "redis-sidecar": expected a whole number, got a string',
        file: join(app, 'app.yaml'),
        line: 19,
        column: 13,
        path: 'spec.components[0].traits[0].properties.port',
        component: 'shop',
        plugin: '@example/kurel-plugin-redis-sidecar',
        refusalClass: null,
      },
    ]);
  });

  it('makes the collision checks of build', () => {
    const object = (name: string, key: string) => `    - name: ${name}\n      type: configmap\n      properties: {objectName: settings, data: {${key}: "1"}}\n`;
    writeFileSync(join(dir, 'collision.yaml'), `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop}\nspec:\n  components:\n${object('a', 'x')}${object('b', 'y')}`);
    const result = kurel(['validate', join(dir, 'collision.yaml')]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('name collision: ConfigMap "default/settings" is named by component "a" (role "object", set by properties.objectName) and by component "b" (role "object", set by properties.objectName); give one of them another name');
  });

  it('reports an input it cannot read in the format asked for', () => {
    const missing = join(dir, 'missing.yaml');
    const result = kurel(['validate', missing, '--format', 'json']);
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      valid: false,
      diagnostics: [{ severity: 'error', code: 'KUREL_INPUT', message: `accessing "${missing}": no such file or directory`, file: missing, line: null, column: null, path: null, component: null, plugin: null, refusalClass: null }],
    });
  });

  it('exits 0 on a valid application, writing nothing to stdout but the verdict', () => {
    const result = kurel(['validate', 'examples/webservice']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe('examples/webservice: valid');
  });

  it('shows warnings and passes, and turns them into errors with --strict', () => {
    // A plugin trait that a CapabilityDefinition describes, with no schema of its own, bound by the profile with no definition, is a warning.
    const app = join(dir, 'custom');
    mkdirSync(app, { recursive: true });
    const stamp = "export default { meta: { name: 'acme-stamp', version: '1.0.0', kurelApi: '^2.0.0' }, traits: [{ type: 'stamp', description: 'Stamps.', capability: { definition: true }, apply() {} }] };\n";
    writeFileSync(join(app, 'stamp-plugin.mjs'), stamp);
    writeFileSync(join(app, '.kurelrc.yaml'), 'plugins:\n  - ./stamp-plugin.mjs\n');
    writeFileSync(join(app, 'app.yaml'), 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop}\nspec:\n  components:\n    - name: web\n      type: worker\n      properties: {image: ghcr.io/example/web:v1.0.0}\n      traits:\n        - type: stamp\n');
    writeFileSync(join(app, 'profile.yaml'), 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata: {name: dev}\nspec:\n  capabilities:\n    stamp: {}\n');
    const relaxed = kurel(['validate', join(app, 'app.yaml'), '--profile', join(app, 'profile.yaml')]);
    expect(relaxed.status, relaxed.stderr).toBe(0);
    expect(relaxed.stderr).toContain('warning: no CapabilityDefinition found for custom trait "stamp"');
    const strict = kurel(['validate', join(app, 'app.yaml'), '--profile', join(app, 'profile.yaml'), '--strict']);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain('Error: no CapabilityDefinition found for custom trait "stamp"');
  });

  it('takes a plugin trait\'s own schema as its CapabilityDefinition: no warning', () => {
    const app = join(dir, 'redis');
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, 'app.yaml'), readFileSync(join(repo, 'examples/redis-sidecar/app.yaml'), 'utf8'));
    writeFileSync(join(app, 'kurel.config.ts'), `export default { plugins: [${JSON.stringify(join(repo, 'examples/plugins/redis-sidecar'))}] };\n`);
    const result = kurel(['validate', join(app, 'app.yaml'), '--profile', join(repo, 'examples/redis-sidecar/profile.yaml'), '--strict']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
  });
});

describe('kurel explain', () => {
  it('names the rule, its three members and the three objects of a webservice (the text form is pinned by test/golden-explain)', () => {
    writeFileSync(join(dir, 'web.yaml'), 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop}\nspec:\n  components:\n    - name: web\n      type: webservice\n      properties: {image: ghcr.io/example/web:v1.0.0}\n');
    const result = kurel(['explain', join(dir, 'web.yaml'), '--json']);
    expect(result.status, result.stderr).toBe(0);
    const [chain] = JSON.parse(result.stdout).components;
    expect(chain.steps.map((step: { rule: string }) => step.rule)).toEqual(['component/webservice@v1alpha1']);
    expect(chain.members.map((member: { type: string; rule: string }) => `${member.type} ${member.rule}`)).toEqual([
      'deployment component/webservice@v1alpha1',
      'service component/webservice@v1alpha1',
      'serviceaccount component/webservice@v1alpha1',
    ]);
    expect(chain.objects.map((object: { kind: string; namespace: string; name: string }) => `${object.kind} ${object.namespace}/${object.name}`)).toEqual(['Deployment default/web', 'Service default/web', 'ServiceAccount default/web']);
    const text = kurel(['explain', join(dir, 'web.yaml')]);
    expect(text.stdout).toContain('rule component/webservice@v1alpha1');
    for (const object of ['Deployment/web  in default', 'Service/web  in default', 'ServiceAccount/web  in default']) expect(text.stdout).toContain(object);
  });

  it('shows where one object came from with --object, and refuses an object the build does not generate', () => {
    const one = kurel(['explain', 'examples/webservice', '--object', 'ConfigMap/storefront-settings', '--json']);
    const report = JSON.parse(one.stdout);
    expect(report.components).toHaveLength(1);
    expect(report.components[0].objects).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'storefront-settings', producer: 'sub-application "storefront-settings" of component "storefront"' }]);
    const none = kurel(['explain', 'examples/webservice', '--object', 'Secret/nope']);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('--object Secret/nope: the build generates no such object');
    const malformed = kurel(['explain', 'examples/webservice', '--object', 'Deployment']);
    expect(malformed.status).toBe(1);
    expect(malformed.stderr).toBe('Error: --object Deployment: expected Kind/name, e.g. Deployment/web\n');
  });
});

describe('kurel plugins', () => {
  it('lists the built-ins and a configured plugin with what each contributes', () => {
    const result = kurel(['plugins', '--json'], join(repo, 'examples/redis-sidecar'));
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout);
    const sidecar = report.plugins.find((plugin: { name: string }) => plugin.name === '@example/kurel-plugin-redis-sidecar');
    expect(sidecar).toMatchObject({
      version: '0.1.0',
      kurelApi: '^2.0.0',
      resolvedFrom: join(repo, 'examples/plugins/redis-sidecar/src/index.ts'),
      builtin: false,
      types: { traits: ['redis-sidecar'] },
      contractCheck: 'passed',
    });
    expect(sidecar.problem).toBeUndefined();
    expect(report.plugins.filter((plugin: { builtin: boolean }) => plugin.builtin).map((plugin: { name: string }) => plugin.name)).toEqual([
      'kurel-builtin-components',
      'kurel-builtin-kinds',
      'kurel-builtin-traits',
      'kurel-builtin-policies',
    ]);
  });

  it('says the same in text', () => {
    const result = kurel(['plugins'], join(repo, 'examples/redis-sidecar'));
    expect(result.status, result.stderr).toBe(0);
    const block = result.stdout.split('\n\n').find((entry) => entry.startsWith('@example/kurel-plugin-redis-sidecar'));
    expect(block?.split('\n')).toEqual([
      '@example/kurel-plugin-redis-sidecar 0.1.0 (kurelApi ^2.0.0) — contract check passed',
      `  from ${join(repo, 'examples/plugins/redis-sidecar/src/index.ts')}`,
      '  traits: redis-sidecar',
      '',
    ]);
    expect(kurel(['plugins'], repo).stdout).not.toContain('redis-sidecar');
  });

  it('reports a plugin that fails the contract check, exiting 1', () => {
    writeFileSync(join(dir, 'old.mjs'), "export default { meta: { name: 'old-plugin', version: '1.0.0', kurelApi: '^9.0.0' } };\n");
    writeFileSync(join(dir, '.kurelrc.json'), JSON.stringify({ plugins: ['./old.mjs'] }));
    const result = kurel(['plugins', '--json'], dir);
    expect(result.status).toBe(1);
    const old = JSON.parse(result.stdout).plugins.find((plugin: { name: string }) => plugin.name === 'old-plugin');
    expect(old.problem).toContain('requires kurel plugin API "^9.0.0"');
    expect(old.contractCheck).toBe('refused');
    const text = kurel(['plugins'], dir);
    expect(text.status).toBe(1);
    expect(text.stdout).toContain('old-plugin 1.0.0 (kurelApi ^9.0.0) — contract check REFUSED: ');
    rmSync(join(dir, '.kurelrc.json'));
  });
});
