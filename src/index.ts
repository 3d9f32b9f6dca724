// The library surface: the pure engine and the plugin host, for tools that embed kurel.
export * from './engine/index.js';
export { startPluginHost, readBuildInput, writeOutputFile, type PluginHost, type BuildRequest } from './host/index.js';
