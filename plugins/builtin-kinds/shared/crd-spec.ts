import type { PropertySchema } from 'kurel/plugin-api';
import { once } from './lazy.js';

/** The `spec` of a generated CRD schema, read on first use (the generated modules build lazily). */
export function crdSpec(kind: () => PropertySchema): () => PropertySchema {
  return once(() => {
    const spec = kind().properties?.spec;
    if (!spec) throw new Error('the CRD schema declares no spec');
    return spec;
  });
}
