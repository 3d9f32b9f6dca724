import { isMap, isScalar, isSeq, LineCounter, type Node } from 'yaml';
import type { Diagnostic } from '../../plugin-api/diagnostics.js';
import { formatPath } from '../../plugin-api/diagnostics.js';
import { SUPPORTED_API_VERSION } from './parsed.js';
import { kurelErrors } from '../../plugin-api/index.js';
import { closestAndAllowed, readYamlDocuments } from '../../plugin-api/kit/index.js';
import { DEFAULT_INPUT_LIMITS, type InputFile } from '../yaml/index.js';
import { readBlockValues } from '../yaml/block-yaml.js';
import { declaredKeys } from './schemas/common.js';
import { ENVIRONMENT_SCHEMA, ENVIRONMENT_SET_SCHEMA } from './schemas/environment-set.js';

/** One named pairing of a ClusterProfile and an optional values file, relative to the EnvironmentSet. */
export interface EnvironmentBinding {
  name: string;
  profile: string;
  values?: string;
}

export interface EnvironmentSet {
  bindings: EnvironmentBinding[];
  /** The declared names, sorted, as an unknown name's refusal lists them. */
  names: string[];
}

type Path = (string | number)[];

const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_TEXT =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

// The fields of each level, as a strict decoder knows them: the published schema's.
const levels = ENVIRONMENT_SET_SCHEMA.properties as Record<string, { anyOf?: Array<Record<string, unknown>> } & Record<string, unknown>>;
const FIELDS: Record<string, readonly string[]> = {
  EnvironmentSet: declaredKeys(ENVIRONMENT_SET_SCHEMA),
  metadata: declaredKeys(levels.metadata.anyOf![0]),
  spec: declaredKeys(levels.spec),
  environment: declaredKeys(ENVIRONMENT_SCHEMA),
};

/**
 * Decodes an EnvironmentSet strictly (unknown fields refused, one document only) and validates the
 * whole file before any name is looked up, so a broken entry is reported whichever is asked for.
 * Every refusal is `parsing environments file "<file>": …` placed at the offending node.
 */
export function parseEnvironmentSet(input: InputFile): EnvironmentSet {
  return readValidSet(input.text) ?? parseWithPlaces(input);
}

/** Thrown inside `readValidSet` where the set is not valid: the library's reading then places the refusal. */
const NOT_VALID = Symbol('not a valid EnvironmentSet');

/**
 * The set in `text`, read by the block reader (a small part of the YAML library's cost, for the
 * hundreds of packages of a fleet), where it is one document and valid; undefined otherwise, and
 * the text is read again with the library to place whatever is wrong.
 */
function readValidSet(text: string): EnvironmentSet | undefined {
  // A second document, even an empty one the reader passes over, is a refusal to place.
  if (/^(---|\.\.\.)/m.test(text)) return undefined;
  let values: unknown[] | undefined;
  try {
    values = readBlockValues(text, DEFAULT_INPUT_LIMITS);
  } catch {
    return undefined;
  }
  if (values?.length !== 1) return undefined;
  const fail = (): never => {
    throw NOT_VALID;
  };
  try {
    return validate(decodeValue(values[0], fail), fail);
  } catch (error) {
    if (error === NOT_VALID) return undefined;
    throw error;
  }
}

/** `decode` of a value the block reader read: anything but maps, lists and strings where the decoder expects them is left to `decode`. */
function decodeValue(root: unknown, fail: () => never): Decoded {
  const map = (value: unknown, level: string): Record<string, unknown> => {
    if (value === null || value === undefined) return {};
    if (typeof value !== 'object' || Array.isArray(value) || Object.keys(value).some((key) => !FIELDS[level].includes(key))) fail();
    return value as Record<string, unknown>;
  };
  const text = (value: unknown): Field => {
    if (value === null || value === undefined) return { value: '' };
    return typeof value === 'string' ? { value } : fail();
  };
  const top = map(root, 'EnvironmentSet');
  text(map(top.metadata, 'metadata').name);
  const spec = map(top.spec, 'spec');
  const list = spec.environments ?? [];
  if (!Array.isArray(list)) fail();
  const environments = (list as unknown[]).map((item) => {
    const entry = map(item, 'environment');
    return { name: text(entry.name), profile: text(entry.profile), values: text(entry.values) };
  });
  return { apiVersion: text(top.apiVersion), kind: text(top.kind), environments };
}

