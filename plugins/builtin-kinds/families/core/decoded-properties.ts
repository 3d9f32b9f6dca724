import type { PropertiesSchema, PropertySchema } from 'kurel/plugin-api';
import { withCoreGo } from './go-annotations.js';

/**
 * The properties of a kind decoded strictly into a Kubernetes type (a spec, or a whole object less
 * its identity): that type's members, annotated with how Go writes them, with the members the
 * reference requires (the decode itself requires none). Built on first use.
 */
export function decodedProperties(schema: () => PropertySchema, required: string[] = []): () => PropertiesSchema {
  return () => {
    const out: PropertiesSchema = { ...withCoreGo(schema()).properties };
    for (const key of required) {
      const { default: _zero, ...rest } = out[key];
      out[key] = { ...rest, required: true };
    }
    return out;
  };
}
