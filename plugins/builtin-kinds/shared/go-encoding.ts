import { canonicalQuantity, normaliseGoDuration, type HandlerContext, type PropertySchema } from 'kurel/plugin-api';
import { isQuantitySchema } from './go-json.js';

// The reference decodes a kind's properties into the upstream Go type and writes that type back
// with encoding/json. Four things then differ from what was authored: a struct field that is not a
// pointer is written even when absent (`{}`, with its own always-written fields); a field without
// `omitempty` is written with its zero value; an `omitempty` list or map, or a non-pointer scalar,
// is dropped when empty; a metav1.Duration is printed in Go's spelling, a resource.Quantity in its
// canonical form. A GoShape records, per kind, where its type does the first, second and fourth,
// and which scalars drop their zero; the empty lists and maps and the quantities are found from the
// property schema.

export type GoShape = { readonly [key: string]: GoField };

export type GoField =
  /** A non-pointer struct: written as `{}` when absent, then encoded by its fields. */
  | { readonly go: 'struct'; readonly fields: GoShape }
  /** A pointer to a struct, or a list of structs: its fields apply where the value is present. */
  | { readonly go: 'nested'; readonly fields: GoShape }
  /** A field without omitempty: written with this zero when absent; an empty value is kept. */
  | { readonly go: 'always'; readonly zero: unknown; readonly fields?: GoShape }
  /** A non-pointer scalar with omitempty: dropped when "", 0 or false. */
  | { readonly go: 'omitzero' }
  /** A metav1.Duration: read with time.ParseDuration, printed as Go prints it. */
  | { readonly go: 'duration' };

export const struct = (fields: GoShape = {}): GoField => ({ go: 'struct', fields });
export const nested = (fields: GoShape): GoField => ({ go: 'nested', fields });
export const always = (zero: unknown, fields?: GoShape): GoField => ({ go: 'always', zero, fields });
export const OMIT_ZERO: GoField = { go: 'omitzero' };
export const DURATION: GoField = { go: 'duration' };

type Json = Record<string, unknown>;
type Path = (string | number)[];

/**
 * Encodes checked properties as the reference's Go type writes them. A duration Go cannot read is
 * refused with its path, as the reference's strict decode refuses it.
 */
export function encodeGo(value: Json, schema: PropertySchema, shape: GoShape, ctx: Pick<HandlerContext, 'fail'>, path: Path = []): Json {
  const out: Json = {};
  const keys = new Set([...Object.keys(value), ...Object.keys(shape)]);
  for (const key of keys) {
    const field = shape[key];
    const sub = childSchema(schema, key);
    let current = value[key];
    if (current === undefined) {
      if (field?.go === 'struct') current = {};
      else if (field?.go === 'always') current = structuredClone(field.zero);
      else continue;
    }
    const encoded = encodeField(current, sub, field, ctx, [...path, key]);
    if (encoded !== undefined) out[key] = encoded;
  }
  return out;
}

function encodeField(value: unknown, schema: PropertySchema | undefined, field: GoField | undefined, ctx: Pick<HandlerContext, 'fail'>, path: Path): unknown {
  const kept = field?.go === 'always' || field?.go === 'struct';
  switch (field?.go) {
    case 'omitzero':
      if (value === '' || value === 0 || value === false) return undefined;
      break;
    case 'duration':
      if (typeof value === 'string') {
        const normalised = normaliseGoDuration(value);
        if (normalised === undefined) ctx.fail(`${dotted(path)}: "${value}" is not a Go duration (a number and a unit: ns, us, ms, s, m, h; "2160h")`, path);
        return normalised;
      }
      break;
  }
  if (schema && isQuantitySchema(schema) && (typeof value === 'string' || typeof value === 'number')) {
    return canonicalQuantity(value) ?? ctx.fail(`${dotted(path)}: "${value}" is not a quantity (such as 1Gi, 500m or 10)`, path);
  }
  const fields = field && 'fields' in field ? field.fields : undefined;
  if (Array.isArray(value)) {
    if (value.length === 0 && !kept) return undefined;
    const items = schema?.items;
    return value.map((element, index) => encodeElement(element, items, fields, ctx, [...path, index]));
  }
  if (isObject(value)) {
    if (Object.keys(value).length === 0 && isMapSchema(schema) && !kept) return undefined;
    return encodeElement(value, schema, fields, ctx, path);
  }
  return value;
}

function encodeElement(value: unknown, schema: PropertySchema | undefined, fields: GoShape | undefined, ctx: Pick<HandlerContext, 'fail'>, path: Path): unknown {
  if (Array.isArray(value)) return encodeField(value, schema, undefined, ctx, path) ?? [];
  if (!isObject(value)) return encodeField(value, schema, undefined, ctx, path);
  return encodeGo(value, schema ?? {}, fields ?? {}, ctx, path);
}

function childSchema(schema: PropertySchema, key: string): PropertySchema | undefined {
  const declared = schema.properties?.[key];
  if (declared) return declared;
  return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
}

/** A map: free keys and no declared ones. A struct declares its keys. */
function isMapSchema(schema: PropertySchema | undefined): boolean {
  return schema !== undefined && schema.properties === undefined && schema.additionalProperties !== undefined && schema.additionalProperties !== false;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `rules[0].backendRefs[1].port` */
export function dotted(path: Path): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part), '');
}