/** The set as the YAML library reads it, every refusal placed at its node. */
function parseWithPlaces(input: InputFile): EnvironmentSet {
  const lines = new LineCounter();
  const documents = readYamlDocuments(input.text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const list = Array.isArray(documents) ? documents : [];
  const fail = (node: Node | undefined, path: Path, cause: string): never => {
    const where: Pick<Diagnostic, 'file' | 'line' | 'column' | 'path'> = { file: input.file, path: formatPath(path) || undefined };
    if (node?.range) {
      const { line, col } = lines.linePos(node.range[0]);
      Object.assign(where, { line, column: col });
    }
    throw kurelErrors.environment(`parsing environments file "${input.file}": ${cause}`, where);
  };
  const first = list[0];
  const syntax = first?.errors[0];
  if (syntax) {
    const { line, col } = lines.linePos(syntax.pos[0]);
    throw kurelErrors.environment(`parsing environments file "${input.file}": decoding: ${syntax.message.split('\n')[0]}`, { file: input.file, line, column: col });
  }
  if (!first || first.contents === null) fail(undefined, [], 'decoding: the file holds no document');
  const decoded = decode(first!.contents as Node, fail);
  // A second document, even an empty one after a trailing `---`, would be read by nobody.
  if (list.length > 1) {
    const problem = list[1].errors[0];
    if (problem) {
      const { line, col } = lines.linePos(problem.pos[0]);
      throw kurelErrors.environment(`parsing environments file "${input.file}": decoding: ${problem.message.split('\n')[0]}`, { file: input.file, line, column: col });
    }
    fail((list[1].contents as Node | null) ?? undefined, [], 'expected a single YAML document, found more than one');
  }
  return validate(decoded, fail);
}

type Fail = (node: Node | undefined, path: Path, cause: string) => never;

interface Field {
  value: string;
  node?: Node;
}

interface Decoded {
  apiVersion: Field;
  kind: Field;
  environments: Array<{ node?: Node; name: Field; profile: Field; values: Field }>;
  environmentsNode?: Node;
}

function decode(root: Node, fail: Fail): Decoded {
  const top = fields(root, [], 'EnvironmentSet', fail);
  const metadata = top.get('metadata');
  if (metadata) {
    const meta = fields(metadata, ['metadata'], 'metadata', fail);
    scalar(meta.get('name'), ['metadata', 'name'], fail);
  }
  const spec = top.get('spec');
  const specFields = spec ? fields(spec, ['spec'], 'spec', fail) : new Map<string, Node>();
  const environmentsNode = specFields.get('environments');
  const environments: Decoded['environments'] = [];
  if (environmentsNode && !isNull(environmentsNode)) {
    if (!isSeq(environmentsNode)) fail(environmentsNode, ['spec', 'environments'], `decoding: expected a list, got ${describe(environmentsNode)}`);
    (environmentsNode as { items: Node[] }).items.forEach((item, index) => {
      const path = ['spec', 'environments', index];
      const entry = fields(item, path, 'environment', fail);
      environments.push({
        node: item,
        name: scalar(entry.get('name'), [...path, 'name'], fail),
        profile: scalar(entry.get('profile'), [...path, 'profile'], fail),
        values: scalar(entry.get('values'), [...path, 'values'], fail),
      });
    });
  }
  return { apiVersion: scalar(top.get('apiVersion'), ['apiVersion'], fail), kind: scalar(top.get('kind'), ['kind'], fail), environments, environmentsNode };
}

/** A mapping's entries by key; a key the level does not know is refused as a strict decoder refuses it. */
function fields(node: Node, path: Path, level: string, fail: Fail): Map<string, Node> {
  const found = new Map<string, Node>();
  if (isNull(node)) return found;
  if (!isMap(node)) fail(node, path, `decoding: expected a map, got ${describe(node)}`);
  for (const pair of (node as { items: Array<{ key: unknown; value: unknown }> }).items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    if (!FIELDS[level].includes(key)) fail(pair.key as Node, [...path, key], `unsupported field "${key}" (${closestAndAllowed(key, FIELDS[level])})`);
    if (pair.value) found.set(key, pair.value as Node);
  }
  return found;
}

/** A string field: any scalar is read as written (a number stays its text); null is the empty string. */
function scalar(node: Node | undefined, path: Path, fail: Fail): Field {
  if (node === undefined || isNull(node)) return { value: '', node };
  if (!isScalar(node)) fail(node, path, `decoding: expected a string, got ${describe(node)}`);
  const value = (node as { value: unknown; source?: string }).value;
  return { value: typeof value === 'string' ? value : String((node as { source?: string }).source ?? value), node };
}

function isNull(node: Node): boolean {
  return isScalar(node) && node.value === null;
}

function describe(node: Node): string {
  if (isMap(node)) return 'a map';
  if (isSeq(node)) return 'a list';
  return 'a scalar';
}

function validate(decoded: Decoded, fail: Fail): EnvironmentSet {
  if (decoded.apiVersion.value !== SUPPORTED_API_VERSION) {
    fail(decoded.apiVersion.node, ['apiVersion'], `unsupported apiVersion "${decoded.apiVersion.value}", expected "${SUPPORTED_API_VERSION}"`);
  }
  if (decoded.kind.value !== 'EnvironmentSet') fail(decoded.kind.node, ['kind'], `expected kind EnvironmentSet, got "${decoded.kind.value}"`);
  if (decoded.environments.length === 0) fail(decoded.environmentsNode, ['spec', 'environments'], 'spec.environments declares no environments');
  const seen = new Set<string>();
  const bindings = decoded.environments.map(({ node, name, profile, values }, index): EnvironmentBinding => {
    const path = ['spec', 'environments', index];
    if (name.value === '') fail(node, path, `spec.environments[${index}].name is required`);
    const problems = labelErrors(name.value);
    if (problems.length > 0) fail(name.node, [...path, 'name'], `spec.environments[${index}].name "${name.value}" is not a DNS-1123 label: ${problems.join('; ')}`);
    if (seen.has(name.value)) fail(name.node, [...path, 'name'], `duplicate environment name "${name.value}"`);
    seen.add(name.value);
    if (profile.value === '') fail(node, path, `environment "${name.value}": profile is required`);
    checkRelative(name.value, 'profile', profile, [...path, 'profile'], fail);
    checkRelative(name.value, 'values', values, [...path, 'values'], fail);
    return { name: name.value, profile: profile.value, ...(values.value !== '' ? { values: values.value } : {}) };
  });
  return { bindings, names: bindings.map((binding) => binding.name).sort() };
}

/** The path's text alone: absolute, or stepping up with a `..` element, is refused. */
function checkRelative(environment: string, field: string, { value, node }: Field, path: Path, fail: Fail): void {
  if (value === '') return;
  if (value.startsWith('/')) fail(node, path, `environment "${environment}": ${field} must be relative to the environments file, got "${value}"`);
  if (value.split('/').includes('..')) fail(node, path, `environment "${environment}": ${field} must not contain "..", got "${value}"`);
}

function labelErrors(name: string): string[] {
  const errors: string[] = [];
  if (name.length > 63) errors.push('must be no more than 63 characters');
  if (!LABEL.test(name)) errors.push(LABEL_TEXT);
  return errors;
}
