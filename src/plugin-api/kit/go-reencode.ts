import type { PropertySchema } from '../schema.js';
import { canonicalQuantity } from './policy-checks/quantity.js';
import { normaliseGoDuration } from './go-duration.js';
import { encodeGo, normaliseGoTime } from './go-encoding.js';

// The reference decodes an object a chart renders into its kind's Go type when the scheme
// registers the kind, and writes the typed value back; an object the type cannot hold (a field
// it lacks, a value of another type) stays as rendered. This is that step, over a Go-annotated
// schema of the whole object.

type Json = Record<string, unknown>;

/**
 * The object as its Go type writes it back, or undefined when the type cannot hold it. `where`
 * receives the path of the first field that does not fit, for a caller that says why.
 */
export function reencodeThroughGo(object: Json, schema: PropertySchema, where?: (path: string) => void): Json | undefined {
  const misfit = firstMisfit(object, schema, '');
  if (misfit !== undefined) {
    where?.(misfit);
    return undefined;
  }
  const refuse = (message: string): never => {
    throw new Error(`a checked value does not encode: ${message}`);
  };
  return encodeGo(object, schema, { fail: refuse }, [], { nullIsAbsent: true });
}

/** The path of the first value the schema's Go type cannot decode; undefined when all fit. */
export function firstMisfit(value: unknown, schema: PropertySchema, path: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  const types = schema.types ?? (schema.type ? [schema.type] : []);
  if (types.length === 0 && schema.properties === undefined && schema.items === undefined && schema.additionalProperties === undefined) return undefined;
  if (types.length > 0 && !types.some((type) => holds(type, value, schema))) return path || '.';
  if (Array.isArray(value)) {
    if (!schema.items) return undefined;
    for (const [index, element] of value.entries()) {
      const misfit = firstMisfit(element, schema.items, `${path}[${index}]`);
      if (misfit !== undefined) return misfit;
    }
    return undefined;
  }
  if (typeof value !== 'object') return undefined;
  const declared = schema.properties;
  const free = schema.additionalProperties;
  for (const [key, member] of Object.entries(value as Json)) {
    const at = path ? `${path}.${key}` : key;
    const memberSchema = declared?.[key] ?? (typeof free === 'object' ? free : undefined);
    if (memberSchema === undefined) {
      if (declared !== undefined && free !== true) return at;
      continue;
    }
    const misfit = firstMisfit(member, memberSchema, at);
    if (misfit !== undefined) return misfit;
  }
  return undefined;
}

function holds(type: string, value: unknown, schema: PropertySchema): boolean {
  switch (type) {
    case 'string':
      if (typeof value !== 'string') return isQuantity(schema) && typeof value === 'number' && canonicalQuantity(value) !== undefined;
      if (schema.go?.format === 'time') return normaliseGoTime(value) !== undefined;
      if (schema.go?.format) return normaliseGoDuration(value) !== undefined;
      return !isQuantity(schema) || canonicalQuantity(value) !== undefined;
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return typeof value === 'object' && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    default:
      return true;
  }
}

function isQuantity(schema: PropertySchema): boolean {
  return schema.types?.length === 2 && schema.types.includes('number') && schema.types.includes('string');
}
