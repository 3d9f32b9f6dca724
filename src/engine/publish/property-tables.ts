import type { PropertiesSchema, PropertySchema } from '../../plugin-api/index.js';

/**
 * A type's properties as Markdown tables folded by nesting: the top-level properties in one table,
 * then a table per nested object, each linked from the row of the property holding it. A nested
 * shape written at several places (a container under `containers`, `initContainers` and
 * `ephemeralContainers`) gets one table, naming every place: a Pod's page stays readable where
 * one row per property at every depth repeated each shape wherever it appears.
 */
export function propertyTables(properties: PropertiesSchema, byProfile: ReadonlySet<string> = new Set()): string[] {
  const sections: Section[] = [];
  const byShape = new Map<string, Section>();
  const ids = new Set<string>();
  const sectionFor = (nested: PropertiesSchema, at: string): Section => {
    const shape = JSON.stringify(nested);
    const found = byShape.get(shape);
    if (found) {
      found.paths.push(at);
      return found;
    }
    const section: Section = { id: uniqueId(at, ids), paths: [at], properties: nested, rows: [] };
    byShape.set(shape, section);
    sections.push(section);
    return section;
  };
  const rows = (props: PropertiesSchema, prefix: string, profileKeys: ReadonlySet<string>): string[] =>
    Object.entries(props)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, schema]) => {
        const nested = schema.properties ?? schema.items?.properties;
        const link = nested ? ` ([fields](#${sectionFor(nested, schema.properties ? `${prefix}${key}` : `${prefix}${key}[]`).id}))` : '';
        return row(key, schema, profileKeys, link);
      });
  const lines = [HEADER, ...rows(properties, '', byProfile)];
  // Tables are made in the order they are first linked; making one may link further ones.
  for (let index = 0; index < sections.length; index++) sections[index].rows = rows(sections[index].properties, `${sections[index].paths[0]}.`, new Set());
  for (const section of sections) {
    lines.push('', `<a id="${section.id}"></a>`, '', `### \`${section.paths[0]}\``, '');
    if (section.paths.length > 1) lines.push(`The same fields at ${section.paths.slice(1).map((path) => `\`${path}\``).join(', ')}.`, '');
    lines.push(HEADER, ...section.rows);
  }
  return lines;
}

interface Section {
  /** The anchor the rows holding it link to. */
  id: string;
  /** Every place the shape appears, the first one where it is linked from first. */
  paths: string[];
  properties: PropertiesSchema;
  rows: string[];
}

const HEADER = '| property | type | required | default | description |\n|---|---|---|---|---|';

function row(key: string, schema: PropertySchema, byProfile: ReadonlySet<string>, link: string): string {
  const reserved = schema.platformReserved ? ' (platform-reserved: set by the ClusterProfile rendering)' : '';
  const def = schema.default === undefined ? '' : `\`${JSON.stringify(schema.default)}\``;
  const required = byProfile.has(key) ? 'yes, unless the profile sets it' : schema.required ? 'yes' : '';
  return `| \`${key}\` | ${typeName(schema)}${link} | ${required} | ${def} | ${cell((schema.description ?? '') + reserved)} |`;
}

export function typeName(schema: PropertySchema): string {
  const types = schema.types ?? (schema.type ? [schema.type] : ['any']);
  const base = types.map((type) => (type === 'array' && schema.items ? `${typeName(schema.items)}[]` : type)).join(' \\| ');
  return schema.enum ? `${base} (${schema.enum.map((member) => `\`${String(member)}\``).join(', ')})` : base;
}

export function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** An HTML anchor for a property path, kept apart from every one given before. */
function uniqueId(path: string, taken: Set<string>): string {
  const base = `property-${path.replace(/\[\]/g, '-items').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/-+$/, '')}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}
