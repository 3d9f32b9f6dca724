import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The schemas generated from CRD manifests (plugins/builtin-kinds/generated/<family>) and from
 * kubernetes-models (plugins/builtin-kinds/schemas/kubernetes-models), most of the built-in
 * kinds' code, each a file of its own, required when a kind of the family is first validated or
 * published rather than read and compiled at every start: a build of web services reads none of
 * them. In the kinds' bundle each family's module is a stand-in with the same exports: each
 * kind's schema function calls the family's own on first use.
 */
const GENERATED_SCHEMAS = resolve('plugins/builtin-kinds/generated');
const KUBERNETES_SCHEMAS = resolve('plugins/builtin-kinds/schemas/kubernetes-models');
/** Each family's name (its file's name in the bundle) and the folder of its generated `index.ts`. */
const schemaFamilies = [
  ...readdirSync(GENERATED_SCHEMAS)
    .filter((name) => statSync(join(GENERATED_SCHEMAS, name)).isDirectory())
    .map((name) => ({ name, folder: join(GENERATED_SCHEMAS, name) })),
  { name: 'kubernetes-models', folder: KUBERNETES_SCHEMAS },
];
const LAZY_SCHEMAS = '\0kurel-lazy-schemas:';
const schemaFile = (family) => `./kinds-schemas/${family}.cjs`;

/** Each family's generated module as an entry of its own: `plugins/kinds-schemas/<family>.cjs`. */
export const schemaEntries = () => Object.fromEntries(schemaFamilies.map(({ name, folder }) => [`plugins/kinds-schemas/${name}`, join(folder, 'index.ts')]));

/** The exported API groups of a generated module and each one's kinds: `export const certManagerIoV1 = { Certificate: …, };`. */
function generatedExports({ name, folder }) {
  const text = readFileSync(join(folder, 'index.ts'), 'utf8');
  const groups = [...text.matchAll(/^export const (\w+) = \{\n((?:  \w+: \w+,\n)*)\};$/gm)].map(([, group, body]) => ({ group, kinds: [...body.matchAll(/^ {2}(\w+):/gm)].map(([, kind]) => kind) }));
  // Every export must be a group of that shape, or the stand-in would lack it.
  if (groups.length === 0 || groups.length !== text.match(/^export /gm).length) {
    throw new Error(`${name}: the generated module exports what the lazy stand-in does not know (scripts/bundle/lazy-schemas.mjs)`);
  }
  return groups;
}

export const lazySchemas = {
  name: 'kurel-lazy-schemas',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source.startsWith('./kinds-schemas/')) return { id: source, external: true };
    if (!importer || importer.startsWith(LAZY_SCHEMAS)) return null;
    const target = resolve(dirname(importer), source).replace(/\.js$/, '');
    const family = schemaFamilies.find(({ folder }) => target === join(folder, 'index'));
    return family ? `${LAZY_SCHEMAS}${family.name}` : null;
  },
  load(id) {
    if (!id.startsWith(LAZY_SCHEMAS)) return null;
    const family = schemaFamilies.find(({ name }) => name === id.slice(LAZY_SCHEMAS.length));
    const lines = [`let family;`, `const load = () => (family ??= require(${JSON.stringify(schemaFile(family.name))}));`];
    for (const { group, kinds } of generatedExports(family)) {
      lines.push(`export const ${group} = {`, ...kinds.map((kind) => `  ${kind}: () => load().${group}.${kind}(),`), '};');
    }
    return lines.join('\n');
  },
};
