import type { PropertiesSchema, PropertySchema } from 'kurel/plugin-api';

// Short builders for the schema pieces a family writes by hand, where an upstream package lacks them.

type Extra = Omit<PropertySchema, 'type' | 'description'>;

export const text = (description: string, extra: Extra = {}): PropertySchema => ({ type: 'string', description, ...extra });
export const integer = (description: string, extra: Extra = {}): PropertySchema => ({ type: 'integer', description, ...extra });
export const flag = (description: string, extra: Extra = {}): PropertySchema => ({ type: 'boolean', description, ...extra });
export const oneOf = (description: string, values: string[], extra: Extra = {}): PropertySchema => ({ type: 'string', enum: values, description, ...extra });
export const list = (description: string, items: PropertySchema, extra: Extra = {}): PropertySchema => ({ type: 'array', description, items, ...extra });
export const texts = (description: string, item: string, extra: Extra = {}): PropertySchema => list(description, text(item), extra);
export const object = (description: string, properties: PropertiesSchema, extra: Extra = {}): PropertySchema => ({ type: 'object', description, properties, ...extra });
export const stringMap = (description: string, extra: Extra = {}): PropertySchema => ({
  type: 'object',
  description,
  additionalProperties: text('A value.'),
  ...extra,
});

/** The same schema, required. */
export const required = (schema: PropertySchema): PropertySchema => ({ ...schema, required: true });

/** The same schema under another description. */
export const described = (schema: PropertySchema, description: string): PropertySchema => ({ ...schema, description });
