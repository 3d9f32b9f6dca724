import type { PropertySchema } from 'kurel/plugin-api';

// Terse constructors for the schema vocabulary, so an operator's CRD reads as its list of fields.
// Every object is strict (unknown keys refused); `smap` mirrors the places where the upstream API
// itself is free-form (a Go map[string]string).

type Extra = Partial<PropertySchema>;

export const str = (description: string, extra: Extra = {}): PropertySchema => ({ type: 'string', description, ...extra });
export const int = (description: string, extra: Extra = {}): PropertySchema => ({ type: 'integer', description, ...extra });
export const bool = (description: string, extra: Extra = {}): PropertySchema => ({ type: 'boolean', description, ...extra });

export const oneOf = (values: string[], description: string, extra: Extra = {}): PropertySchema => ({ type: 'string', enum: values, description, ...extra });

export const obj = (description: string, properties: Record<string, PropertySchema>, extra: Extra = {}): PropertySchema => ({
  type: 'object',
  description,
  properties,
  ...extra,
});

export const list = (description: string, items: PropertySchema, extra: Extra = {}): PropertySchema => ({ type: 'array', description, items, ...extra });

export const strings = (description: string, itemDescription = 'One entry.', extra: Extra = {}): PropertySchema =>
  list(description, str(itemDescription), extra);

/** A Go `map[string]string`. */
export const smap = (description: string, valueDescription = 'A string value.'): PropertySchema => ({
  type: 'object',
  description,
  additionalProperties: str(valueDescription),
});

/** A Kubernetes `IntOrString`. */
export const intOrString = (description: string, extra: Extra = {}): PropertySchema => ({ types: ['integer', 'string'], description, ...extra });

/** The same schema, marked required. */
export const req = (schema: PropertySchema): PropertySchema => ({ ...schema, required: true });
