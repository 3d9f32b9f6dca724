// Imports nothing but Node's built-ins: the compile cache uses it before the bundle loads.
import { mkdirSync, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * `mkdir -p`: `path` and every folder above it that is missing, each made with `mode`. Node's own
 * recursive mkdir never returns where the system answers "no such file" for a child of a folder
 * that exists (anything under /proc or /sys): it makes the parent again and retries the child, at
 * full speed, forever. This walk makes each missing folder once and throws the system's error
 * for the first it cannot make, as `mkdir -p` does. Returns the folders it made, parents first.
 */
export function makeFolders(path: string, mode?: number): string[] {
  const missing: string[] = [];
  for (let folder = resolve(path); ; folder = dirname(folder)) {
    const found = statOrMissing(folder);
    if (found?.isDirectory()) break;
    // Something that is not a folder: mkdir says so in its own words (EEXIST), with its path.
    if (found) mkdirSync(folder, { mode });
    missing.push(folder);
    if (dirname(folder) === folder) break;
  }
  const made: string[] = [];
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder, { mode });
      made.push(folder);
    } catch (error) {
      // Another process made it between the look and the mkdir.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(folder).isDirectory()) throw error;
    }
  }
  return made;
}

/** What is at `path`, or undefined where nothing is; any other failure (a file for a folder, a loop of links) is thrown. */
export function statOrMissing(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
