import { type GoEncoding } from 'kurel/plugin-api';
import { GO_DURATION, GO_OMIT_ZERO, GO_STRUCT } from 'kurel/plugin-kit';

// Where the Go type of an ExternalSecretSpec (external-secrets.io/v1) writes what was not authored,
// by path under the spec: an ExternalSecret's own, and the one a ClusterExternalSecret stamps.

export type GoFields = Record<string, GoEncoding>;

/** Each field of `fields`, by its path under `prefix`. */
export const under = (prefix: string, fields: GoFields): GoFields => Object.fromEntries(Object.entries(fields).map(([path, go]) => [`${prefix}.${path}`, go]));

/** The non-pointer structs Go writes even when empty, the `omitempty` zero it drops, the duration. */
export const externalSecretGo: GoFields = {
  secretStoreRef: GO_STRUCT,
  target: GO_STRUCT,
  'target.template.metadata': GO_STRUCT,
  'data[].sourceRef.storeRef': GO_STRUCT,
  'target.immutable': GO_OMIT_ZERO,
  refreshInterval: GO_DURATION,
};
