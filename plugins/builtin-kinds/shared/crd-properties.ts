import { type GoEncoding, type PropertiesSchema, type PropertySchema } from 'kurel/plugin-api';
import { schemaBuilders } from 'kurel/plugin-kit';
import { applyOverlay, type OverlayEntry } from './crd-overlay.js';
import { once } from './lazy.js';

const { editAt, withGo } = schemaBuilders;

/** How the properties of a CRD kind are made from its generated spec schema. */
export interface CrdPropertiesOptions {
  /** How the upstream Go type writes the spec's fields, by path (withGo). */
  go?: Record<string, GoEncoding>;
  /** Where the reference departs from the upstream CRD (crd-overlay.ts). */
  overlay?: readonly OverlayEntry[];
  /** Spec fields authored under another name, property → spec field; the kind's content renames them back. */
  renamed?: Record<string, { field: string; description: string }>;
}

/**
 * The properties of a kind whose properties are its spec, and the reasons a refused field is
 * refused, each built on first use. A CRD requires the fields its Go type has no `omitempty` on;
 * a struct held by value is written as `{}` when absent, which the API server takes, so an author
 * need not write it. (A scalar's zero or a nil list is no value an author meant: those stay required.)
 */
export function crdProperties(spec: () => PropertySchema, options: CrdPropertiesOptions = {}): { properties: () => PropertiesSchema; hints: () => Record<string, string> } {
  const authored = once(() => {
    const go = options.go ?? {};
    let schema = withGo(spec(), go);
    for (const [path, encoding] of Object.entries(go)) {
      if (isStructZero(encoding.zero)) schema = editAt(schema, path, ({ required: _required, ...rest }: PropertySchema) => rest);
    }
    return applyOverlay(schema, options.overlay ?? []);
  });
  const properties = once((): PropertiesSchema => {
    const out = { ...authored().properties };
    for (const [property, { field, description }] of Object.entries(options.renamed ?? {})) {
      out[property] = { ...out[field], description };
      delete out[field];
    }
    return out;
  });
  return { properties, hints: () => authored().hints ?? {} };
}

function isStructZero(zero: unknown): boolean {
  return typeof zero === 'object' && zero !== null && !Array.isArray(zero);
}
