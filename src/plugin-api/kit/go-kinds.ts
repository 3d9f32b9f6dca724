import type { GoEncoding, PropertySchema } from '../schema.js';
import { GO_KINDS, GO_STRUCTS } from './go-types.generated.js';

// The Kubernetes kinds the reference's scheme registers, as schemas `encodeGo` reads: each field
// carries what its Go type does to it when written back (a struct held by value prints `{}`, a
// field without `omitempty` prints its zero, a metav1.Time prints `null` when unset). Built from
// the generated table on first use, one schema per Go type, shared where types recur.

const built = new Map<string, PropertySchema>();

/** The whole-object Go type of a registered Kubernetes kind; undefined for a kind the scheme does not know. */
export function goKindSchema(apiVersion: string, kind: string): PropertySchema | undefined {
  const id = GO_KINDS[`${apiVersion} ${kind}`];
  return id === undefined ? undefined : structSchema(id);
}

/** `metav1.ObjectMeta`, for a kind whose spec schema comes from elsewhere (a CRD kind). */
export function goObjectMetaSchema(): PropertySchema {
  return structSchema('meta/v1.ObjectMeta');
}

function structSchema(id: string): PropertySchema {
  const done = built.get(id);
  if (done) return done;
  const properties: Record<string, PropertySchema> = {};
  const schema: PropertySchema = { type: 'object', properties };
  // Registered before its fields: a type that reaches itself shares this one node.
  built.set(id, schema);
  for (const [name, type, options] of GO_STRUCTS[id] ?? []) properties[name] = fieldSchema(type, (options & OMITEMPTY) !== 0, (options & OMITZERO) !== 0);
  return schema;
}

const OMITEMPTY = 1;
const OMITZERO = 2;

/** A field's schema, its `go` annotation saying what encoding/json writes for it. */
function fieldSchema(type: string, omitempty: boolean, omitzero: boolean): PropertySchema {
  const schema = typeSchema(type);
  // `omitzero` leaves an unset value out, a struct's too (ObjectMeta's creationTimestamp).
  const go = omitzero ? (type in SCALAR_ZERO ? { omitZero: true } : undefined) : fieldEncoding(type, omitempty);
  return go === undefined ? schema : { ...schema, go: { ...schema.go, ...go } };
}

const SCALAR_ZERO: Record<string, unknown> = { string: '', int: 0, float: 0, bool: false };
/** Struct types with their own JSON form, and what their zero value prints (`omitempty` does not apply to a struct). */
const STRUCT_ZERO: Record<string, unknown> = { time: null, duration: '0s', quantity: '0', intorstring: 0 };

function fieldEncoding(type: string, omitempty: boolean): GoEncoding | undefined {
  if (type in SCALAR_ZERO) return omitempty ? { omitZero: true } : { zero: SCALAR_ZERO[type] };
  if (type in STRUCT_ZERO) return { zero: STRUCT_ZERO[type] };
  if (type === 'any') return omitempty ? undefined : { zero: null };
  // A pointer, a list or a map: nil prints `null` without `omitempty`.
  if (type.startsWith('*') || type.startsWith('[]') || type.startsWith('map[')) return omitempty ? undefined : { zero: null };
  return { zero: {} };
}

function typeSchema(type: string): PropertySchema {
  if (type.startsWith('*')) return typeSchema(type.slice(1));
  if (type.startsWith('[]')) return { type: 'array', items: typeSchema(type.slice(2)) };
  if (type.startsWith('map[')) return { type: 'object', additionalProperties: typeSchema(type.slice(4, -1)) };
  switch (type) {
    case 'string':
      return { type: 'string' };
    case 'int':
      return { type: 'integer' };
    case 'float':
      return { type: 'number' };
    case 'bool':
      return { type: 'boolean' };
    case 'time':
      return { type: 'string', go: { format: 'time' } };
    case 'duration':
      return { type: 'string', go: { format: 'duration' } };
    case 'quantity':
      return { types: ['number', 'string'] };
    case 'intorstring':
      return { types: ['integer', 'string'] };
    case 'any':
      return {};
    default:
      return structSchema(type);
  }
}
