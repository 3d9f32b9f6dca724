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
  /**
   * The path a hint of this object names its key by, when the key alone would not say where it is:
   * `affinity` gives `; affinity.nodeAffinity: <hint>`. The key alone by default.
   */
  hintsAt?: string;
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

/** The properties of a component, trait or policy: the top-level keys and their schemas. */
export type PropertiesSchema = Record<string, PropertySchema>;

/** How the upstream Go type writes one field, where the schema alone cannot tell. */
export interface GoEncoding {
  /** A non-pointer scalar with `omitempty`: its zero ("", 0, false) is not written. */
  omitZero?: boolean;
  /** No `omitempty` on a list or map: an empty one is written. */
  keepEmpty?: boolean;
  /**
   * No `omitempty`: written with this value when absent (`{}` for a struct held by value, `null`
   * for a nil list), and written when empty.
   */
  zero?: unknown;
  /**
   * A value Go reads and prints in its own spelling: a metav1.Duration (`90s` → `1m30s`), the same
   * without hours where the CRD's pattern allows none (`90m` → `90m0s`), a metav1.Time (RFC 3339, UTC).
   */
  format?: 'duration' | 'duration-minutes' | 'time';
}
