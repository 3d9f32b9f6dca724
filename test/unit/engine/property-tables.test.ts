import { describe, expect, it } from 'vitest';
import { propertyRows } from '../../../src/engine/publish/reference-docs.js';
import { propertyTables } from '../../../src/engine/publish/property-tables.js';
import { publishedTypes } from '../../../src/engine/publish/schema-set.js';
import type { PropertiesSchema } from '../../../src/plugin-api/index.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { registryOf } from './support.js';

/** The first column of a table's rows: each property's name or path. */
const keysOf = (rows: string[]) => rows.filter((line) => line.startsWith('| `')).map((line) => /^\| `([^`]+)`/.exec(line)![1]);

/**
 * Every property path the folded tables let a reader reach: each row's key under the path of the
 * table holding it, following each row's link to the table of its nested fields.
 */
function reachablePaths(lines: string[]): string[] {
  const tables = new Map<string, string[]>();
  let current = '';
  for (const line of lines) {
    const anchor = /^<a id="([^"]+)"><\/a>$/.exec(line);
    if (anchor) current = anchor[1];
    else if (line.startsWith('| `')) tables.set(current, [...(tables.get(current) ?? []), line]);
  }
  const paths: string[] = [];
  const walk = (table: string, prefix: string) => {
    for (const line of tables.get(table) ?? []) {
      const key = /^\| `([^`]+)`/.exec(line)![1];
      paths.push(`${prefix}${key}`);
      const link = /\(\[fields\]\(#([^)]+)\)\)/.exec(line);
      const isList = /^\| `[^`]+` \| [^|]*\[\] \(\[fields\]/.test(line);
      if (link) walk(link[1], `${prefix}${key}${isList ? '[]' : ''}.`);
    }
  };
  walk('', '');
  return paths;
}

const nested: PropertiesSchema = {
  name: { type: 'string', required: true, description: 'Name.' },
  main: { type: 'object', description: 'Main.', properties: { image: { type: 'string', description: 'Image.' }, env: { type: 'array', description: 'Env.', items: { type: 'object', properties: { key: { type: 'string', description: 'Key.' } } } } } },
  sidecar: { type: 'object', description: 'Sidecar.', properties: { image: { type: 'string', description: 'Image.' }, env: { type: 'array', description: 'Env.', items: { type: 'object', properties: { key: { type: 'string', description: 'Key.' } } } } } },
};

describe('the folded property tables of a doc page', () => {
  it('puts the top-level properties in the first table and links each nested object to a table of its own', () => {
    const lines = propertyTables(nested);
    expect(keysOf(lines.slice(0, lines.indexOf('')))).toEqual(['main', 'name', 'sidecar']);
    expect(lines).toContain('| `main` | object ([fields](#property-main)) |  |  | Main. |');
    expect(lines).toContain('### `main`');
    expect(lines).toContain('### `main.env[]`');
  });

  it('writes a shape repeated at two places once, naming both', () => {
    const lines = propertyTables(nested);
    expect(lines.filter((line) => line.startsWith('### '))).toEqual(['### `main`', '### `main.env[]`']);
    expect(lines).toContain('The same fields at `sidecar`.');
    expect(lines).toContain('| `sidecar` | object ([fields](#property-main)) |  |  | Sidecar. |');
  });

  it('loses no property path of any built-in type, and makes the pod page smaller', () => {
    const types = publishedTypes(registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]));
    for (const entry of types) {
      const every = keysOf(propertyRows(entry.properties, '')).sort();
      expect(reachablePaths(propertyTables(entry.properties)).sort(), `${entry.position} ${entry.type}`).toEqual(every);
    }
    const pod = types.find((entry) => entry.position === 'component' && entry.type === 'pod')!;
    const folded = propertyTables(pod.properties).join('\n').length;
    const flat = propertyRows(pod.properties, '').join('\n').length;
    expect(folded).toBeLessThan(flat * 0.7);
  });
});
