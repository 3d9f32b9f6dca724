import { type PropertySchema } from 'kurel/plugin-api';
import { schemaBuilders } from 'kurel/plugin-kit';

const { editAt } = schemaBuilders;

/**
 * Where the reference departs from an upstream CRD: a field it refuses (or drops) though the CRD
 * has it, one it requires though the CRD does not, or one it writes with a value when absent (the
 * CRD's defaults are the API server's, not written). Each entry says why; a test holds each.
 */
export interface OverlayEntry {
  /** The field, as a path into the spec: property names, `[]` for list items (`endpoints[].port`). */
  path: string;
  change: 'refused' | 'required' | 'default';
  /** What the reference writes when the field is absent (change `default`). */
  value?: unknown;
  /** Why: shown with a refusal of the field. */
  why: string;
}

/** The spec with the overlay's entries applied; the generated schema stays as generated. */
export function applyOverlay(spec: PropertySchema, entries: readonly OverlayEntry[]): PropertySchema {
  return entries.reduce((schema, entry) => {
    const cut = entry.path.lastIndexOf('.');
    const [parent, key] = cut < 0 ? ['', entry.path] : [entry.path.slice(0, cut), entry.path.slice(cut + 1)];
    if (entry.change === 'required') return editAt(schema, entry.path, (target) => ({ ...target, required: true }));
    if (entry.change === 'default') return editAt(schema, entry.path, (target) => ({ ...target, default: entry.value, required: false }));
    return editAt(schema, parent, (target) => {
      if (!target.properties?.[key]) throw new Error(`overlay: the CRD has no field ${entry.path}`);
      const { [key]: _refused, ...properties } = target.properties;
      return { ...target, properties, hints: { ...target.hints, [key]: entry.why } };
    });
  }, spec);
}
