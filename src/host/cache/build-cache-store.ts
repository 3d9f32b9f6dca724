import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative } from 'node:path';
import { writeCacheFile } from './cache-file.js';
import { sha256Hex } from '../files/sha256.js';
import { sweepUnusedFiles } from './sweep.js';
import { kurelPackageRoot } from '../plugins/plugin-host.js';

/** The shape of a stored entry; an entry of another shape is not read. */
const ENTRY_FORMAT = 'kurel-build-cache/1';

export { UNUSED_ENTRY_MS } from './sweep.js';

/** Whether this process has looked for unused entries: one look a process is enough. */
let swept = false;

/** Where package builds are kept: `$KUREL_CACHE_DIR/builds`, else the user's cache folder, beside the chart cache. */
export function buildCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.KUREL_CACHE_DIR) return join(env.KUREL_CACHE_DIR, 'builds');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'kurel', 'builds');
}

/** A key made of `parts`: the SHA-256 of their JSON, so that a change in any part makes another key. */
export function buildCacheKey(parts: unknown): string {
  return sha256Hex(JSON.stringify(parts));
}

/** The SHA-256 of a file's bytes, or `absent`: a config or plugin file that appears or goes changes the key too. */
export function fileDigest(file: string): string {
  try {
    return sha256Hex(readFileSync(file));
  } catch {
    return 'absent';
  }
}

let identity: string | undefined;

/**
 * The kurel that built an entry: its version, Node's, its installation's folder, and the size and
 * time of every file of the bundle it runs, so that a rebuilt or reinstalled kurel of the same
 * version, or another checkout beside it, trusts no entry of the other.
 */
export function kurelBuildIdentity(): string {
  if (identity !== undefined) return identity;
  const root = kurelPackageRoot();
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const bundle = join(root, 'dist', 'bundle');
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const stats = statSync(path);
        files.push(`${relative(bundle, path)}:${stats.size}:${stats.mtimeMs}`);
      }
    }
  };
  if (existsSync(bundle)) walk(bundle);
  identity = `${version}+${process.version}+${buildCacheKey([root, ...files.sort()]).slice(0, 16)}`;
  return identity;
}

interface StoredEntry {
  format: string;
  kurel: string;
  key: string;
  value: unknown;
}

function entryFile(dir: string, key: string): string {
  return join(dir, key.slice(0, 2), `${key}.json`);
}

/**
 * The value stored under `key` by this same kurel, or undefined: a missing entry, one that does
 * not parse, one of another format or another kurel, or one stored under another key (a file
 * copied or renamed) is not trusted, and the package is built again.
 */
export function readBuildCacheEntry(dir: string, key: string, kurel: string): unknown {
  let entry: StoredEntry;
  try {
    entry = JSON.parse(readFileSync(entryFile(dir, key), 'utf8')) as StoredEntry;
  } catch {
    return undefined;
  }
  if (entry === null || typeof entry !== 'object') return undefined;
  if (entry.format !== ENTRY_FORMAT || entry.kurel !== kurel || entry.key !== key) return undefined;
  try {
    // Taken: it counts as used, and the sweep keeps it.
    const now = new Date();
    utimesSync(entryFile(dir, key), now, now);
  } catch {
    // A cache this user cannot touch is read all the same.
  }
  return entry.value;
}

/**
 * Stores `value` under `key`, whole or not at all (`writeCacheFile`), so that parallel builds of
 * one package never leave half an entry. A cache that cannot be written costs the next run a
 * build, not this one its result.
 */
export function writeBuildCacheEntry(dir: string, key: string, kurel: string, value: unknown): void {
  const entry: StoredEntry = { format: ENTRY_FORMAT, kurel, key, value };
  if (writeCacheFile(entryFile(dir, key), JSON.stringify(entry)) && !swept) {
    swept = true;
    sweepUnusedEntries(dir);
  }
}

/** Removes the entries no build has taken or written for `UNUSED_ENTRY_MS`, at most once a day (`sweepUnusedFiles`). */
export function sweepUnusedEntries(dir: string, now = Date.now()): void {
  const entries = () =>
    readdirSync(dir, { withFileTypes: true })
      .filter((folder) => folder.isDirectory())
      .flatMap((folder) => readdirSync(join(dir, folder.name)).filter((name) => name.endsWith('.json')).map((name) => join(folder.name, name)));
  sweepUnusedFiles(dir, entries, now);
}
