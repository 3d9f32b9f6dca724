import { statSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A cached file no run has taken or written for this long is removed: what it was kept for is gone, or never read again. */
export const UNUSED_ENTRY_MS = 30 * DAY_MS;
/** The file whose time says when a cache folder was last swept for unused files (once a day at most). */
const SWEPT_MARKER = '.swept';

/**
 * Removes the files `list` names in the cache folder `dir` (paths relative to it) that no run has
 * written or touched for `UNUSED_ENTRY_MS`, at most once a day: the marker file's time says when
 * the last sweep was. A file gone meanwhile (another sweep) or a folder this user cannot change
 * is left for another run; a file being staged is not listed, and is left to its writer.
 */
export function sweepUnusedFiles(dir: string, list: () => string[], now = Date.now()): void {
  const marker = join(dir, SWEPT_MARKER);
  try {
    if (now - statSync(marker).mtimeMs < DAY_MS) return;
  } catch {
    // Never swept.
  }
  try {
    writeFileSync(marker, '');
    for (const name of list()) {
      const file = join(dir, name);
      const stats = statSync(file, { throwIfNoEntry: false });
      if (stats !== undefined && now - stats.mtimeMs > UNUSED_ENTRY_MS) rmSync(file, { force: true });
    }
  } catch {
    // Left for another run.
  }
}
