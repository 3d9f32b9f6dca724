import { kurelErrors } from '../../plugin-api/index.js';

const DEFAULT_TOP = 'cluster';
const ENVIRONMENTS_TOP = 'clusters';

/**
 * The folder at the top of a layout tree, relative to the output folder, whatever the layout:
 * `--cluster-dir` made relative when given (`/` and `.` are the output folder itself); else
 * `clusters/<environment>` for a named environment (one bootstrap path per environment or cluster,
 * as Flux's own fleet repositories lay them out); else `cluster`.
 */
export function topDirectory(clusterDir?: string, environment?: string): string {
  if (clusterDir !== undefined) {
    if (clusterDir === '') throw kurelErrors.flag('--cluster-dir requires a non-empty path');
    const segments = clusterDir.split('/').filter((segment) => segment !== '' && segment !== '.');
    if (segments.includes('..')) throw kurelErrors.flag(`--cluster-dir "${clusterDir}": must not contain "..": the tree stays inside the output folder`);
    return segments.length > 0 ? segments.join('/') : '.';
  }
  if (environment === undefined) return DEFAULT_TOP;
  // The name becomes one folder: a name that would be several, or none, is no folder name.
  if (environment === '' || environment === '.' || environment === '..' || /[/\\\0]/.test(environment)) {
    throw kurelErrors.flag(`--environment "${environment}": the tree's top folder is ${ENVIRONMENTS_TOP}/<environment>, and this name is no folder name; give --cluster-dir`);
  }
  return `${ENVIRONMENTS_TOP}/${environment}`;
}
