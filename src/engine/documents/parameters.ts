import { isMap, isScalar, isSeq, Scalar, visit, type Document } from 'yaml';
import { kurelErrors, type DiagnosticPlace } from '../../plugin-api/index.js';
import { describeValue, didYouMean, isPlainObject } from '../../plugin-api/kit/index.js';
import { parseGoBool, type ParameterDecl, type ParsedPackage } from './package.js';
import type { SourceDocument } from '../yaml/index.js';
import { applySetFlag, FlagText, mergeValues, SET_FLAG_ORDER, type SetFlagName } from './set-flags.js';

export interface ParameterInput {
  /** The values files' mappings, in the order given: a later file wins. */
  values?: ReadonlyArray<{ file: string; source?: SourceDocument }>;
  /** `--set` flags, in order, each one or more `key=value` pairs read as Helm reads them. */
  sets: readonly string[];
  /** `--set-string` flags: the same, every value a string. */
  setStrings?: readonly string[];
  /** `--set-json` flags: `key=<JSON>` pairs, or one JSON object merged whole. */
  setJsons?: readonly string[];
  /** `--set-file` flags: `key=path` pairs, the value the file's text. */
  setFiles?: readonly string[];
  /** The text of each file a `--set-file` flag names, by the path as written (the host read them). */
  setFileTexts?: Readonly<Record<string, string>>;
}

const PLACEHOLDER = /\$\{([^}]+)\}/g;
const WHOLE_PLACEHOLDER = /^\$\{([^}]+)\}$/;

/**
 * Resolves a package's parameters and substitutes them into the application's YAML tree in
 * place: whole-value placeholders take the parameter's type, inline ones become strings.
 */
export function resolveParameters(pkg: ParsedPackage, input: ParameterInput, application: SourceDocument): Map<string, unknown> {
  const supplied = suppliedValues(pkg, input);
  const effective = new Map<string, unknown>();
  for (const decl of pkg.parameters) {
    if (supplied.has(decl.name)) {
      effective.set(decl.name, supplied.get(decl.name));
    } else if (decl.default !== undefined) {
      effective.set(decl.name, resolveDefault(pkg, decl, effective));
    } else if (decl.required) {
      throw kurelErrors.parameter(`required parameter "${decl.name}" is not set; provide it with --values or --set`, pkg.source.at(decl.path));
    }
  }
  substitute(application, pkg, effective);
  return effective;
}

/**
 * The values supplied for the package, layered as Helm layers a chart's: each values file over the
 * one before, then `--set-json`, `--set`, `--set-string` and `--set-file`, each path by path.
 */
function suppliedValues(pkg: ParsedPackage, input: ParameterInput): Map<string, unknown> {
  const merged: Record<string, unknown> = {};
  const where = new Map<string, DiagnosticPlace>();
  for (const values of input.values ?? []) {
    if (!values.source) continue;
    const mapping = values.source.toJS();
    if (!isPlainObject(mapping)) {
      throw kurelErrors.parameter(`values file "${values.file}" must be a map (key: value pairs), got ${describeValue(mapping)}`, { file: values.file });
    }
    for (const [key, value] of Object.entries(mapping)) {
      merged[key] = mergeValues(merged[key], value);
      where.set(key, values.source.at([key]));
    }
  }
  const flags: Record<SetFlagName, readonly string[]> = {
    '--set-json': input.setJsons ?? [],
    '--set': input.sets,
    '--set-string': input.setStrings ?? [],
    '--set-file': input.setFiles ?? [],
  };
  const readFile = (path: string) => input.setFileTexts?.[path];
  for (const flag of SET_FLAG_ORDER) {
    for (const entry of flags[flag]) {
      for (const key of applySetFlag(flag, entry, merged, { readFile })) where.set(key, { path: `${flag} ${entry}` });
    }
  }
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(merged)) {
    const place = where.get(key)!;
    const decl = pkg.parameters.find((candidate) => candidate.name === key);
    if (!decl) {
      const hint = didYouMean(key, pkg.parameters.map((candidate) => candidate.name));
      throw kurelErrors.parameter(`parameter "${key}" is not declared in kurel.yaml${hint ? ` (${hint})` : ''}`, place);
    }
    out.set(key, value instanceof FlagText ? coerceFlagText(decl, value, place) : coerceOrRefuse(decl, value, place));
  }
  return out;
}

/**
 * A parameter's own value written on the command line: read by its declared type, as the
 * reference reads `--set` (a string parameter keeps `010` and `null` as written).
 */
function coerceFlagText(decl: ParameterDecl, value: FlagText, where: DiagnosticPlace): unknown {
  const { flag, text } = value;
  if (decl.type === 'array') {
    throw kurelErrors.parameter(`parameter "${decl.name}" (type array) takes a list, and ${flag} gives it the text "${text}": write a list as ${decl.name}={a,b}, an item as ${decl.name}[0]=…, or use --set-json or --values`, where);
  }
  if (decl.type === 'object') {
    throw kurelErrors.parameter(`parameter "${decl.name}" (type object) takes a map, and ${flag} gives it the text "${text}": set a key as ${decl.name}.key=…, or use --set-json or --values`, where);
  }
  if (flag === '--set-string' && decl.type !== 'string') {
    throw kurelErrors.parameter(`parameter "${decl.name}" (type ${decl.type}) cannot be set with --set-string; use --set`, where);
  }
  return coerceOrRefuse(decl, text, where);
}

type Coerced = { value: unknown } | { problem: string };

