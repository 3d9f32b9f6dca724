import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Properties } from './objects.js';
import type { PropertySchema } from './schema.js';

// A handler's input type, read from its properties schema. The schema vocabulary differs from
// JSON Schema in a few words (`required: true` on the property, `types` for a union), so each
// schema is first said in JSON Schema terms and json-schema-to-ts's FromSchema reads that. Only
// the keys that shape a value are carried over; descriptions, Go encodings and hints are not.

/** The JSON Schema words for one property schema of kurel's vocabulary. */
type JsonSchemaOf<S> = Extract<JsonWords<S>, JSONSchema>;

// An empty object type is the identity of the intersection: a keyword the schema does not use adds nothing.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type JsonWords<S> = (S extends { readonly type: infer T extends string }
  ? { type: T }
  : S extends { readonly types: infer T extends readonly string[] }
    ? { type: T }
    : {}) &
  (S extends { readonly enum: infer E extends readonly unknown[] } ? { enum: E } : {}) &
  (S extends { readonly default: infer D } ? { default: D } : {}) &
  (S extends { readonly items: infer I } ? { items: JsonSchemaOf<I> } : {}) &
  (S extends { readonly properties: infer P } ? ObjectWords<P> : {}) &
  (S extends { readonly additionalProperties: infer A }
    ? { additionalProperties: A extends boolean ? A : JsonSchemaOf<A> }
    : S extends { readonly type: 'object' }
      ? { additionalProperties: false }
      : {});

/** An object's declared keys, and the ones it requires, in JSON Schema words. */
type ObjectWords<P> = {
  properties: { [K in keyof P]: JsonSchemaOf<P[K]> };
  required: ReadonlyArray<RequiredKeys<P>>;
};

/** The keys a properties schema marks `required: true`. */
type RequiredKeys<P> = { [K in keyof P]: P[K] extends { readonly required: true } ? K : never }[keyof P] & string;

/**
 * Whether a properties schema is known key by key: written as a literal (inline, or `as const`),
 * not typed as the open `PropertiesSchema` or built by a function whose result is.
 */
type IsLiteral<S> = string extends keyof S ? false : S[keyof S] extends PropertySchema ? (PropertySchema extends S[keyof S] ? false : true) : false;

type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * The properties a handler receives for a properties schema: checked against it, with defaults
 * applied, so a key that is required or has a default is always present. A schema that is not a
 * literal gives the loose `Properties`.
 */
export type PropertiesOf<S> = IsAny<S> extends true
  ? // A handler that names `any` as its type, `defineTrait<any>(…)`, keeps it.
    any
  : IsLiteral<S> extends true
  ? FromSchema<Extract<{ type: 'object'; additionalProperties: false } & ObjectWords<S>, JSONSchema>, { keepDefaultedPropertiesOptional: false }>
  : Properties;

/** The value a single property schema describes, as the handler receives it. */
export type ValueOf<S extends PropertySchema> = PropertySchema extends S ? unknown : FromSchema<JsonSchemaOf<S>>;
