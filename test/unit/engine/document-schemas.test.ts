import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadCapabilityDefinitions } from '../../../src/engine/documents/capability-definitions.js';
import { isKurelError } from '../../../src/plugin-api/diagnostics.js';
import { parseEnvironmentSet } from '../../../src/engine/documents/environment-set.js';
import { parsePackage } from '../../../src/engine/documents/package.js';
import { publishSchemas } from '../../../src/engine/publish/index.js';
import { PUBLISHED_DOCUMENTS } from '../../../src/engine/publish/documents.js';
import { parseSingleSource } from '../../../src/engine/yaml/source.js';
import { loadConfig } from '../../../src/host/config/load-config.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { registryOf } from './support.js';

// The published schemas of kurel's own documents say what their loaders accept. Each document the
// project holds (its examples, the test fixtures, each page's example) and every mutation of it
// (a key added, a key removed, a value replaced by one of another type) goes through the schema
// and through the real loader; they must agree.

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'kurel-document-schemas-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const { files } = publishSchemas(registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]));
const published = (name: string) => JSON.parse(files[`${name}.schema.json`]);

/** Whether the loader takes the document; a refusal that is not kurel's own is a test failure. */
type Loader = (document: unknown) => Promise<boolean>;

async function accepts(load: () => unknown): Promise<boolean> {
  try {
    await load();
    return true;
  } catch (error) {
    if (isKurelError(error)) return false;
    throw error;
  }
}

let configs = 0;
const LOADERS: Record<string, Loader> = {
  package: (document) => accepts(() => parsePackage(parseSingleSource({ file: 'kurel.yaml', text: stringify(document) }, 'package file'))),
  // Documents of other kinds are skipped by the loader: a CapabilityDefinition is one it reads.
  capabilitydefinition: async (document) => {
    let read = 0;
    const ok = await accepts(() => (read = loadCapabilityDefinitions([{ file: 'definition.yaml', text: stringify(document) }]).size));
    return ok && read === 1;
  },
  environmentset: (document) => accepts(() => parseEnvironmentSet({ file: 'environments.yaml', text: stringify(document) })),
  config: (document) =>
    accepts(() => {
      const file = join(scratch, `config-${configs++}.json`);
      writeFileSync(file, JSON.stringify(document));
      return loadConfig({ searchFrom: scratch, explicitFile: file });
    }),
};

const yamlFiles = (folder: string) => readdirSync(join(repo, folder)).filter((name) => name.endsWith('.yaml')).map((name) => join(folder, name));
const goldenWith = (file: string) => readdirSync(join(repo, 'test/golden'), { withFileTypes: true }).filter((entry) => entry.isDirectory() && readdirSync(join(repo, 'test/golden', entry.name)).includes(file)).map((entry) => entry.name).map((name) => `test/golden/${name}/${file}`);

/** The project's own documents of each kind, by file. */
const CORPUS: Record<string, string[]> = {
  package: ['examples/package/kurel.yaml', 'examples/helm-template/kurel.yaml', ...goldenWith('kurel.yaml')],
  capabilitydefinition: [...yamlFiles('examples/redis-sidecar/definitions'), ...yamlFiles('test/golden/error-trait-no-handler/definitions')],
  environmentset: ['examples/shop/environments.yaml'],
  config: [],
};

/** The page's printed examples, parsed: the seeds every kind is mutated from, with the corpus. */
function pageExamples(name: string): unknown[] {
  return [...files[`docs/${name}.md`].matchAll(/```yaml\n# (\S+)\n([\s\S]*?)```/g)].filter(([, file]) => !['app.yaml', 'values.yaml'].includes(file)).map(([, , text]) => parse(text));
}

const OTHER_VALUES: unknown[] = ['x', '', 0, 7, -1, 1.5, true, null, [], {}, ['x'], { a: 'b' }];

