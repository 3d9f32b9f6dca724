import { type JsonSchema, envelope, orNull } from './common.js';

/** The types a package parameter may declare. */
export const PARAMETER_TYPES = ['string', 'integer', 'boolean', 'array', 'object'] as const;

const PLACEHOLDER_TEXT = { type: 'string', pattern: '\\$\\{', description: 'A text holding a `${name}` reference to an earlier parameter.' };

/** What a default must be, by the parameter's type (Go's ParseBool spellings for a boolean). */
const DEFAULT_BY_TYPE: Record<(typeof PARAMETER_TYPES)[number], JsonSchema[]> = {
  string: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }],
  integer: [{ type: 'integer' }, { type: 'string', pattern: '^\\s*[-+]?\\d+\\s*$' }],
  boolean: [{ type: 'boolean' }, { enum: ['1', 't', 'T', 'true', 'TRUE', 'True', '0', 'f', 'F', 'false', 'FALSE', 'False'] }],
  array: [{ type: 'array' }],
  object: [{ type: 'object' }],
};

export const PARAMETER_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'One parameter: `${name}` in app.yaml is replaced by its value.',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, description: 'The parameter name, unique in the package; app.yaml refers to it as `${name}`.' },
    type: orNull({ enum: [...PARAMETER_TYPES], description: 'The value type; `string` when unset. A whole-value `${name}` takes this type, an inline one is written as text.' }),
    required: { description: 'When `true`, a build without a value for it (from values.yaml, --values or --set) is refused; any other value leaves it optional.' },
    default: { description: 'The value when none is supplied, of the parameter type (an integer or boolean may be written as text). A text default may refer to earlier parameters as `${name}`.' },
    description: orNull({ type: 'string', description: 'What the parameter is for.' }),
  },
  // The default's type follows the parameter's type, `string` when unset.
  allOf: PARAMETER_TYPES.map((type) => ({
    if: type === 'string' ? { properties: { type: { enum: ['string', null] } } } : { properties: { type: { const: type } }, required: ['type'] },
    then: { properties: { default: { anyOf: [{ type: 'null' }, PLACEHOLDER_TEXT, ...DEFAULT_BY_TYPE[type]] } } },
  })),
};

export const PACKAGE_METADATA_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'The package identity.',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, description: 'The package name.' },
    version: { description: 'The package version, read as text (`"1.0.0"`).' },
    description: orNull({ type: 'string', description: 'What the package deploys.' }),
  },
};

export const PACKAGE_SPEC_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'The parameters, in order.',
  additionalProperties: false,
  properties: { parameters: orNull({ type: 'array', items: PARAMETER_SCHEMA, description: 'The parameters app.yaml may refer to, in order: a default may refer to the parameters before it.' }) },
};

/** `kurel.yaml`, the package file beside a package's app.yaml. */
export const PACKAGE_FILE_SCHEMA: JsonSchema = {
  title: 'kurel Package (kurel.yaml)',
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata'],
  additionalProperties: false,
  properties: { ...envelope('Package'), metadata: PACKAGE_METADATA_SCHEMA, spec: orNull(PACKAGE_SPEC_SCHEMA) },
};

/** Rules the loader applies that a JSON Schema cannot state. */
export const PACKAGE_FILE_RULES_BEYOND_SCHEMA = ['Parameter names are unique.', 'A `${name}` in a default refers only to a parameter declared before it.'];
