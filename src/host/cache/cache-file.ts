import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeFolders } from '../files/make-folders.js';

/**
 * Writes a file of kurel's cache whole or not at all: to a file of its own writer (its process and
 * random bytes, so that neither two processes nor two threads of one share one), renamed into
 * place, so that a reader sees the old file or the new one, never half. A cache that cannot be
 * written costs a later run what the file would have saved it, never this run its result: false,
 * and nothing left behind.
 */
export function writeCacheFile(file: string, text: string): boolean {
  const staged = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    makeFolders(dirname(file));
    writeFileSync(staged, text);
    renameSync(staged, file);
    return true;
  } catch {
    try {
      rmSync(staged, { force: true });
    } catch {
      // Nothing was staged where the folder could not be made.
    }
    return false;
  }
}