function coerceOrRefuse(decl: ParameterDecl, value: unknown, where: DiagnosticPlace): unknown {
  const result = coerce(decl, value);
  if ('problem' in result) throw kurelErrors.parameter(result.problem, where);
  return result.value;
}

/** Coerces a supplied value to the declared type, with the reference's refusal texts. */
function coerce(decl: ParameterDecl, value: unknown): Coerced {
  const name = decl.name;
  switch (decl.type) {
    case 'integer':
      if (typeof value === 'number') return Number.isInteger(value) ? { value } : { problem: `parameter "${name}" (type integer): ${value} is not a valid integer (fractional values are not allowed)` };
      if (typeof value === 'string') return /^[-+]?\d+$/.test(value.trim()) ? { value: Number.parseInt(value, 10) } : { problem: `parameter "${name}" (type integer): "${value}" is not a valid integer` };
      return { problem: `parameter "${name}" (type integer): cannot read ${describeValue(value)} as a whole number` };
    case 'boolean':
      if (typeof value === 'boolean') return { value };
      if (typeof value === 'string') {
        const parsed = parseGoBool(value);
        return parsed === undefined ? { problem: `parameter "${name}" (type boolean): "${value}" is not a valid boolean (use true or false)` } : { value: parsed };
      }
      return { problem: `parameter "${name}" (type boolean): cannot read ${describeValue(value)} as true or false` };
    case 'string':
      if (value === null) return { problem: `parameter "${name}" (type string): null is not a valid string value` };
      if (typeof value === 'object') return { problem: `parameter "${name}" (type string): got ${describeValue(value)}, expected a string` };
      return { value: String(value) };
    case 'array':
      return Array.isArray(value) ? { value } : { problem: `parameter "${name}" (type array): got ${describeValue(value)}, expected a list` };
    case 'object':
      return isPlainObject(value) ? { value } : { problem: `parameter "${name}" (type object): got ${describeValue(value)}, expected a map` };
  }
}

function resolveDefault(pkg: ParsedPackage, decl: ParameterDecl, effective: Map<string, unknown>): unknown {
  const where = pkg.source.at([...decl.path, 'default']);
  if (typeof decl.default !== 'string') return decl.default;
  let text = decl.default;
  if (text.includes('${')) {
    text = text.replace(PLACEHOLDER, (_, ref: string) => {
      if (!effective.has(ref)) {
        throw kurelErrors.parameter(`default for parameter "${decl.name}" references "${ref}" which has no value yet; only earlier parameters may be referenced in defaults`, where);
      }
      return String(effective.get(ref));
    });
    if (/\$\{[^}]+\}/.test(text)) throw kurelErrors.parameter(`default for parameter "${decl.name}" contains unresolved placeholder after substitution: "${text}"`, where);
    if (decl.type === 'integer' && !/^[-+]?\d+$/.test(text)) throw kurelErrors.parameter(`default for parameter "${decl.name}" resolved to "${text}" which is not a valid integer`, where);
    if (decl.type === 'boolean' && parseGoBool(text) === undefined) throw kurelErrors.parameter(`default for parameter "${decl.name}" resolved to "${text}" which is not a valid boolean`, where);
  }
  return coerceOrRefuse(decl, text, where);
}

/** Replaces placeholders in scalar values (never keys) of the application's YAML tree. */
function substitute(application: SourceDocument, pkg: ParsedPackage, effective: Map<string, unknown>): void {
  const document: Document.Parsed = application.document;
  const valueOf = (name: string, node: Scalar): unknown => {
    const decl = pkg.parameters.find((candidate) => candidate.name === name);
    const where = application.at(pathOf(document, node));
    if (!decl) throw kurelErrors.parameter(`undeclared parameter "${name}" referenced in application template`, where);
    if (!effective.has(name)) throw kurelErrors.parameter(`parameter "${name}" has no value; set it with --values or --set`, where);
    return effective.get(name);
  };
  visit(document, {
    Scalar(key, node) {
      if (key === 'key' || typeof node.value !== 'string' || !node.value.includes('${')) return undefined;
      const text = node.value;
      const whole = WHOLE_PLACEHOLDER.exec(text);
      // A substituted string is written into the node, not returned: the visitor visits a returned
      // node again, and a value holding `${` (or a text with an unclosed one) would never end.
      if (whole) {
        const value = valueOf(whole[1], node);
        if (typeof value === 'string') {
          node.value = value;
          node.type = Scalar.QUOTE_DOUBLE;
          return undefined;
        }
        const replacement = document.createNode(value) as Scalar;
        replacement.range = node.range;
        return replacement;
      }
      const inline = text.replace(PLACEHOLDER, (_, name: string) => {
        const value = valueOf(name, node);
        if (typeof value === 'object' && value !== null) {
          throw kurelErrors.parameter(`parameter "${name}" (type ${Array.isArray(value) ? 'array' : 'object'}) cannot be used in inline string substitution`, application.at(pathOf(document, node)));
        }
        return String(value);
      });
      node.value = inline;
      node.type = Scalar.QUOTE_DOUBLE;
      return undefined;
    },
  });
}

/** The property path of a node, for placing a diagnostic. */
function pathOf(document: Document.Parsed, target: unknown): (string | number)[] {
  const search = (node: unknown, path: (string | number)[]): (string | number)[] | undefined => {
    if (node === target) return path;
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const found = search(pair.value, [...path, key]);
        if (found) return found;
      }
    } else if (isSeq(node)) {
      for (let index = 0; index < node.items.length; index++) {
        const found = search(node.items[index], [...path, index]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return search(document.contents, []) ?? [];
}
