export { startPluginHost, BUILTIN_PLUGINS, kurelPackageRoot, type PluginHost } from './plugin-host.js';
export { readBuildInput, locateApplication, type BuildRequest } from './read-inputs.js';
export { writeOutputFile } from './write-output.js';
export type { LoadedPlugin } from './plugin-source.js';
