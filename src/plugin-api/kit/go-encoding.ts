import { copyData } from './copy-data.js';
import type { HandlerContext } from '../context.js';
import type { PropertyPath } from '../errors.js';
import { normaliseGoDuration } from './go-duration.js';
import { canonicalQuantity } from './policy-checks/quantity.js';
import type { GoEncoding, PropertySchema } from '../schema.js';

// A kind's properties are decoded into the upstream Go type and written back with encoding/json,
// as the reference does. What that changes is not in the schema a CRD publishes: whether a field
// is a pointer, whether its tag says `omitempty`, whether a struct is held by value. A schema node
// carries that as its `go` annotation; without one, a field is a pointer or an `omitempty`
// collection, the common case: a scalar is written as authored, an empty list or map is dropped.

/** A non-pointer `omitempty` scalar. */
export const GO_OMIT_ZERO: GoEncoding = Object.freeze({ omitZero: true });
/** A struct held by value: `{}` at the least. */
export const GO_STRUCT: GoEncoding = Object.freeze({ zero: {} });
/** A list or map without `omitempty`: written when empty, left out when absent. */
export const GO_KEEP_EMPTY: GoEncoding = Object.freeze({ keepEmpty: true });
/** A metav1.Duration, held by pointer. */
export const GO_DURATION: GoEncoding = Object.freeze({ format: 'duration' });
/** A metav1.Time, held by pointer. */
export const GO_TIME: GoEncoding = Object.freeze({ format: 'time' });
/** A field without `omitempty`: `zero` when absent. */
export const goAlways = (zero: unknown, extra: GoEncoding = {}): GoEncoding => ({ ...extra, zero });

type Json = Record<string, unknown>;
/** What the encoder asks of its context: a refusal with its path. */
type Failing = Pick<HandlerContext, 'fail'>;

export interface GoEncodeOptions {
  /**
   * A `null` field is read as Go reads it: as the zero value (a struct `{}`, a nil list or pointer,
   * left out under `omitempty`), not written back as `null`. For objects a chart renders; a kind's
   * authored properties keep their `null` (a nil pointer a default asks for).
   */
  nullIsAbsent?: boolean;
}

/** Nothing is written for the field. */
const OMITTED: unique symbol = Symbol('omitted');

/**
 * Checked properties as the reference's Go type writes them back. A value Go cannot read (a
 * duration, a time, a quantity) is refused with its path, as the reference's strict decode refuses it.
 */
export function encodeGo(value: Json, schema: PropertySchema, ctx: Failing, path: PropertyPath = [], options: GoEncodeOptions = {}): Json {
  return encodeObject(value, schema, { ctx, options }, path);
}

interface Encoding {
  ctx: Failing;
  options: GoEncodeOptions;
}

function encodeObject(value: Json, schema: PropertySchema, env: Encoding, path: PropertyPath): Json {
  const out: Json = {};
  const declared = schema.properties ?? {};
  const free = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  const absent = (key: string): boolean => value[key] === undefined || (env.options.nullIsAbsent === true && value[key] === null && declared[key] !== undefined);
  for (const [key, current] of Object.entries(value)) {
    if (absent(key)) continue;
    const member = declared[key];
    const encoded = member ? encodeField(current, member, env, [...path, key]) : encodeValue(current, free, env, [...path, key]);
    if (encoded !== OMITTED) out[key] = encoded;
  }
  for (const [key, member] of Object.entries(declared)) {
    if (!absent(key) || member.go?.zero === undefined) continue;
    const encoded = encodeField(copyData(member.go.zero), member, env, [...path, key]);
    if (encoded !== OMITTED) out[key] = encoded;
  }
  return out;
}

/** A declared field: its `omitempty` applies. */
function encodeField(value: unknown, member: PropertySchema, env: Encoding, path: PropertyPath): unknown {
  const go = member.go;
  if (go?.omitZero && (value === '' || value === 0 || value === false)) return OMITTED;
  const kept = go?.keepEmpty === true || go?.zero !== undefined;
  if (!kept && Array.isArray(value) && value.length === 0) return OMITTED;
  if (!kept && isMapSchema(member) && isObject(value) && Object.keys(value).length === 0) return OMITTED;
  return encodeValue(value, member, env, path);
}

/** A value of a field, a list element or a map entry. */
function encodeValue(value: unknown, schema: PropertySchema | undefined, env: Encoding, path: PropertyPath): unknown {
  if (schema === undefined || value === null) return value;
  if (typeof value === 'string' && schema.go?.format) return goFormatted(value, schema.go.format, env.ctx, path);
  if (isQuantitySchema(schema) && (typeof value === 'string' || typeof value === 'number')) {
    return canonicalQuantity(value) ?? env.ctx.fail(`${dottedPath(path)}: "${value}" is not a quantity (such as 1Gi, 500m or 10)`, path);
  }
  if (Array.isArray(value)) return value.map((element, index) => encodeValue(element, schema.items, env, [...path, index]));
  if (isObject(value)) return encodeObject(value, schema, env, path);
  return value;
}

const EXPECTED = {
  duration: 'a Go duration (a number and a unit: ns, us, ms, s, m, h; "2160h")',
  'duration-minutes': 'a Go duration (a number and a unit: ns, us, ms, s, m; "90m")',
  time: 'an RFC 3339 time stamp (2026-01-31T12:00:00Z)',
};

function goFormatted(value: string, format: NonNullable<GoEncoding['format']>, ctx: Failing, path: PropertyPath): string {
  const printed = format === 'time' ? normaliseGoTime(value) : normaliseGoDuration(value);
  if (printed === undefined) return ctx.fail(`${dottedPath(path)}: "${value}" is not ${EXPECTED[format]}`, path);
  return format === 'duration-minutes' ? foldHours(printed) : printed;
}

/** `1h30m0s` as `90m0s`, for a field whose pattern takes no hours. */
function foldHours(printed: string): string {
  const match = /^(-?)(\d+)h(\d+)m(.*)$/.exec(printed);
  return match ? `${match[1]}${Number(match[2]) * 60 + Number(match[3])}m${match[4]}` : printed;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** A metav1.Time as Go writes it (RFC 3339 in UTC, whole seconds); undefined when Go would not read it. */
export function normaliseGoTime(text: string): string | undefined {
  if (!RFC3339.test(text)) return undefined;
  const time = new Date(text);
  if (Number.isNaN(time.getTime())) return undefined;
  return `${time.toISOString().slice(0, 19)}Z`;
}

/** A resource.Quantity: the schema takes a string or a number, as the generators write it. */
export function isQuantitySchema(schema: PropertySchema): boolean {
  return schema.types?.length === 2 && schema.types.includes('number') && schema.types.includes('string');
}

/** A map: free keys and none declared. A struct declares its keys. */
function isMapSchema(schema: PropertySchema): boolean {
  return schema.properties === undefined && schema.additionalProperties !== undefined && schema.additionalProperties !== false;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `rules[0].backendRefs[1].port` */
export function dottedPath(path: PropertyPath): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : String(part)), '');
}
