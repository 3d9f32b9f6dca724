import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The schemas generated from CRD manifests (plugins/builtin-kinds/generated/<family>), 1.3 MB of
 * the built-in kinds' 1.9 MB, each a file of its own, required when a kind of the family is
 * first validated or published rather than read, compiled and declared at every start (some
 * 4 ms). In the kinds' bundle each family's module is a stand-in with the same exports: each
 * kind's schema function calls the family's own on first use.
 */
const GENERATED_SCHEMAS = resolve('plugins/builtin-kinds/generated');
const schemaFamilies = readdirSync(GENERATED_SCHEMAS).filter((name) => statSync(join(GENERATED_SCHEMAS, name)).isDirectory());
const LAZY_SCHEMAS = '\0kurel-lazy-schemas:';
const schemaFile = (family) => `./kinds-schemas/${family}.cjs`;

/** Each family's generated module as an entry of its own: `plugins/kinds-schemas/<family>.cjs`. */
export const schemaEntries = () => Object.fromEntries(schemaFamilies.map((family) => [`plugins/kinds-schemas/${family}`, join(GENERATED_SCHEMAS, family, 'index.ts')]));

/** The exported API groups of a generated module and each one's kinds: `export const certManagerIoV1 = { Certificate: …, };`. */
function generatedExports(family) {
  const text = readFileSync(join(GENERATED_SCHEMAS, family, 'index.ts'), 'utf8');
  const groups = [...text.matchAll(/^export const (\w+) = \{\n((?:  \w+: \w+,\n)*)\};$/gm)].map(([, group, body]) => ({ group, kinds: [...body.matchAll(/^ {2}(\w+):/gm)].map(([, kind]) => kind) }));
  // Every export must be a group of that shape, or the stand-in would lack it.
  if (groups.length === 0 || groups.length !== text.match(/^export /gm).length) {
    throw new Error(`${family}: the generated module exports what the lazy stand-in does not know (scripts/bundle/lazy-schemas.mjs)`);
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
    const family = schemaFamilies.find((name) => target === join(GENERATED_SCHEMAS, name, 'index'));
    return family ? `${LAZY_SCHEMAS}${family}` : null;
  },
  load(id) {
    if (!id.startsWith(LAZY_SCHEMAS)) return null;
    const family = id.slice(LAZY_SCHEMAS.length);
    const lines = [`let family;`, `const load = () => (family ??= require(${JSON.stringify(schemaFile(family))}));`];
    for (const { group, kinds } of generatedExports(family)) {
      lines.push(`export const ${group} = {`, ...kinds.map((kind) => `  ${kind}: () => load().${group}.${kind}(),`), '};');
    }
    return lines.join('\n');
  },
};
