import type { GoEncoding } from './go-encoding.js';

/**
 * The property-schema vocabulary. One schema is the single source of validation, defaults,
 * documentation and the handler's input type.
 */
export type SchemaType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';

export interface PropertySchema {
  /** The one type a value must have. */
  type?: SchemaType;
  /** A union: the value must have one of these types. Exclusive with `type`. */
  types?: readonly SchemaType[];
  description?: string;
  /** The key must be present (checked on objects holding this property). */
  required?: boolean;
  /** Applied when the key is absent (or explicitly null). */
  default?: unknown;
  /** The value must equal one of these. */
  enum?: readonly unknown[];
  /** Declared keys of an object value. */
  properties?: Record<string, PropertySchema>;
  /** The schema of every element of an array value. */
  items?: PropertySchema;
  /**
   * Whether an object may hold keys it does not declare. Defaults to false: an unknown key is
   * refused. A schema here checks each undeclared key's value.
   */
  additionalProperties?: boolean | PropertySchema;
  /**
   * Groups of keys of which at most one may be set; a group written `{ keys, required: true }`
   * wants exactly one (relaxed to at most one where top-level `required` is).
   */
  exclusive?: ReadonlyArray<readonly string[] | ExclusiveGroup>;
  /** Only the ClusterProfile rendering may set this key; an author may not. */
  platformReserved?: boolean;
  /** Why a key this object does not declare is not accepted, shown with its refusal. */
  hints?: Record<string, string>;
  /** A string value must match this regular expression (as an upstream CRD states it, unanchored). */
  pattern?: string;
  /** The format upstream names (int32, date-time, uri, …): shown to authors, not checked. */
  format?: string;
  /** Bounds of a number value, inclusive. */
  minimum?: number;
  maximum?: number;
  /** Bounds of a string value's length, in characters. */
  minLength?: number;
  maxLength?: number;
  /** Bounds of an array value's length. */
  minItems?: number;
  maxItems?: number;
  /** How the upstream Go type writes the field, for a kind's object (see GoEncoding); not shown to authors. */
  go?: GoEncoding;
}

/** A one-of group of an object's keys. */
export interface ExclusiveGroup {
  keys: readonly string[];
  /** Exactly one of the keys, not at most one. */
  required?: boolean;
}

/** An object node's groups, each as `{ keys, required }`. */
export function exclusiveGroups(schema: Pick<PropertySchema, 'exclusive'>): ExclusiveGroup[] {
  return (schema.exclusive ?? []).map((group) => (isKeyList(group) ? { keys: group, required: false } : { keys: group.keys, required: group.required === true }));
}

// Array.isArray does not narrow a readonly array out of a union.
function isKeyList(group: readonly string[] | ExclusiveGroup): group is readonly string[] {
  return Array.isArray(group);
}

/** The properties of a component, trait or policy: the top-level keys and their schemas. */
export type PropertiesSchema = Record<string, PropertySchema>;
