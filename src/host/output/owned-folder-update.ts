import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { statOrMissing } from '../files/make-folders.js';

/** What an update of an owned folder changes: paths relative to the folder, POSIX separators. */
export interface FolderChanges {
  /** Files to create or replace, with their new content. */
  write: ReadonlyArray<{ path: string; content: string }>;
  /** Files to take out. */
  remove: readonly string[];
}

/**
 * Applies `changes` to `destination` in place, as one transaction: every new content is written
 * first into a sibling folder of kurel's own, then each file takes its place by rename, each file
 * it replaces or removes set aside by rename into a second sibling folder. Any failure undoes
 * every step done, renaming each file back and removing each folder it made, so the folder is
 * left as it was; the set-aside files are removed only once every step has succeeded.
 *
 * A few changed files of a tree of thousands cost a few renames this way, where staging the whole
 * tree again rewrites every file. Whoever calls has checked that every path is one kurel wrote or
 * may write, and that nothing in the folder is a link.
 */
export function updateFolderInPlace(destination: string, changes: FolderChanges): void {
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const incoming = join(dirname(destination), `.${basename(destination)}.kurel-incoming-${suffix}`);
  const setAside = join(dirname(destination), `.${basename(destination)}.kurel-set-aside-${suffix}`);
  const undo: Array<() => void> = [];
  try {
    mkdirSync(incoming);
    undo.push(() => rmSync(incoming, { recursive: true, force: true }));
    // Flat names: the new files wait side by side, whatever folders they go to.
    changes.write.forEach(({ content }, at) => writeFileSync(join(incoming, String(at)), content, { flag: 'wx', mode: 0o644 }));
    mkdirSync(setAside);
    undo.push(() => rmSync(setAside, { recursive: true, force: true }));
    let aside = 0;
    const moveAside = (file: string) => {
      const kept = join(setAside, String(aside++));
      renameSync(file, kept);
      undo.push(() => renameSync(kept, file));
    };
    for (const path of changes.remove) moveAside(join(destination, ...path.split('/')));
    changes.write.forEach(({ path }, at) => {
      const file = join(destination, ...path.split('/'));
      makeMissingFolders(dirname(file), destination, (made) => undo.push(() => rmdirSync(made)));
      const there = statOrMissing(file);
      if (there?.isDirectory()) {
        // A folder the removals emptied, where a file now goes.
        for (const folder of emptyFoldersIn(file)) {
          rmdirSync(folder);
          undo.push(() => mkdirSync(folder));
        }
      } else if (there) moveAside(file);
      renameSync(join(incoming, String(at)), file);
      undo.push(() => renameSync(file, join(incoming, String(at))));
    });
  } catch (error) {
    for (const step of undo.reverse()) step();
    throw error;
  }
  rmSync(incoming, { recursive: true, force: true });
  rmSync(setAside, { recursive: true, force: true });
  removeEmptiedFolders(destination, changes.remove);
}

/** Makes the folders from `folder` up to (not including) `root` that are missing, top down, telling `made` of each. */
function makeMissingFolders(folder: string, root: string, made: (folder: string) => void): void {
  const missing: string[] = [];
  for (let at = folder; at !== root && !statOrMissing(at); at = dirname(at)) missing.push(at);
  for (const at of missing.reverse()) {
    mkdirSync(at);
    made(at);
  }
}

/** Whether `path` is a folder; nothing there, or a file on the way to it, is none. */
function folderAt(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw error;
  }
}

/** `folder` and the folders below it, children first: all of them empty but for each other, or the first rmdir fails. */
function emptyFoldersIn(folder: string): string[] {
  const below = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return [...below.flatMap((entry) => emptyFoldersIn(join(folder, entry.name))), folder];
}

/** Folders the removed files leave empty, up to the root: a folder kurel emptied is no folder of the tree. */
function removeEmptiedFolders(root: string, removed: readonly string[]): void {
  const folders = new Set(removed.map((path) => dirname(join(root, ...path.split('/')))));
  // Deepest first, so a parent is looked at after its children went.
  for (const folder of [...folders].sort((a, b) => b.split(sep).length - a.split(sep).length)) {
    for (let at = folder; at.startsWith(root + sep); at = dirname(at)) {
      // Gone already (emptied on the walk up from a folder below a sibling), or a file now.
      if (!folderAt(at)) continue;
      if (readdirSync(at).length > 0) break;
      rmdirSync(at);
    }
  }
}
