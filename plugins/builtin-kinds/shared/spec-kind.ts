import { defineKind, type ComponentHandler, type HandlerContext, type ObjectScope, type PropertiesSchema, type PropertySchema } from 'kurel/plugin-api';
import { encodeGo, type GoShape } from './go-encoding.js';
import { applyOverlay, type OverlayEntry } from './crd-overlay.js';
import { once, withLazyProperties } from './lazy.js';

export type Json = Record<string, any>;

/**
 * A kind whose properties are the top-level fields of an upstream spec type, as a row of a family
 * table: the spec's schema, where its Go type writes what was not authored, and the kind's own
 * refusals.
 */
export interface SpecKind {
  type: string;
  description: string;
  apiVersion: string;
  kind: string;
  scope: ObjectScope;
  /** The spec's schema (an object schema), built on first use: its properties are the component's. */
  spec: () => PropertySchema;
  /** Spec fields authored under another name, property → spec field (the engine reads `labels`). */
  renamed?: Record<string, { field: string; description: string }>;
  /** Where the reference departs from the upstream CRD the spec is generated from (crd-overlay.ts). */
  overlay?: readonly OverlayEntry[];
  /** Where the upstream Go type writes what was not authored (go-encoding.ts). */
  go?: GoShape;
  /** Refusals beyond the schema, on the spec as the object will hold it (renamed fields restored). */
  check?(spec: Json, ctx: HandlerContext, names: ObjectNames): void;
  /** What the reference fills in on the checked spec before it writes the object. */
  fill?(spec: Json): void;
}

/** The name the object takes, and the component's. */
export interface ObjectNames {
  object: string;
  component: string;
}

export function specKind(row: SpecKind): ComponentHandler<Json> {
  const authoredSpec = once(() => applyOverlay(row.go ? writtenNotRequired(row.spec(), row.go) : row.spec(), row.overlay ?? []));
  const properties = once((): PropertiesSchema => {
    const out = { ...authoredSpec().properties };
    for (const [property, { field, description }] of Object.entries(row.renamed ?? {})) {
      out[property] = { ...out[field], description };
      delete out[field];
    }
    return out;
  });
  const handler = defineKind<Json>({
    type: row.type,
    description: row.description,
    apiVersion: row.apiVersion,
    kind: row.kind,
    scope: row.scope,
    properties: {},
    content(authored, input, ctx) {
      const spec: Json = structuredClone(authored);
      for (const [property, { field }] of Object.entries(row.renamed ?? {})) {
        if (spec[property] === undefined) continue;
        spec[field] = spec[property];
        delete spec[property];
      }
      row.check?.(spec, ctx, { object: input.objectName, component: input.name });
      row.fill?.(spec);
      return encodeGo(spec, row.spec(), row.go ?? {}, ctx);
    },
  });
  // Why a spec field the reference departs from is refused (crd-overlay.ts), read on first use.
  const hints = once(() => authoredSpec().hints);
  Object.defineProperty(handler, 'hints', { get: hints, enumerable: true, configurable: true });
  return withLazyProperties(handler, properties);
}

/**
 * A CRD requires the fields its Go type has no `omitempty` on. A struct held by value is written as
 * `{}` when absent, which the API server takes: an author need not write it. (A scalar's zero or a
 * nil list is no value an author meant: those stay required.)
 */
function writtenNotRequired(schema: PropertySchema, shape: GoShape): PropertySchema {
  const properties = { ...schema.properties };
  for (const [key, field] of Object.entries(shape)) {
    let member = properties[key];
    if (!member) continue;
    if (field.go === 'struct') member = { ...member, required: false };
    const fields = 'fields' in field ? field.fields : undefined;
    if (fields) member = member.items ? { ...member, items: writtenNotRequired(member.items, fields) } : writtenNotRequired(member, fields);
    properties[key] = member;
  }
  return { ...schema, properties };
}
