/**
 * The plugin-API version this host implements. Plugins declare a semver range over it in
 * `meta.kurelApi`. It versions `kurel/plugin-api`, the contract: a name it exports that goes or
 * changes shape is a new major. `kurel/plugin-kit` is no part of it.
 */
export const KUREL_API_VERSION = '2.1.0';
