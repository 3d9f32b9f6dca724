import type { PropertySchema } from '../schema.js';

// Small constructors for the schema vocabulary, so a handler's schema reads as a list of
// fields and their descriptions rather than as nested object literals. Each keeps the literal
// type of what it builds (`int('Port.', { default: 80 })` is `{ type: 'integer'; default: 80 }`),
// so a handler's input type can still be read from a schema made of them.

/** Further keywords for a built schema: `{ required: true }`, `{ default: 80 }`, bounds. */
type Extra = Partial<PropertySchema>;
/**
 * No further keywords. (Each builder's result type holds its keywords as `NoInfer<E>`: an omitted
 * `extra` is then none, not whatever type the call's context expects.)
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type None = {};

export function str<const E extends Extra = None>(description: string, extra?: E): { type: 'string'; description: string } & NoInfer<E> {
  return { type: 'string', description, ...extra } as { type: 'string'; description: string } & NoInfer<E>;
}

export function int<const E extends Extra = None>(description: string, extra?: E): { type: 'integer'; description: string } & NoInfer<E> {
  return { type: 'integer', description, ...extra } as { type: 'integer'; description: string } & NoInfer<E>;
}

export function bool<const E extends Extra = None>(description: string, extra?: E): { type: 'boolean'; description: string } & NoInfer<E> {
  return { type: 'boolean', description, ...extra } as { type: 'boolean'; description: string } & NoInfer<E>;
}

export function oneOf<const V extends readonly string[], const E extends Extra = None>(
  values: V,
  description: string,
  extra?: E,
): { type: 'string'; enum: V; description: string } & NoInfer<E> {
  return { type: 'string', enum: values, description, ...extra } as { type: 'string'; enum: V; description: string } & NoInfer<E>;
}

type StringList = { type: 'array'; description: string; items: { type: 'string'; description: string } };

export function stringList<const E extends Extra = None>(description: string, itemDescription = 'One entry.', extra?: E): StringList & NoInfer<E> {
  return { type: 'array', description, items: { type: 'string', description: itemDescription }, ...extra } as StringList & NoInfer<E>;
}

export function list<const I extends PropertySchema, const E extends Extra = None>(
  description: string,
  items: I,
  extra?: E,
): { type: 'array'; description: string; items: I } & NoInfer<E> {
  return { type: 'array', description, items, ...extra } as { type: 'array'; description: string; items: I } & NoInfer<E>;
}

export function object<const P extends Record<string, PropertySchema>, const E extends Extra = None>(
  description: string,
  properties: P,
  extra?: E,
): { type: 'object'; description: string; properties: P } & NoInfer<E> {
  return { type: 'object', description, properties, ...extra } as { type: 'object'; description: string; properties: P } & NoInfer<E>;
}

type StringMap = { type: 'object'; description: string; additionalProperties: { type: 'string'; description: string } };

/** A map of string keys to string values (labels, selectors, ConfigMap data). */
export function stringMap<const E extends Extra = None>(description: string, valueDescription = 'A string value.', extra?: E): StringMap & NoInfer<E> {
  return { type: 'object', description, additionalProperties: { type: 'string', description: valueDescription }, ...extra } as StringMap & NoInfer<E>;
}

/**
 * A Kubernetes struct accepted as written. Its nested fields are not yet declared one by one
 * (strict upstream schemas come later), so the description says so.
 */
export function openObject(description: string): { type: 'object'; additionalProperties: true; description: string } {
  return {
    type: 'object',
    additionalProperties: true,
    description: `${description} Nested fields follow the Kubernetes API and are passed through as written; they are not checked field by field yet.`,
  };
}

/** A list of `{ name }` references (imagePullSecrets, schedulingGates). */
export function nameRefList(description: string, itemDescription: string) {
  return list(description, object(itemDescription, { name: str('Name of the referenced object.', { required: true }) }));
}

/** A Kubernetes quantity: a string such as "500m" or "1Gi", or a bare number. Written back in its canonical form. */
export function quantity<const E extends Extra = None>(description: string, extra?: E): { types: readonly ['string', 'number']; description: string } & NoInfer<E> {
  return { types: ['string', 'number'], description, ...extra } as { types: readonly ['string', 'number']; description: string } & NoInfer<E>;
}

/** A Kubernetes IntOrString. */
export function intOrString<const E extends Extra = None>(description: string, extra?: E): { types: readonly ['integer', 'string']; description: string } & NoInfer<E> {
  return { types: ['integer', 'string'], description, ...extra } as { types: readonly ['integer', 'string']; description: string } & NoInfer<E>;
}

/** The same schema, required. */
export function required<const S extends PropertySchema>(schema: S): Omit<S, 'required'> & { required: true } {
  return { ...schema, required: true };
}

/** The same schema under another description. */
export function described<const S extends PropertySchema>(schema: S, description: string): Omit<S, 'description'> & { description: string } {
  return { ...schema, description };
}

export { editAt, edited, optionalAt, requiredAt, withDefault, withEnumValues, withGo, withoutProperties, withProperties, type SchemaPath } from './schema-edits.js';
