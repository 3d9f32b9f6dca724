import { copyData, setDataKey } from './copy-data.js';
import type { PropertyPath } from '../errors.js';
import type { Properties } from '../objects.js';
import type { PropertiesSchema, PropertySchema, SchemaType } from '../schema.js';
import { exclusiveGroups } from './exclusive-groups.js';
import { describeValue, typeWords } from './value-words.js';
import { allowedList, allowedOrClosest } from './suggest.js';

export interface SchemaIssue {
  /** Where the issue is, relative to the validated properties. */
  path: PropertyPath;
  message: string;
}

export interface ValidateOptions {
  /** Enforce `required` on the top-level keys (nested required keys are always enforced). */
  topLevelRequired?: boolean;
  /** Refuse a value under a platform-reserved key (the authored surface). */
  refuseReserved?: boolean;
  /**
   * Values a lowering rule rendered under reserved keys (`renderReserved`), by dot-separated path:
   * a reserved key holding its rendered value is accepted where `refuseReserved` refuses others.
   */
  renderedReserved?: ReadonlyMap<string, unknown>;
  /** Fill in declared defaults for absent keys. */
  applyDefaults?: boolean;
  /** Why a top-level key is not accepted, added to its refusal (an object schema carries its own `hints`). */
  hints?: Record<string, string>;
  /** Accept top-level keys the schema does not declare, unchecked (a handler's `additionalProperties`). */
  additionalProperties?: boolean;
  /**
   * What will be merged under the value later (a trait's capability rendering, objects merged
   * recursively): a required key, or a required group's key, it holds at the same path counts as
   * set. A list is never merged into, so inside one the value is checked as written.
   */
  mergedUnder?: Properties;
}

/** Where the issues of a check go as they are found: an array collects them. */
export interface IssueSink {
  push(issue: SchemaIssue): unknown;
}

export interface ValidateResult {
  /** The properties with explicit nulls removed and, if asked, defaults filled in. */
  value: Properties;
  issues: SchemaIssue[];
}

/**
 * Checks properties against their schema: unknown keys, types and unions, enums, required
 * keys, exclusive groups. An explicit null on an object key means the key is absent.
 */
export function validateProperties(schema: PropertiesSchema, value: unknown, options: ValidateOptions = {}): ValidateResult {
  const issues: SchemaIssue[] = [];
  return { value: checkProperties(schema, value, options, issues), issues };
}

/**
 * `validateProperties`, handing each issue to `issues` as it is found: a caller that makes
 * something else of each (the engine, a diagnostic) keeps no issue past its own use, where a file
 * refused at each of its keys holds as many.
 */
export function checkProperties(schema: PropertiesSchema, value: unknown, options: ValidateOptions, issues: IssueSink): Properties {
  const root: PropertySchema = { type: 'object', properties: schema, ...(options.additionalProperties ? { additionalProperties: true } : {}) };
  if (value === undefined || value === null) value = {};
  return (checkValue(root, value, [], issues, options, 0) ?? {}) as Properties;
}

const MAX_DEPTH = 64;

/*
 * `at` is the path of the value being checked: one array for the whole check, each level pushing
 * its key and popping it after. An issue takes a copy; a value that has none allocates no path.
 */

function checkValue(
  schema: PropertySchema,
  value: unknown,
  at: Array<string | number>,
  issues: IssueSink,
  options: ValidateOptions,
  depth: number,
): unknown {
  if (value === null || value === undefined) return undefined;
  if (depth > MAX_DEPTH) {
    issues.push({ path: [...at], message: 'value nests too deeply' });
    return value;
  }
  if (schema.types ? !schema.types.some((t) => hasType(value, t)) : schema.type !== undefined && !hasType(value, schema.type)) {
    issues.push({ path: [...at], message: typeMismatch(schema, value) });
    return value;
  }
  if (schema.enum && !isEnumMember(schema.enum, value)) {
    issues.push({ path: [...at], message: `${JSON.stringify(value)} is not allowed; must be one of: ${schema.enum.map(String).join(', ')}` });
  }
  const bound = boundIssue(schema, value);
  if (bound) issues.push({ path: [...at], message: bound });
  if (Array.isArray(value)) return checkArray(schema, value, at, issues, options, depth);
  if (isPlainObject(value) && (schema.properties || schema.type === 'object' || schema.additionalProperties !== undefined)) {
    return checkObject(schema, value, at, issues, options, depth);
  }
  return value;
}

