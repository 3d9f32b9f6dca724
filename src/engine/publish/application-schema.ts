import { SUPPORTED_API_VERSION } from '../documents/parsed.js';
import { DRAFT_2020_12, type JsonSchema } from './json-schema.js';
import { acceptPlaceholders, PLACEHOLDER_DEF, PLACEHOLDER_SCHEMA } from './placeholders.js';
import { folderOf, type Position, type PublishedType } from './schema-set.js';
import { shareRepeatedShapes } from './shared-defs.js';

/** The editor schema's top file: the one `# yaml-language-server: $schema=…` names. */
export const APPLICATION_SCHEMA_FILE = 'application.schema.json';

/** Where the editor schema keeps one type's properties, relative to its top file. */
export function applicationPartFile(position: Position, type: string): string {
  return `application/${folderOf(position)}/${type}.schema.json`;
}

/**
 * Where a shape several parts share (a Pod template, a container) is written once. A file of its
 * own, not a def in one file of shapes: a validator compiles a whole file it is referred to once,
 * where it compiles a fragment of a file again for each file referring to it.
 */
function shapeFile(name: string): string {
  return `application/shapes/${name}.schema.json`;
}

/**
 * The Application document for editors, as files: the top one holds the envelope and, per
 * component, trait and policy `type`, a relative `$ref` to a file of that type's properties; shapes
 * several types repeat are written once, in a shared file. An editor reads the small top file first
 * and a type's file once the author has picked the type; the references carry no `$id`, so they
 * resolve against wherever the top file was read from (a folder or a web server). A package's
 * app.yaml is an Application too: each part accepts its `${name}` placeholders.
 */
export function applicationSchemaFiles(types: PublishedType[]): Record<string, JsonSchema> {
  // Shared shapes are found over the document as one schema, each type's properties under `$defs`,
  // then each def goes to its file and each reference is rewritten relative to the file holding it.
  const partFiles = new Map<string, string>();
  const defs: Record<string, JsonSchema> = { [PLACEHOLDER_DEF]: PLACEHOLDER_SCHEMA };
  for (const entry of types) {
    const key = `${entry.position}-${entry.type}`;
    const { $schema: _ignored, ...schema } = entry.schema;
    defs[key] = acceptPlaceholders(schema);
    partFiles.set(key, applicationPartFile(entry.position, entry.type));
  }
  const { $defs, ...top } = shareRepeatedShapes({ ...envelope(types), $defs: defs });
  const files: Record<string, JsonSchema> = {};
  const fileOf = (name: string) => partFiles.get(name) ?? shapeFile(name);
  for (const [name, schema] of Object.entries($defs as Record<string, JsonSchema>)) {
    const file = fileOf(name);
    files[file] = { $schema: DRAFT_2020_12, ...(relocated(schema, fileOf, '../../') as JsonSchema) };
  }
  files[APPLICATION_SCHEMA_FILE] = relocated(top, fileOf, '') as JsonSchema;
  return files;
}

/**
 * A schema moved out of the one document into a file two folders down (`toTop` leads back to the
 * top file's folder): a reference to a def names the file of that def, relative to it.
 */
function relocated(node: unknown, fileOf: (name: string) => string, toTop: string): unknown {
  if (Array.isArray(node)) return node.map((member) => relocated(member, fileOf, toTop));
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) return [key, `${toTop}${fileOf(value.slice('#/$defs/'.length))}`];
      return [key, relocated(value, fileOf, toTop)];
    }),
  );
}

/** The Application envelope, each element's properties checked by its `type` against its def. */
function envelope(types: PublishedType[]): JsonSchema {
  const byPosition = (position: Position) => types.filter((entry) => entry.position === position);
  const dispatch = (position: Position) =>
    byPosition(position).map((entry) => ({
      if: { properties: { type: { const: entry.type } }, required: ['type'] },
      then: { properties: { properties: { $ref: `#/$defs/${position}-${entry.type}` } } },
    }));
  const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
  const trait = {
    type: 'object',
    required: ['type'],
    properties: { type: { enum: byPosition('trait').map((entry) => entry.type) }, properties: { type: 'object' } },
    additionalProperties: false,
    allOf: dispatch('trait'),
  };
  const component = {
    type: 'object',
    required: ['name', 'type'],
    properties: {
      name: { type: 'string', description: 'The component name: a DNS-1123 subdomain, unique in the document.' },
      type: { enum: byPosition('component').map((entry) => entry.type) },
      annotations: stringMap,
      properties: { type: 'object' },
      traits: { type: 'array', items: trait },
    },
    additionalProperties: false,
    allOf: dispatch('component'),
  };
  const policy = {
    type: 'object',
    required: ['name', 'type'],
    properties: { name: { type: 'string' }, type: { type: 'string' }, properties: { type: 'object' } },
    additionalProperties: false,
    allOf: dispatch('policy'),
  };
  return {
    $schema: DRAFT_2020_12,
    title: 'kurel Application',
    type: 'object',
    required: ['apiVersion', 'kind', 'metadata', 'spec'],
    properties: {
      apiVersion: { const: SUPPORTED_API_VERSION },
      kind: { const: 'Application' },
      metadata: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, namespace: { type: 'string' }, labels: stringMap, annotations: stringMap },
        additionalProperties: false,
      },
      spec: {
        type: 'object',
        required: ['components'],
        properties: { components: { type: 'array', minItems: 1, items: component }, policies: { type: 'array', items: policy } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
}
