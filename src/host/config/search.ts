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
 * folder with a package.json or package.yaml) or the file-system root holds one, or when the
 * project root's package.json, its only place, has no `kurel` config to give. cosmiconfig then
 * searches from there as it would have from `from`, the folders below holding nothing it reads.
 * It asks for each place in turn, a dozen file-system round trips a folder; a listing is one.
 * `known`, where given, holds the answers for folders searched before (the folders above the
 * packages of a fleet), and takes the answers of this search.
 */
export function firstSearchedFolder(from: string, known?: Map<string, string | undefined>): string | undefined {
  const folder = resolve(from);
  if (known?.has(folder)) return known.get(folder);
  const found = searchFrom(folder, known);
  known?.set(folder, found);
  return found;
}

function searchFrom(folder: string, known: Map<string, string | undefined> | undefined): string | undefined {
  const names = namesIn(folder);
  const places = CONFIG_SEARCH_PLACES.filter((place) => names.has(place));
  // A package.json ends cosmiconfig's search in its folder: with nothing else there, the search
  // finds nothing.
  if (places.length === 1 && places[0] === 'package.json') return mayHoldKurelKey(join(folder, 'package.json')) ? folder : undefined;
  if (places.length > 0) return folder;
  if (names.has('package.yaml')) return undefined;
  const parent = dirname(folder);
  return parent === folder ? undefined : firstSearchedFolder(parent, known);
}

/**
 * A package.json's text and what it parses to (undefined where it does not parse); undefined
 * where it cannot be read (missing, a folder, no permission).
 */
function readPackageJson(file: string): { text: string; parsed: unknown } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    return { text, parsed: JSON.parse(text) as unknown };
  } catch {
    return { text, parsed: undefined };
  }
}

/**
 * Whether cosmiconfig may find a config in the package.json `file`: not where the file is blank,
 * or is JSON of an object or list without a `kurel` value (null counts as none), which
 * cosmiconfig passes over. Anything else (a `kurel` key, JSON that does not parse, a folder of
 * that name) is cosmiconfig's to read and report.
 */
function mayHoldKurelKey(file: string): boolean {
  const found = readPackageJson(file);
  if (!found) return true;
  if (found.text.trim() === '') return false;
  const { parsed } = found;
  return typeof parsed !== 'object' || parsed === null || (parsed as { kurel?: unknown }).kurel != null;
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
  // Unreadable, not JSON, or JSON that is no object or list: cosmiconfig's own search reports it.
  const parsed = readPackageJson(join(cwd, 'package.json'))?.parsed;
  return typeof parsed !== 'object' || parsed === null || 'cosmiconfig' in parsed;
}
