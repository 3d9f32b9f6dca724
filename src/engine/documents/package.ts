import { kurelErrors } from '../../plugin-api/index.js';
import { describeValue } from '../../plugin-api/kit/index.js';
import { checkEnvelope, ShapeReader } from './shape.js';
import type { SourceDocument } from '../yaml/index.js';
import { declaredKeys } from './schemas/common.js';
import { PACKAGE_FILE_SCHEMA, PACKAGE_METADATA_SCHEMA, PACKAGE_SPEC_SCHEMA, PARAMETER_SCHEMA, PARAMETER_TYPES } from './schemas/package-file.js';

export type ParameterType = (typeof PARAMETER_TYPES)[number];

export interface ParameterDecl {
  name: string;
  type: ParameterType;
  required: boolean;
  default?: unknown;
  description?: string;
  path: (string | number)[];
}

export interface ParsedPackage {
  name: string;
  version?: string;
  description?: string;
  parameters: ParameterDecl[];
  source: SourceDocument;
}

/** Reads `kurel.yaml`: the package identity and its ordered parameter declarations. */
export function parsePackage(source: SourceDocument): ParsedPackage {
  const reader: ShapeReader = new ShapeReader(source);
  const root = reader.map(source.toJS(), [], declaredKeys(PACKAGE_FILE_SCHEMA));
  checkEnvelope(reader, root, 'Package');
  const metadata = reader.map(root.metadata ?? {}, ['metadata'], declaredKeys(PACKAGE_METADATA_SCHEMA));
  const name = reader.optionalString(metadata.name, ['metadata', 'name']);
  if (!name) reader.fail(['metadata'], 'metadata.name is required');
  const spec = reader.map(root.spec ?? {}, ['spec'], declaredKeys(PACKAGE_SPEC_SCHEMA));
  const seen = new Set<string>();
  const parameters = reader.optionalList(spec.parameters, ['spec', 'parameters']).map((raw, index) => {
    const path = ['spec', 'parameters', index];
    const decl = reader.map(raw, path, declaredKeys(PARAMETER_SCHEMA));
    const paramName = reader.optionalString(decl.name, [...path, 'name']);
    if (!paramName) reader.fail(path, `parameters[${index}].name is required`, kurelErrors.parameter);
    if (seen.has(paramName)) reader.fail([...path, 'name'], `duplicate parameter name "${paramName}"`, kurelErrors.parameter);
    seen.add(paramName);
    const type = (reader.optionalString(decl.type, [...path, 'type']) ?? 'string') as ParameterType;
    if (!(PARAMETER_TYPES as readonly string[]).includes(type)) {
      reader.fail([...path, 'type'], `parameter "${paramName}" has invalid type "${type}"; supported types: ${PARAMETER_TYPES.join(', ')}`, kurelErrors.parameter);
    }
    const problem = decl.default === undefined || decl.default === null ? undefined : defaultProblem(paramName, type, decl.default);
    if (problem) reader.fail([...path, 'default'], problem, kurelErrors.parameter);
    return {
      name: paramName,
      type,
      required: decl.required === true,
      default: decl.default ?? undefined,
      description: reader.optionalString(decl.description, [...path, 'description']),
      path,
    };
  });
  return {
    name,
    version: metadata.version === undefined ? undefined : String(metadata.version),
    description: reader.optionalString(metadata.description, ['metadata', 'description']),
    parameters,
    source,
  };
}

function defaultProblem(name: string, type: ParameterType, value: unknown): string | undefined {
  if (typeof value === 'string' && value.includes('${')) return undefined;
  switch (type) {
    case 'integer':
      if (typeof value === 'string') return /^[-+]?\d+$/.test(value.trim()) ? undefined : `parameter "${name}" has default "${value}" which is not a valid integer`;
      if (typeof value === 'number') return Number.isInteger(value) ? undefined : `parameter "${name}" has fractional default ${value}; integer parameters require whole numbers`;
      return `parameter "${name}" (type integer) has a default that is ${describeValue(value)}; expected a whole number`;
    case 'boolean':
      if (typeof value === 'string') return parseGoBool(value) === undefined ? `parameter "${name}" has default "${value}" which is not a valid boolean (use true or false)` : undefined;
      return typeof value === 'boolean' ? undefined : `parameter "${name}" (type boolean) has a default that is ${describeValue(value)}; expected true or false`;
    case 'string':
      return typeof value === 'object' ? `parameter "${name}" (type string) has a default that is ${describeValue(value)}; expected a string` : undefined;
    case 'array':
      return Array.isArray(value) ? undefined : `parameter "${name}" (type array) has a default that is ${describeValue(value)}; expected a list`;
    case 'object':
      return typeof value === 'object' && !Array.isArray(value) ? undefined : `parameter "${name}" (type object) has a default that is ${describeValue(value)}; expected a map`;
  }
}

/** Go's strconv.ParseBool: the spellings the reference accepts for a boolean. */
export function parseGoBool(value: string): boolean | undefined {
  if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(value)) return false;
  return undefined;
}
