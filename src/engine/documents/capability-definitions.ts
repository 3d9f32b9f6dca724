import { kurelErrors, type PropertiesSchema, type PropertySchema } from '../../plugin-api/index.js';
import { describeValue } from '../../plugin-api/kit/index.js';
import { SUPPORTED_API_VERSION } from './parsed.js';
import { ShapeReader } from './shape.js';
import { readDocuments, type InputFile } from '../yaml/index.js';
import { declaredKeys } from './schemas/common.js';
import { CAPABILITY_DEFINITION_SCHEMA, CAPABILITY_METADATA_SCHEMA, CAPABILITY_SPEC_SCHEMA, FLAT_TYPES, RENDERING_PROPERTY_SCHEMA, RENDERING_SCHEMA } from './schemas/capability-definition.js';

/** A custom capability's rendering schema, in the flat vocabulary. */
export interface CapabilityDefinition {
  name: string;
  description?: string;
  rendering: PropertiesSchema;
  file: string;
}

/** Reads every CapabilityDefinition of the given files; documents of other kinds are skipped. */
export function loadCapabilityDefinitions(files: readonly InputFile[]): Map<string, CapabilityDefinition> {
  const definitions = new Map<string, CapabilityDefinition>();
  for (const file of files) {
    for (const source of readDocuments(file)) {
      const raw = source.toJS() as Record<string, unknown> | null;
      if (!raw || raw.kind !== 'CapabilityDefinition') continue;
      const definition = parseDefinition(new ShapeReader(source), raw, file.file);
      const existing = definitions.get(definition.name);
      if (existing && JSON.stringify(existing.rendering) !== JSON.stringify(definition.rendering)) {
        throw kurelErrors.capability(`conflicting CapabilityDefinition for "${definition.name}": defined in "${existing.file}" and "${file.file}"`, source.at(['metadata', 'name']));
      }
      if (!existing) definitions.set(definition.name, definition);
    }
  }
  return definitions;
}

function parseDefinition(reader: ShapeReader, raw: Record<string, unknown>, file: string): CapabilityDefinition {
  const root = reader.map(raw, [], declaredKeys(CAPABILITY_DEFINITION_SCHEMA));
  if (root.apiVersion !== SUPPORTED_API_VERSION) {
    reader.fail(['apiVersion'], `capability definition file "${file}": apiVersion must be "${SUPPORTED_API_VERSION}", got "${String(root.apiVersion ?? '')}"`, kurelErrors.capability);
  }
  const metadata = reader.map(root.metadata ?? {}, ['metadata'], declaredKeys(CAPABILITY_METADATA_SCHEMA));
  const name = reader.optionalString(metadata.name, ['metadata', 'name']);
  if (!name) reader.fail(['metadata'], `capability definition file "${file}": metadata.name is required`);
  const spec = reader.map(root.spec ?? {}, ['spec'], declaredKeys(CAPABILITY_SPEC_SCHEMA));
  const rendering = reader.map(spec.rendering ?? {}, ['spec', 'rendering'], declaredKeys(RENDERING_SCHEMA));
  const properties: PropertiesSchema = {};
  for (const [key, value] of Object.entries(reader.optionalMap(rendering.properties, ['spec', 'rendering', 'properties']))) {
    const path = ['spec', 'rendering', 'properties', key];
    const decl = reader.map(value ?? {}, path, declaredKeys(RENDERING_PROPERTY_SCHEMA));
    const type = reader.optionalString(decl.type, [...path, 'type']);
    if (type !== undefined && !(FLAT_TYPES as readonly string[]).includes(type)) {
      reader.fail([...path, 'type'], `capability definition file "${file}": property "${key}" has unsupported type "${type}" (accepted: string, integer, boolean)`, kurelErrors.capability);
    }
    const schema: PropertySchema = { type: type as PropertySchema['type'], required: decl.required === true, description: reader.optionalString(decl.description, [...path, 'description']) };
    if (decl.default !== undefined && decl.default !== null) {
      const problem = flatTypeProblem(schema, decl.default);
      if (problem) reader.fail([...path, 'default'], `capability definition file "${file}": property "${key}" default value: ${problem}`, kurelErrors.capability);
      schema.default = decl.default;
    }
    properties[key] = schema;
  }
  return { name, description: reader.optionalString(spec.description, ['spec', 'description']), rendering: properties, file };
}

/** The flat vocabulary's type check, with the reference's texts. */
export function flatTypeProblem(schema: PropertySchema, value: unknown): string | undefined {
  switch (schema.type) {
    case 'string':
      return typeof value === 'string' ? undefined : `expected a string, got ${describeValue(value)}`;
    case 'integer':
      if (typeof value === 'number' && !Number.isInteger(value)) return `expected a whole number, got ${value}`;
      return typeof value === 'number' ? undefined : `expected a whole number, got ${describeValue(value)}`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `expected true or false, got ${describeValue(value)}`;
    default:
      return undefined;
  }
}

/** Applies a definition to a binding's rendering: required keys, defaults, unknown keys, types. */
export function applyDefinition(definition: CapabilityDefinition, rendering: Record<string, unknown>): { value: Record<string, unknown>; problem?: { key?: string; message: string } } {
  const value: Record<string, unknown> = {};
  for (const key of Object.keys(rendering).sort()) {
    if (!(key in definition.rendering)) return { value, problem: { key, message: `unknown rendering property "${key}"` } };
  }
  for (const [key, schema] of Object.entries(definition.rendering)) {
    const given = rendering[key];
    if (given === undefined || given === null) {
      if (schema.required) return { value, problem: { message: `required rendering property "${key}" is missing` } };
      if (schema.default !== undefined) value[key] = schema.default;
      continue;
    }
    const problem = flatTypeProblem(schema, given);
    if (problem) return { value, problem: { key, message: `rendering property "${key}": ${problem}` } };
    value[key] = given;
  }
  return { value };
}
