import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative, isAbsolute, sep } from 'node:path';
import { kurelErrors, parseEnvironmentSet } from '../../engine/index.js';
import { describeFsError } from '../files/fs-error.js';

/** The file `--environment` reads when `--environments` is not given, beside app.yaml. */
export const ENVIRONMENTS_FILE = 'environments.yaml';

export interface EnvironmentFlags {
  /** `--environment`: undefined when absent, '' when given empty. */
  environment?: string;
  environments?: string;
  profile?: string;
  /** The application's folder: the default environments file sits there. */
  appDir: string;
}

/** What a named environment stands for: exactly the `--profile` and `--values` a user could pass. */
export interface ResolvedEnvironment {
  profile?: string;
  values?: string;
}

/**
 * The flag group the reference declares: `--environment` excludes `--profile`. Checked before
 * anything is read, with the text its flag library prints. The reference excludes `--values` too;
 * kurel layers `--values` over the environment's values instead, as Helm layers `-f` files.
 */
export function checkEnvironmentFlagGroups(flags: Omit<EnvironmentFlags, 'appDir'>): void {
  if (flags.environment === undefined) return;
  if (flags.profile !== undefined) throw exclusive('profile environment', ['environment', 'profile']);
}

function exclusive(group: string, set: string[]) {
  return kurelErrors.flag(`if any flags in the group [${group}] are set none of the others can be; [${set.join(' ')}] were all set`);
}

/**
 * Turns `--environment NAME` into the profile and values it binds: the whole EnvironmentSet is
 * validated first, then the name looked up, then each path resolved through symlinks and held
 * inside the environments file's folder. Nothing to do when `--environment` is absent.
 */
export function resolveEnvironment(flags: EnvironmentFlags): ResolvedEnvironment {
  checkEnvironmentFlagGroups(flags);
  if (flags.environment === undefined) {
    if (flags.environments !== undefined) throw kurelErrors.flag('--environments requires --environment');
    return {};
  }
  if (flags.environment === '') throw kurelErrors.flag('--environment requires a non-empty name');
  if (flags.environments === '') throw kurelErrors.flag('--environments requires a non-empty path');
  const file = flags.environments ?? join(flags.appDir, ENVIRONMENTS_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw kurelErrors.environment(`reading environments file "${file}": ${describeFsError(error)}`, { file });
  }
  const set = parsedSet(file, text);
  const binding = set.bindings.find((candidate) => candidate.name === flags.environment);
  if (!binding) {
    throw kurelErrors.environment(`environment "${flags.environment}" is not declared in "${file}" (declared: ${set.names.join(', ')})`, { file });
  }
  let base: string;
  try {
    base = realpathSync.native(dirname(file));
  } catch (error) {
    throw kurelErrors.environment(`resolving the directory of environments file "${file}": ${describeFsError(error)}`, { file });
  }
  const contained = (field: 'profile' | 'values', path: string): string => {
    let target: string;
    try {
      target = realpathSync.native(join(base, path));
    } catch (error) {
      throw kurelErrors.environment(`environment "${binding.name}": resolving ${field} "${path}": ${describeFsError(error)}`, { file });
    }
    const inner = relative(base, target);
    if (inner === '..' || inner.startsWith(`..${sep}`) || isAbsolute(inner)) {
      throw kurelErrors.environment(`environment "${binding.name}": ${field} "${path}" resolves outside the environments file's directory`, { file });
    }
    return target;
  };
  return { profile: contained('profile', binding.profile), ...(binding.values !== undefined ? { values: contained('values', binding.values) } : {}) };
}

/**
 * EnvironmentSets as parsed, by file and text: a fleet's run builds each package for several
 * environments, and reads its EnvironmentSet for each, but parses it once.
 */
const parsedSets = new Map<string, { text: string; set: ReturnType<typeof parseEnvironmentSet> }>();

function parsedSet(file: string, text: string): ReturnType<typeof parseEnvironmentSet> {
  const known = parsedSets.get(file);
  if (known?.text === text) return known.set;
  const set = parseEnvironmentSet({ file, text });
  parsedSets.set(file, { text, set });
  return set;
}
