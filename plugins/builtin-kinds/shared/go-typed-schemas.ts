import { type GoEncoding, type HandlerContext, type PropertiesSchema, type PropertySchema, type SchemaType } from 'kurel/plugin-api';
import { goAlways, GO_KEEP_EMPTY, GO_OMIT_ZERO, GO_STRUCT } from 'kurel/plugin-kit';
import { applyOverlay, type OverlayEntry } from './crd-overlay.js';
import { once } from './lazy.js';

// An upstream Go spec type written by hand as property schemas that carry their `go` annotations
// (GoEncoding): each builder says how its field is declared in Go, and the plugin API's encoder
// prints it so. An `omitempty` scalar drops its zero, a pointer is kept whatever it holds, a field
// without `omitempty` is written even when absent (its zero, `null` for a nil list or map), and a
// struct held by value is written as `{}` at the least.

export type GoField = PropertySchema;
export type Fields = PropertiesSchema;

/** `omitempty` on a value (zero dropped), a pointer (kept when set), or no `omitempty` (always written). */
export type ScalarEmit = 'omitempty' | 'pointer' | 'always';

interface Common {
  required?: boolean;
}

export interface ScalarOptions extends Common {
  emit?: ScalarEmit;
  enum?: unknown[];
}

function declared(schema: PropertySchema, options: Common & { enum?: unknown[] }, go: GoEncoding | undefined): PropertySchema {
  const out: PropertySchema = { ...schema };
  if (options.required) out.required = true;
  if (options.enum) out.enum = options.enum;
  if (go) out.go = go;
  return out;
}

function scalarGo(emit: ScalarEmit, zero: unknown): GoEncoding | undefined {
  if (emit === 'omitempty') return GO_OMIT_ZERO;
  return emit === 'always' ? goAlways(zero) : undefined;
}

const typed = (type: SchemaType, description: string): PropertySchema => ({ type, description });

export const str = (description: string, options: ScalarOptions = {}): GoField => declared(typed('string', description), options, scalarGo(options.emit ?? 'omitempty', ''));
export const int = (description: string, options: ScalarOptions = {}): GoField => declared(typed('integer', description), options, scalarGo(options.emit ?? 'omitempty', 0));
export const bool = (description: string, options: ScalarOptions = {}): GoField => declared(typed('boolean', description), options, scalarGo(options.emit ?? 'omitempty', false));

export interface DurationOptions extends Common {
  pointer?: boolean;
  /** False where the CRD's pattern allows no hours (`ms|s|m`): 90m prints as `90m0s`, not `1h30m0s`. */
  hours?: boolean;
}

/** A metav1.Duration: a struct, so written as `0s` when held by value and absent. */
export function duration(description: string, options: DurationOptions = {}): GoField {
  const units = options.hours === false ? 'such as 30s or 5m; no hours' : 'such as 30s, 10m or 1h';
  const format = options.hours === false ? 'duration-minutes' : 'duration';
  return declared(typed('string', `${description} A Go duration (${units}).`), options, options.pointer ? { format } : { format, zero: '0s' });
}

/** A resource.Quantity, written in its canonical form (`1024Mi` as `1Gi`). Held by pointer unless said. */
export function quantity(description: string, options: Common & { emit?: ScalarEmit } = {}): GoField {
  return declared({ types: ['string', 'number'], description: `${description} A quantity (such as 1Gi or 500m).` }, options, scalarGo(options.emit ?? 'pointer', '0'));
}

/** An intstr.IntOrString, held by pointer. */
export const intOrString = (description: string, options: Common = {}): GoField => declared({ types: ['integer', 'string'], description }, options, undefined);

export interface StructOptions extends Common {
  /** `value`: a struct held by value, written (as `{}` at the least) even when absent. */
  emit?: 'pointer' | 'value';
  exclusive?: string[][];
}

export function struct(description: string, fields: Fields, options: StructOptions = {}): GoField {
  const schema: PropertySchema = { type: 'object', description, properties: fields };
  if (options.exclusive) schema.exclusive = options.exclusive;
  return declared(schema, options, options.emit === 'value' ? GO_STRUCT : undefined);
}

export interface CollectionOptions extends Common {
  /** `always`: no `omitempty`, so an absent list or map is written `null` and an empty one `[]`/`{}`. */
  emit?: 'omitempty' | 'always';
}

const collectionGo = (options: CollectionOptions) => (options.emit === 'always' ? goAlways(null) : undefined);

export const list = (description: string, item: GoField, options: CollectionOptions = {}): GoField =>
  declared({ type: 'array', description, items: item }, options, collectionGo(options));

export const map = (description: string, entry: GoField, options: CollectionOptions = {}): GoField =>
  declared({ type: 'object', description, additionalProperties: entry }, options, collectionGo(options));

/** A map[string]string. */
export const stringMap = (description: string, options: CollectionOptions = {}): GoField => map(description, str('A value.'), options);

/** A list of strings ([]string). */
export const strings = (description: string, options: CollectionOptions = {}): GoField => list(description, str('An entry.'), options);

/** Free-form JSON (apiextensionsv1.JSON and the like): any keys, kept as written. */
export const json = (description: string, options: Common = {}): GoField =>
  declared({ type: 'object', description: `${description} Free-form: any keys are kept as written.`, additionalProperties: true }, options, GO_KEEP_EMPTY);

/**
 * The properties of a kind whose spec is written here, and the reasons a refused field is refused.
 * With `schema`, the spec's schema generated from the upstream CRD, what an author may write is
 * that schema, given the `go` annotations of these fields; a field written here that the CRD does
 * not have throws when the kind is first loaded.
 */
export function goTypedProperties(fields: Fields, schema?: () => PropertySchema, overlay: readonly OverlayEntry[] = []): { properties: () => PropertiesSchema; hints: () => Record<string, string> } {
  if (!schema) return { properties: () => fields, hints: () => ({}) };
  const authored = once(() => applyOverlay(annotatedFrom(schema(), { type: 'object', properties: fields }, ''), overlay));
  return { properties: () => ({ ...authored().properties }), hints: () => authored().hints ?? {} };
}

/** The CRD's schema with the `go` annotations of the fields written here. */
function annotatedFrom(crd: PropertySchema, field: PropertySchema, path: string): PropertySchema {
  const out: PropertySchema = field.go ? { ...crd, go: field.go } : { ...crd };
  if (field.properties) {
    const properties = { ...crd.properties };
    for (const [key, member] of Object.entries(field.properties)) {
      const at = path ? `${path}.${key}` : key;
      if (!properties[key]) throw new Error(`Go fields: the CRD has no field ${at}`);
      properties[key] = annotatedFrom(properties[key], member, at);
    }
    out.properties = properties;
  }
  if (field.items) {
    if (!crd.items) throw new Error(`Go fields: the CRD has no list at ${path}`);
    out.items = annotatedFrom(crd.items, field.items, `${path}[]`);
  }
  if (typeof field.additionalProperties === 'object' && typeof crd.additionalProperties === 'object') {
    out.additionalProperties = annotatedFrom(crd.additionalProperties, field.additionalProperties, `${path}{}`);
  }
  return out;
}

/** Refuses two fields of a group the Go type takes at most one of. */
export function refuseTogether(properties: Record<string, unknown>, groups: string[][], ctx: HandlerContext): void {
  for (const group of groups) {
    const present = group.filter((key) => properties[key] !== undefined);
    if (present.length > 1) ctx.fail(`only one of ${group.join(', ')} may be set (got ${present.join(', ')})`, [present[1]]);
  }
}

