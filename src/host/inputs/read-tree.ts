import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LAYOUT_TREES, type TreeLayout } from '../../engine/index.js';
import { kurelErrors } from '../../plugin-api/index.js';
import { describeFsError } from '../files/fs-error.js';
import { OWNED_FOLDER_MANIFEST, ownedFolderKind } from '../output/owned-folder.js';

/**
 * The files of a tree, by path relative to `outputDir` (`cluster/shop/kustomization.yaml`), for
 * the tree `top` inside it (`.` for `outputDir` itself); empty where the tree is missing.
 *
 * The tree's manifest (`.kurel-output.json`) is left out: it lists a sha256 of every file, so it
 * differs exactly when the files do, and a patch of hashes tells the reader nothing more.
 */
export function readTree(outputDir: string, top: string): Map<string, string> {
  const root = join(outputDir, ...top.split('/'));
  const prefix = top === '.' ? '' : `${top}/`;
  const files = new Map<string, string>();
  let names: string[];
  try {
    names = (readdirSync(root, { recursive: true }) as string[]).map((name) => name.split(/[\\/]/).join('/')).filter((name) => !statSync(join(root, name)).isDirectory());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return files;
    throw kurelErrors.input(`reading "${root}": ${describeFsError(error, root)}`, { file: root });
  }
  for (const name of names.sort()) {
    if (name === OWNED_FOLDER_MANIFEST) continue;
    const file = join(root, ...name.split('/'));
    try {
      files.set(prefix + name, readFileSync(file, 'utf8'));
    } catch (error) {
      throw kurelErrors.input(`reading "${file}": ${describeFsError(error, file)}`, { file });
    }
  }
  return files;
}

/**
 * The top folder of the layout's tree kurel wrote inside `folder`, relative to it (`cluster`, or
 * `.` when `folder` is the tree itself); undefined when its manifest names no such tree there.
 */
export function findLayoutTree(folder: string, layout: TreeLayout): string | undefined {
  const { kind } = LAYOUT_TREES[layout];
  if (ownedFolderKind(folder) === kind) return '.';
  let entries: string[];
  try {
    entries = (readdirSync(folder, { recursive: true }) as string[]).filter((name) => name.endsWith(OWNED_FOLDER_MANIFEST));
  } catch {
    return undefined;
  }
  const tops = entries
    .map((name) => name.split(/[\\/]/).slice(0, -1))
    .filter((parts) => parts.length > 0)
    .sort((a, b) => a.length - b.length)
    .map((parts) => parts.join('/'));
  return tops.find((top) => ownedFolderKind(join(folder, ...top.split('/'))) === kind);
}
