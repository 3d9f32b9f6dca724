import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeCacheFile } from './cache-file.js';
import type { FileStat } from '../output/tree-listing.js';
import { buildCacheDir } from './build-cache-store.js';
import { sweepUnusedFiles } from './sweep.js';

/** The shape of a stored record; a record of another shape is not read. */
const RECORD_FORMAT = 'kurel-tree-stamps/1';

/**
 * Files read and noted before a record that exists is written again: a few files read again each
 * run (those a run rewrote) cost less than rewriting the record of thousands.
 */
export const NOTED_BEFORE_SAVE = 64;

/** A file as it was when its content was last checked: the hash it had, and what its stat said. */
type Stamp = [hash: string, size: number, ino: number, mtimeMs: number, ctimeMs: number];

interface StoredRecord {
  format: string;
  folder: string;
  files: Record<string, Stamp>;
}

/** Whether this process has looked for unused records: one look a process is enough. */
let swept = false;

/** Where the stamps of the folders kurel owns are kept: `$KUREL_CACHE_DIR/trees`, beside the build cache. */
export function treeStampsDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(dirname(buildCacheDir(env)), 'trees');
}

/**
 * The files of an owned folder as kurel last read and checked them, so that a file unchanged since
 * is trusted without being read again: its size, inode, and change and modification times, as git's
 * index keeps them. A write changes a file's change time (ctime), which no one can set back; a file
 * whose change time is not before the record was written may have been changed again within the
 * same tick of the clock, and is read again ("racily clean", in git's words). A record that is
 * missing, does not parse, or is of another folder trusts nothing.
 */
export class TreeStamps {
  private noted = 0;

  private constructor(
    private readonly file: string,
    private readonly folder: string,
    private readonly files: Record<string, Stamp>,
    /** When the record was written, by its own modification time: the clock the files' times come from. */
    private readonly writtenMs: number,
  ) {}

  /** The record of `folder` (an absolute path) in `dir`; an empty one where none can be read. */
  static read(folder: string, dir = treeStampsDir()): TreeStamps {
    const file = join(dir, `${createHash('sha256').update(folder).digest('hex')}.json`);
    try {
      const writtenMs = lstatSync(file).mtimeMs;
      const record = JSON.parse(readFileSync(file, 'utf8')) as StoredRecord;
      if (record?.format === RECORD_FORMAT && record.folder === folder && typeof record.files === 'object' && record.files !== null) {
        return new TreeStamps(file, folder, record.files, writtenMs);
      }
    } catch {
      // No record, or none this kurel can read: every file is read.
    }
    return new TreeStamps(file, folder, {}, Number.NEGATIVE_INFINITY);
  }

  /** Whether the file at `path` is, by its stat, the one checked to hold content of `hash`. */
  trusts(path: string, stats: FileStat, hash: string): boolean {
    const stamp = Object.hasOwn(this.files, path) ? this.files[path] : undefined;
    return (
      stamp !== undefined &&
      stamp[0] === hash &&
      stamp[1] === stats.size &&
      stamp[2] === stats.ino &&
      stamp[3] === stats.mtimeMs &&
      stamp[4] === stats.ctimeMs &&
      stats.ctimeMs < this.writtenMs
    );
  }

  /** Records that the file at `path`, of these stats, was read and found to hold content of `hash`. */
  note(path: string, stats: FileStat, hash: string): void {
    this.files[path] = [hash, stats.size, stats.ino, stats.mtimeMs, stats.ctimeMs];
    this.noted++;
  }

  /**
   * Stores the record, keeping only the files still there, where files were noted: any for a
   * folder without a record, `NOTED_BEFORE_SAVE` for one with. Whole or not at all
   * (`writeCacheFile`); a record that cannot be written costs the next run a read.
   */
  save(present: Iterable<string>): void {
    if (this.noted === 0 || (this.writtenMs !== Number.NEGATIVE_INFINITY && this.noted < NOTED_BEFORE_SAVE)) return;
    const files: Record<string, Stamp> = {};
    for (const path of present) if (Object.hasOwn(this.files, path)) files[path] = this.files[path];
    writeCacheFile(this.file, JSON.stringify({ format: RECORD_FORMAT, folder: this.folder, files } satisfies StoredRecord));
    if (!swept) {
      swept = true;
      sweepUnusedRecords(dirname(this.file));
    }
  }
}

/**
 * Removes the records not written for `UNUSED_ENTRY_MS` (trees deleted, or moved: a record is
 * keyed by its folder's path), at most once a day (`sweepUnusedFiles`). A record still in use that
 * goes costs its folder's next build one read of every file.
 */
export function sweepUnusedRecords(dir: string, now = Date.now()): void {
  sweepUnusedFiles(dir, () => readdirSync(dir).filter((name) => name.endsWith('.json')), now);
}
