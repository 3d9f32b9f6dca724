import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
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
      for (const made of makeMissingFolders(dirname(file), destination)) undo.push(() => rmdirSync(made));
      const there = statOrMissing(file);
      // A folder the removals emptied, where a file now goes.
      if (there?.isDirectory()) {
        rmdirSync(file);
        undo.push(() => mkdirSync(file));
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

/** The folders from `folder` up to (not including) `root` that are missing, made top down; returned bottom up, the order to remove them in. */
function makeMissingFolders(folder: string, root: string): string[] {
  const missing: string[] = [];
  for (let at = folder; at !== root && relative(root, at) !== '' && !statOrMissing(at); at = dirname(at)) missing.push(at);
  for (const made of [...missing].reverse()) mkdirSync(made);
  return missing;
}

/** Folders the removed files leave empty, up to the root: a folder kurel emptied is no folder of the tree. */
function removeEmptiedFolders(root: string, removed: readonly string[]): void {
  const folders = new Set(removed.map((path) => dirname(join(root, ...path.split('/')))));
  // Deepest first, so a parent is looked at after its children went.
  for (const folder of [...folders].sort((a, b) => b.split(sep).length - a.split(sep).length)) {
    for (let at = folder; at.startsWith(root + sep); at = dirname(at)) {
      // Gone already: emptied on the walk up from a folder below a sibling.
      if (!statOrMissing(at)) continue;
      if (readdirSync(at).length > 0) break;
      rmdirSync(at);
    }
  }
}
