import { SUPPORTED_API_VERSION } from '../parsed.js';

// Pieces the schemas of kurel's own documents share. Each schema is what its loader accepts: the
// loaders take their field lists from these schemas, and a test feeds documents to both.

export type JsonSchema = Record<string, unknown>;

/** A lowercase RFC 1123 label: what names of environments and namespaces are. */
export const DNS1123_LABEL_PATTERN = '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$';
/** A lowercase RFC 1123 subdomain: dot-separated labels. */
export const DNS1123_SUBDOMAIN_PATTERN = '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$';

/** `apiVersion` and `kind` of a kurel document of the given kind. */
export function envelope(kind: string): JsonSchema {
  return {
    apiVersion: { const: SUPPORTED_API_VERSION, description: `Always \`${SUPPORTED_API_VERSION}\`.` },
    kind: { const: kind, description: `Always \`${kind}\`.` },
  };
}

/** The keys an object schema declares: what a loader allows at that level. */
export function declaredKeys(schema: JsonSchema): string[] {
  return Object.keys((schema.properties as JsonSchema | undefined) ?? {});
}

/** A value a loader reads as absent: left out, or written as null. */
export function orNull(schema: JsonSchema): JsonSchema {
  const { description, ...rest } = schema;
  return { ...(description === undefined ? {} : { description }), anyOf: [rest, { type: 'null' }] };
}