const typeMismatches = new WeakMap<PropertySchema, Map<string, string>>();

/**
 * `expected a string, got a map`: one string for each schema and kind of value, shared by every
 * issue that says it (a file refused at each of its keys holds as many issues).
 */
function typeMismatch(schema: PropertySchema, value: unknown): string {
  let said = typeMismatches.get(schema);
  if (!said) typeMismatches.set(schema, (said = new Map()));
  const got = describeValue(value);
  let message = said.get(got);
  if (message === undefined) {
    const allowed = schema.types ?? [schema.type!];
    said.set(got, (message = `expected ${allowed.map(typeWords).join(' or ')}, got ${got}`));
  }
  return message;
}

/** What breaks the pattern or a bound the schema states, if anything. */
function boundIssue(schema: PropertySchema, value: unknown): string | undefined {
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return `${value} is less than the minimum ${schema.minimum}`;
    if (schema.maximum !== undefined && value > schema.maximum) return `${value} is more than the maximum ${schema.maximum}`;
  } else if (typeof value === 'string') {
    // Counted in code points, and only where a bound asks: most strings are checked for no length.
    const length = schema.minLength !== undefined || schema.maxLength !== undefined ? codePoints(value) : 0;
    if (schema.minLength !== undefined && length < schema.minLength) return `${JSON.stringify(value)} is shorter than ${schema.minLength} characters`;
    if (schema.maxLength !== undefined && length > schema.maxLength) return `${JSON.stringify(value)} is longer than ${schema.maxLength} characters`;
    if (schema.pattern !== undefined && !patternOf(schema.pattern).test(value)) return `${JSON.stringify(value)} does not match the pattern ${schema.pattern}`;
  } else if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return `holds ${value.length} items, fewer than ${schema.minItems}`;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return `holds ${value.length} items, more than ${schema.maxItems}`;
  }
  return undefined;
}

