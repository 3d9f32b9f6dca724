export { startPluginHost, inspectPlugins, BUILTIN_PLUGINS, kurelPackageRoot, type PluginHost, type PluginReport } from './plugin-host.js';
export { readBuildInput, locateApplication, type BuildRequest } from './read-inputs.js';
export { writeOutputFile } from './write-output.js';
export { writeOwnedFolder, OWNED_FOLDER_MANIFEST, type OwnedFolderOptions, type OwnedFolderResult } from './owned-folder.js';
export type { LoadedPlugin } from './plugin-source.js';
export { fetchDocuments, hostAllowed, type FetchPolicy } from './fetch-documents.js';
export { transformSettings } from './config-transform.js';
export { environmentPolicy, fetchPolicy } from './config-policy.js';
