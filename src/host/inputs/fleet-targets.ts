import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { STDIN_TARGET } from './read-inputs.js';

const APP_FILE = 'app.yaml';

/**
 * The packages the targets name, in order, each once: a folder with no application of its own
 * whose immediate subfolders hold one (`app.yaml`) stands for all of those, sorted by name.
 * Anything else is a target as it is, for the build to read or refuse.
 */
export function expandTargets(targets: readonly string[]): string[] {
  const expanded: string[] = [];
  for (const target of targets) {
    const members = target === STDIN_TARGET ? [] : fleetMembers(target);
    for (const member of members.length > 0 ? members : [target]) if (!expanded.includes(member)) expanded.push(member);
  }
  return expanded;
}

function fleetMembers(folder: string): string[] {
  try {
    if (!statSync(folder).isDirectory() || existsSync(join(folder, APP_FILE))) return [];
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(folder, entry.name, APP_FILE)))
      .map((entry) => entry.name)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((name) => join(folder, name));
  } catch {
    return [];
  }
}

/**
 * The package a target names, as a tree's owner records it: its source path relative to the output
 * folder, with `/` between segments, so that it reads the same from any working folder. A package
 * folder and its `app.yaml` are one package; the target need not exist (a package to prune may be gone).
 */
export function packagePath(target: string, outputDir: string): string {
  let source = target;
  if (basename(target) === APP_FILE && !isFolder(target)) source = dirname(target);
  const path = relative(resolve(outputDir), resolve(source)).split(sep).join('/');
  return path === '' ? '.' : path;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