function codePoints(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

const patterns = new Map<string, RegExp>();

/** A schema's pattern, compiled once. */
function patternOf(source: string): RegExp {
  let compiled = patterns.get(source);
  if (!compiled) {
    compiled = new RegExp(source);
    patterns.set(source, compiled);
  }
  return compiled;
}

function checkArray(
  schema: PropertySchema,
  value: unknown[],
  at: Array<string | number>,
  issues: IssueSink,
  options: ValidateOptions,
  depth: number,
): unknown[] {
  const out = new Array<unknown>(value.length);
  for (let index = 0; index < value.length; index++) {
    const element = value[index];
    if (element === null || element === undefined) {
      issues.push({ path: [...at, index], message: 'null is not allowed as a list element' });
      out[index] = element;
      continue;
    }
    if (!schema.items) {
      out[index] = element;
      continue;
    }
    at.push(index);
    out[index] = checkValue(schema.items, element, at, issues, options, depth + 1);
    at.pop();
  }
  return out;
}

const NO_PROPERTIES: Record<string, PropertySchema> = Object.freeze({});

function checkObject(
  schema: PropertySchema,
  value: Record<string, unknown>,
  at: Array<string | number>,
  issues: IssueSink,
  options: ValidateOptions,
  depth: number,
): Record<string, unknown> {
  const declared = schema.properties ?? NO_PROPERTIES;
  const extra = schema.additionalProperties ?? false;
  const out: Record<string, unknown> = {};
  const isTop = depth === 0;
  // A malformed group is the schema's defect, reported before anything the value holds.
  const groupProblem = exclusiveSchemaProblem(schema);
  if (groupProblem) {
    issues.push({ path: [...at], message: `schema error: ${groupProblem}` });
    return { ...value };
  }

  // Keys are walked one by one, not as entries: every object a build checks passes here, and an
  // entry pair per key is most of what the check would allocate.
  const keys = Object.keys(value);
  // Declared means the schema's own key: `constructor` or `toString` is no property of every schema.
  if (extra === false && keys.some((key) => !Object.hasOwn(declared, key))) {
    // Frozen: the suggestions keep what they work out of it for every key it refuses.
    const allowedKeys = Object.freeze(
      Object.keys(declared)
        .filter((key) => !(options.refuseReserved && declared[key].platformReserved))
        .sort(),
    );
    const listing = allowedList(allowedKeys);
    // The refusals that fall back on listing the allowed fields: how many so far, and the first.
    let listed = 0;
    let firstListed = '';
    let pointer = '';
    // Most refused keys get the same reason: the end of their message after the key is made once
    // and shared, where each message would otherwise join its own. A file that refuses keys by the
    // hundred thousand holds every message until it is reported.
    let reason: string | undefined;
    let afterKey = '';
    // In the object's own order, which is the author's (but for keys that read as indices, first):
    // a report reads in the order of its file, and the fields listed in full are the first refused.
    for (const key of keys) {
      if (Object.hasOwn(declared, key)) continue;
      // A hint is the map's own entry: `constructor` is no hint of every map.
      const hint = ownEntry(schema.hints, key) ?? (isTop ? ownEntry(options.hints, key) : undefined);
      let next = allowedOrClosest(key, allowedKeys);
      if (next === listing) {
        listed += 1;
        if (listed === 1) firstListed = key;
        // The same list written out a million times would be most of a report, and none of its news.
        else if (listed > LISTED_IN_FULL) next = pointer ||= `allowed: as listed for "${firstListed}"`;
      }
      if (next !== reason) {
        reason = next;
        afterKey = `" (${reason})`;
      }
      issues.push({ path: [...at, key], message: `unsupported field "${key}${afterKey}${hint ? `; ${schema.hintsAt ? `${schema.hintsAt}.` : ''}${key}: ${hint}` : ''}` });
    }
  }

  for (const key of keys) {
    const own = Object.hasOwn(declared, key) ? declared[key] : undefined;
    // An undeclared key is refused above: its value is never read.
    if (!own && extra === false) continue;
    const raw = value[key];
    const keySchema = own ?? (typeof extra === 'object' ? extra : undefined);
    // Reservation is about what an author wrote: an explicit null is written too.
    if (raw !== undefined && options.refuseReserved && own?.platformReserved) {
      const dotted = [...at, key].join('.');
      const rendered = options.renderedReserved?.has(dotted) && deepEqual(options.renderedReserved.get(dotted), raw);
      if (!rendered) {
        issues.push({ path: [...at, key], message: 'property is platform-reserved: only the ClusterProfile rendering may set it' });
        continue;
      }
    }
    if (raw === null || raw === undefined) continue;
    at.push(key);
    const checked = keySchema ? checkValue(keySchema, raw, at, issues, options, depth + 1) : raw;
    at.pop();
    setDataKey(out, key, checked);
  }

  for (const key of keysToFill(declared)) {
    if (out[key] !== undefined) continue;
    const keySchema = declared[key];
    if (options.applyDefaults && keySchema.default !== undefined) {
      out[key] = copyData(keySchema.default);
    } else if (keySchema.required && (!isTop || options.topLevelRequired) && !mergedHas(options.mergedUnder, at, [key])) {
      issues.push({ path: [...at], message: `"${key}" is required` });
    }
  }

  if (schema.exclusive) {
    for (const group of exclusiveGroups(schema)) {
      const present = group.keys.filter((key) => value[key] !== undefined && value[key] !== null);
      if (present.length > 1) issues.push({ path: [...at], message: `only one of ${group.keys.join(', ')} may be set (got ${present.join(', ')})` });
      // A group's required is relaxed exactly where a key's is: on an authored top level.
      else if (present.length === 0 && group.required && (!isTop || options.topLevelRequired) && !mergedHas(options.mergedUnder, at, group.keys)) issues.push({ path: [...at], message: `one of ${group.keys.join(', ')} must be set` });
    }
  }
  return out;
}

function ownEntry(map: Record<string, string> | undefined, key: string): string | undefined {
  return map !== undefined && Object.hasOwn(map, key) ? map[key] : undefined;
}

/** Whether the value merged under the checked one sets one of `keys` in the object at `at`. */
function mergedHas(merged: Properties | undefined, at: ReadonlyArray<string | number>, keys: readonly string[]): boolean {
  if (merged === undefined) return false;
  let node: unknown = merged;
  for (const step of at) {
    if (typeof step === 'number' || !isPlainObject(node) || !Object.hasOwn(node, step)) return false;
    node = node[step];
  }
  return isPlainObject(node) && keys.some((key) => Object.hasOwn(node, key) && node[key] !== undefined && node[key] !== null);
}

/**
 * How many of an object's refused keys have the allowed fields listed in full; each one past them
 * names the first key that has the list instead.
 */
const LISTED_IN_FULL = 100;

/**
 * The declared keys an absent value may matter for: those with a default or marked required.
 * Worked out once per properties object (schemas are fixed once registered): most declared keys
 * have neither, and walking them all for every object checked was most of the check's time.
 */
function keysToFill(declared: Record<string, PropertySchema>): readonly string[] {
  let keys = fillable.get(declared);
  if (!keys) {
    keys = Object.keys(declared).filter((key) => declared[key].default !== undefined || declared[key].required);
    fillable.set(declared, keys);
  }
  return keys;
}

const fillable = new WeakMap<Record<string, PropertySchema>, readonly string[]>();

/** A malformed group: fewer than two keys, a key the object does not declare or that is required, a key in two groups. */
function exclusiveSchemaProblem(schema: PropertySchema): string | undefined {
  if (!schema.exclusive) return undefined;
  const seen = new Set<string>();
  for (const group of exclusiveGroups(schema)) {
    if (group.keys.length < 2) return `exclusive group [${group.keys.join(', ')}] has fewer than two keys`;
    for (const key of group.keys) {
      const declared = schema.properties?.[key];
      if (!declared) return `exclusive group [${group.keys.join(', ')}] names "${key}", which the object does not declare`;
      if (declared.required) return `exclusive group [${group.keys.join(', ')}] holds "${key}", which is required`;
      if (seen.has(key)) return `"${key}" is in two exclusive groups`;
      seen.add(key);
    }
  }
  return undefined;
}

/**
 * Every enum member, on the schema and below it, that holds a null anywhere: such a member can
 * never match a normalised value, so it is a defect of the schema. Reported by schema path and
 * member index, in sorted key order.
 */
export function checkEnumMembersHoldNoNull(schema: PropertySchema, path = ''): string[] {
  const problems: string[] = [];
  (schema.enum ?? []).forEach((member, index) => {
    if (holdsNull(member)) problems.push(`${path || '(root)'}: enum member ${index} holds a null`);
  });
  for (const key of Object.keys(schema.properties ?? {}).sort()) problems.push(...checkEnumMembersHoldNoNull(schema.properties![key], path ? `${path}.${key}` : key));
  if (schema.items) problems.push(...checkEnumMembersHoldNoNull(schema.items, `${path}[]`));
  return problems;
}

function holdsNull(value: unknown, depth = 0): boolean {
  if (value === null || value === undefined || depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((entry) => holdsNull(entry, depth + 1));
  if (isPlainObject(value)) return Object.values(value).some((entry) => holdsNull(entry, depth + 1));
  return false;
}

function hasType(value: unknown, type: SchemaType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
  }
}

/** What a value is, in the author's words (`a list`, `a map`): the name older plugins call. */
export const goTypeName = describeValue;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether `value` equals a member as JSON text does: for a string or a boolean, that is `===`. */
function isEnumMember(members: readonly unknown[], value: unknown): boolean {
  if (typeof value === 'string' || typeof value === 'boolean') return members.includes(value);
  return members.some((member) => deepEqual(member, value));
}
