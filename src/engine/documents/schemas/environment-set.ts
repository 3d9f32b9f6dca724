import { type JsonSchema, DNS1123_LABEL_PATTERN, envelope, orNull } from './common.js';

// The reader decodes strictly, as Go's YAML decoder does: a string field takes any scalar as it is
// written (`name: 7` is the name "7"), and null is the empty string.

/** A path relative to the EnvironmentSet file: not absolute, and no `..` element. */
const RELATIVE_PATH = '^(?!/)(?!(.*/)?\\.\\.(/|$))';

const scalarText = (text: JsonSchema, description: string): JsonSchema => ({ description, anyOf: [text, { type: 'number' }, { type: 'boolean' }] });

export const ENVIRONMENT_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'One environment: a ClusterProfile and an optional values file.',
  required: ['name', 'profile'],
  additionalProperties: false,
  properties: {
    name: {
      description: 'The environment name given to `--environment`: a DNS-1123 label, unique in the set.',
      anyOf: [{ type: 'string', maxLength: 63, pattern: DNS1123_LABEL_PATTERN }, { type: 'integer', minimum: 0 }, { type: 'boolean' }],
    },
    profile: scalarText({ type: 'string', minLength: 1, pattern: RELATIVE_PATH }, 'The ClusterProfile file, relative to this file.'),
    values: orNull(scalarText({ type: 'string', pattern: RELATIVE_PATH }, 'A values file, relative to this file, layered before any --values.')),
  },
};

export const ENVIRONMENT_SET_SCHEMA: JsonSchema = {
  title: 'kurel EnvironmentSet',
  type: 'object',
  required: ['apiVersion', 'kind', 'spec'],
  additionalProperties: false,
  properties: {
    ...envelope('EnvironmentSet'),
    metadata: orNull({
      type: 'object',
      description: 'The set\'s identity.',
      additionalProperties: false,
      properties: { name: orNull(scalarText({ type: 'string' }, 'A name for the set.')) },
    }),
    spec: {
      type: 'object',
      description: 'The environments.',
      required: ['environments'],
      additionalProperties: false,
      properties: { environments: { type: 'array', minItems: 1, items: ENVIRONMENT_SCHEMA, description: 'The environments, at least one.' } },
    },
  },
};

export const ENVIRONMENT_SET_RULES_BEYOND_SCHEMA = ['Environment names are unique.', 'The file holds one YAML document.'];
