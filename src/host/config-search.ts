import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Where the plugin config may be, in the order each folder is searched. */
export const CONFIG_SEARCH_PLACES = ['package.json', '.kurelrc', '.kurelrc.json', '.kurelrc.yaml', '.kurelrc.yml', 'kurel.config.ts', 'kurel.config.mts', 'kurel.config.mjs', 'kurel.config.js'];

/** The names in a folder; none when it cannot be read (cosmiconfig passes over such a folder too). */
function namesIn(folder: string): Set<string> {
  try {
    return new Set(readdirSync(folder));
  } catch {
    return new Set();
  }
}

/**
 * Where cosmiconfig's search has anything to read: the nearest folder, from `from` upward, that
 * holds one of the search places; undefined when no folder up to the project root (the first
 * folder with a package.json or package.yaml) or the file-system root holds one. cosmiconfig
 * then searches from there as it would have from `from`, the folders below holding nothing it
 * reads. It asks for each place in turn, a dozen file-system round trips a folder; a listing is one.
 */
export function firstSearchedFolder(from: string): string | undefined {
  let folder = resolve(from);
  for (;;) {
    const names = namesIn(folder);
    if (CONFIG_SEARCH_PLACES.some((place) => names.has(place))) return folder;
    if (names.has('package.yaml')) return undefined;
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}

/**
 * Whether cosmiconfig would read a meta config from the working folder (`.config/config.*`, or a
 * `cosmiconfig` key in package.json or package.yaml), which can add search places: then only its
 * own search is faithful.
 */
export function metaConfigPossible(cwd: string): boolean {
  const names = namesIn(cwd);
  if (names.has('.config') || names.has('package.yaml')) return true;
  if (!names.has('package.json')) return false;
  try {
    return 'cosmiconfig' in (JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as object);
  } catch {
    return true;
  }
}