/** Every document one edit away: a key added to a map, a key removed, a value replaced. */
function mutations(document: unknown): Array<{ what: string; document: unknown }> {
  const out: Array<{ what: string; document: unknown }> = [];
  const edit = (path: (string | number)[], change: (parent: Record<string | number, unknown>, key: string | number) => void, what: string) => {
    const copy = structuredClone(document) as Record<string | number, unknown>;
    let parent = copy;
    for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
    change(parent, path[path.length - 1]);
    out.push({ what, document: copy });
  };
  const visit = (value: unknown, path: (string | number)[]) => {
    if (path.length > 0) for (const other of OTHER_VALUES) edit(path, (parent, key) => (parent[key] = structuredClone(other)), `${path.join('.')} = ${JSON.stringify(other)}`);
    if (Array.isArray(value)) value.forEach((entry, index) => visit(entry, [...path, index]));
    else if (typeof value === 'object' && value !== null) {
      const copy = structuredClone(document) as Record<string, unknown>;
      let target = copy;
      for (const step of path) target = target[step] as Record<string, unknown>;
      target.unknownField = 1;
      out.push({ what: `${[...path, 'unknownField'].join('.')} added`, document: copy });
      for (const key of Object.keys(value)) {
        edit([...path, key], (parent, at) => delete parent[at], `${[...path, key].join('.')} removed`);
        visit((value as Record<string, unknown>)[key], [...path, key]);
      }
    }
  };
  visit(document, []);
  return out;
}

/**
 * Mutations whose refusal depends on more than the document: a policy given as a module path is
 * loaded (the schema takes any path), and an empty config file is no config.
 */
const BEYOND_SCHEMA: Record<string, (what: string) => boolean> = {
  config: (what) => /^policy = "/.test(what) || what === ' = null',
};

describe.each(PUBLISHED_DOCUMENTS.map((document) => document.name))('the published %s schema', (name) => {
  const validate = new Ajv2020({ strict: true, allErrors: true }).compile(published(name));
  const load = LOADERS[name];
  const seeds = [...CORPUS[name].map((file) => parse(readFileSync(join(repo, file), 'utf8'))), ...pageExamples(name)];

  it("accepts the project's own documents and the page's example, as the loader does", async () => {
    expect(seeds.length).toBeGreaterThan(0);
    for (const seed of seeds) {
      expect(validate(seed), JSON.stringify(validate.errors)).toBe(true);
      expect(await load(seed)).toBe(true);
    }
  });

  it('agrees with the loader on every document one edit away from them', async () => {
    const disagreements: string[] = [];
    let refused = 0;
    for (const seed of seeds) {
      for (const { what, document } of mutations(seed)) {
        if (BEYOND_SCHEMA[name]?.(what)) continue;
        const [bySchema, byLoader] = [validate(document), await load(document)];
        if (!byLoader) refused++;
        if (bySchema !== byLoader) disagreements.push(`${what}: schema ${bySchema ? 'accepts' : 'refuses'}, loader ${byLoader ? 'accepts' : 'refuses'}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(refused).toBeGreaterThan(10);
  });
});

describe('the example of each document page', () => {
  it('builds as printed: the package with its app.yaml and values.yaml', async () => {
    const { buildFetching } = await import('../../../src/engine/build.js');
    const page = files['docs/package.md'];
    const block = (file: string) => new RegExp(`\`\`\`yaml\\n# ${file.replace('.', '\\.')}\\n([\\s\\S]*?)\`\`\``).exec(page)![1];
    const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);
    const input = {
      application: { file: 'app.yaml', text: block('app.yaml') },
      package: { file: 'kurel.yaml', text: block('kurel.yaml') },
      values: [{ file: 'values.yaml', text: block('values.yaml') }],
      settings: { domain: 'launcher.gokure.dev', clusterId: 'local' },
    };
    const result = await buildFetching(input, registry, async () => ({}), async () => ({}));
    const deployment = result.objects.find((object) => object.kind === 'Deployment') as unknown as { spec: { replicas: number; template: { spec: { containers: Array<{ image: string }> } } } };
    expect(deployment.spec.replicas).toBe(3);
    expect(deployment.spec.template.spec.containers[0].image).toBe('ghcr.io/example/api:v1.4.2');
  });

  it('reads as printed: the config through the config loader', async () => {
    const text = /```yaml\n# \.kurelrc\.yaml\n([\s\S]*?)```/.exec(files['docs/config.md'])![1];
    const folder = mkdtempSync(join(scratch, 'rc-'));
    writeFileSync(join(folder, '.kurelrc.yaml'), text);
    const { config } = await loadConfig({ searchFrom: folder });
    expect(config.plugins).toEqual(['@example/kurel-plugin-redis-sidecar']);
    expect(config.limits.components).toBe(500);
    expect(config.egressPeers?.api[0].namespace).toBe('monitoring');
  });

  it('lists every document in the index, with a schema and a page', () => {
    for (const document of PUBLISHED_DOCUMENTS) {
      expect(files['docs/index.md']).toContain(`](${document.name}.md)`);
      expect(files[`docs/${document.name}.md`]).toContain(`Schema: \`${document.name}.schema.json\``);
    }
  });
});
