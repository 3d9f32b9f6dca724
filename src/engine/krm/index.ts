export { readResourceList, RESOURCE_LIST_API_VERSIONS, type ResourceList } from './resource-list.js';
export { readFunctionConfig, functionConfigSubject, documentRef, KUREL_PACKAGE_API_VERSION, KUREL_PACKAGE_KIND, PROFILE_ANNOTATION, type FunctionConfig, type ResourceRef, type OriginFile } from './function-config.js';
export { krmResults, holdsError, type KrmResult, type ResultSubject } from './results.js';
export { writeResourceList } from './write-resource-list.js';
