import type { PropertySchema } from './schema.js';

// Small constructors for the schema vocabulary, so a handler's schema reads as a list of
// fields and their descriptions rather than as nested object literals.

export function str(description: string, extra: Partial<PropertySchema> = {}): PropertySchema {
  return { type: 'string', description, ...extra };
}

export function int(description: string, extra: Partial<PropertySchema> = {}): PropertySchema {
  return { type: 'integer', description, ...extra };
}

export function bool(description: string, extra: Partial<PropertySchema> = {}): PropertySchema {
  return { type: 'boolean', description, ...extra };
}

export function oneOf(values: string[], description: string, extra: Partial<PropertySchema> = {}): PropertySchema {
  return { type: 'string', enum: values, description, ...extra };
}

export function stringList(description: string, itemDescription = 'One entry.', extra: Partial<PropertySchema> = {}): PropertySchema {
  return { type: 'array', description, items: { type: 'string', description: itemDescription }, ...extra };
}

export function list(description: string, items: PropertySchema, extra: Partial<PropertySchema> = {}): PropertySchema {
  return { type: 'array', description, items, ...extra };
}

export function object(description: string, properties: Record<string, PropertySchema>, extra: Partial<PropertySchema> = {}): PropertySchema {
  return { type: 'object', description, properties, ...extra };
}

/** A map of string keys to string values (labels, selectors, ConfigMap data). */
export function stringMap(description: string, valueDescription = 'A string value.', extra: Partial<PropertySchema> = {}): PropertySchema {
  return { type: 'object', description, additionalProperties: { type: 'string', description: valueDescription }, ...extra };
}

/**
 * A Kubernetes struct accepted as written. Its nested fields are not yet declared one by one
 * (strict upstream schemas come later), so the description says so.
 */
export function openObject(description: string): PropertySchema {
  return {
    type: 'object',
    additionalProperties: true,
    description: `${description} Nested fields follow the Kubernetes API and are passed through as written; they are not checked field by field yet.`,
  };
}

/** A list of `{ name }` references (imagePullSecrets, schedulingGates). */
export function nameRefList(description: string, itemDescription: string): PropertySchema {
  return list(description, object(itemDescription, { name: str('Name of the referenced object.', { required: true }) }));
}

/** A Kubernetes quantity: a string such as "500m" or "1Gi", or a bare number. Written back in its canonical form. */
export function quantity(description: string, extra: Partial<PropertySchema> = {}): PropertySchema {
  return { types: ['string', 'number'], description, ...extra };
}

/** A Kubernetes IntOrString. */
export function intOrString(description: string, extra: Partial<PropertySchema> = {}): PropertySchema {
  return { types: ['integer', 'string'], description, ...extra };
}

/** The same schema, required. */
export function required(schema: PropertySchema): PropertySchema {
  return { ...schema, required: true };
}

/** The same schema under another description. */
export function described(schema: PropertySchema, description: string): PropertySchema {
  return { ...schema, description };
}

export { editAt, edited, optionalAt, requiredAt, withDefault, withEnumValues, withGo, withoutProperties, withProperties, type SchemaPath } from './schema-edits.js';
