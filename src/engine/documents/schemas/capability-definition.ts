import { type JsonSchema, envelope, orNull } from './common.js';

/** The types a rendering property may declare: the flat vocabulary. */
export const FLAT_TYPES = ['string', 'integer', 'boolean'] as const;

const DEFAULT_BY_TYPE: Record<(typeof FLAT_TYPES)[number], string> = { string: 'string', integer: 'integer', boolean: 'boolean' };

export const RENDERING_PROPERTY_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'One key a binding\'s rendering may set.',
  additionalProperties: false,
  properties: {
    type: orNull({ enum: [...FLAT_TYPES], description: 'The value type; any value is taken when unset.' }),
    required: { description: 'When `true`, a binding whose rendering leaves the key out is refused; any other value leaves it optional.' },
    default: { description: 'The value a binding gets when its rendering leaves the key out; of the declared type.' },
    description: orNull({ type: 'string', description: 'What the key sets.' }),
  },
  allOf: FLAT_TYPES.map((type) => ({
    if: { properties: { type: { const: type } }, required: ['type'] },
    then: { properties: { default: { anyOf: [{ type: 'null' }, { type: DEFAULT_BY_TYPE[type] }] } } },
  })),
};

export const CAPABILITY_METADATA_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'The capability it declares.',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1, description: 'The capability: the trait type whose ClusterProfile bindings this definition checks.' } },
};

export const RENDERING_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'The schema of a binding\'s rendering.',
  additionalProperties: false,
  properties: { properties: orNull({ type: 'object', additionalProperties: orNull(RENDERING_PROPERTY_SCHEMA), description: 'The keys a rendering may set, by name; a rendering setting any other key is refused.' }) },
};

export const CAPABILITY_SPEC_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'What the capability\'s bindings may render.',
  additionalProperties: false,
  properties: {
    description: orNull({ type: 'string', description: 'What the capability provides.' }),
    rendering: orNull(RENDERING_SCHEMA),
  },
};

/** A CapabilityDefinition: the schema a custom trait's ClusterProfile bindings are checked against. */
export const CAPABILITY_DEFINITION_SCHEMA: JsonSchema = {
  title: 'kurel CapabilityDefinition',
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata'],
  additionalProperties: false,
  properties: { ...envelope('CapabilityDefinition'), metadata: CAPABILITY_METADATA_SCHEMA, spec: orNull(CAPABILITY_SPEC_SCHEMA) },
};

export const CAPABILITY_DEFINITION_RULES_BEYOND_SCHEMA = ['Two definitions of the same name in the files given agree.'];
