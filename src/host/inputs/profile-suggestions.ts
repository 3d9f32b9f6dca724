import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnvironmentSet } from '../../engine/index.js';
import { ENVIRONMENTS_FILE } from './environments.js';

/** What an application's folder offers in place of the embedded ClusterProfile. */
export interface ProfileSuggestions {
  /** The environments file, when it declares environments. */
  environmentsFile?: string;
  /** The names it declares, in its order. */
  environments: string[];
  /** Files beside the application that hold a ClusterProfile. */
  profiles: string[];
}

const CLUSTER_PROFILE = /^kind:\s*["']?ClusterProfile["']?\s*(#.*)?$/m;

/**
 * The environments `environmentsFile` (default: environments.yaml in `appDir`) declares, and the
 * ClusterProfile files in `appDir`: what a build that used the embedded profile could have named.
 * A file that cannot be read or parsed offers nothing; its own refusal comes when it is used.
 */
export function profileSuggestions(appDir: string, environmentsFile = join(appDir, ENVIRONMENTS_FILE)): ProfileSuggestions {
  let environments: string[] = [];
  try {
    environments = parseEnvironmentSet({ file: environmentsFile, text: readFileSync(environmentsFile, 'utf8') }).bindings.map((binding) => binding.name);
  } catch {
    environments = [];
  }
  let profiles: string[] = [];
  try {
    profiles = readdirSync(appDir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name) && entry.name !== ENVIRONMENTS_FILE)
      .map((entry) => entry.name)
      .sort()
      .filter((name) => CLUSTER_PROFILE.test(readFileSync(join(appDir, name), 'utf8')))
      .map((name) => join(appDir, name));
  } catch {
    profiles = [];
  }
  return { ...(environments.length > 0 ? { environmentsFile } : {}), environments, profiles };
}
