/** The plugin-API version this host implements. Plugins declare a semver range over it in `meta.kurelApi`. */
export const KUREL_API_VERSION = '1.1.0';
