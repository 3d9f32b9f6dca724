import { join, resolve } from 'node:path';
import { composeTree, LAYOUT_TREES, ownerKey, type OwnerRecord, type TreeContribution, type TreeLayout, type TreeOwner } from '../../engine/index.js';
import { kurelErrors } from '../../plugin-api/index.js';
import { sha256Hex } from '../files/sha256.js';
import { prepareOwnedFolderWrite, readOwnedFolder } from './owned-folder.js';
import type { TreeListing } from './tree-listing.js';

export interface LayoutTreeWrite {
  /** The top folder, relative to the output folder (`.` is the output folder itself). */
  top: string;
  /** The tree's layout: a top folder another layout wrote is never taken over. */
  layout: TreeLayout;
  contributions: readonly TreeContribution[];
  /** Owners to take out of the tree (`kurel prune`). */
  remove?: readonly TreeOwner[];
  /** Trust the tree's files by their stat where it is the one recorded when they were last read (`readOwnedFolder`). */
  trustStamps?: boolean;
  /**
   * The sha256 of the tree's manifest when the caller decided which owners to keep as they are
   * (owners not in `contributions`): a tree whose manifest changed since is refused.
   */
  keptFrom?: string;
  /** The trees' listings, taken beforehand on a thread of their own (`TreeListings`): the tree's is not listed again. */
  listings?: { take(folder: string): TreeListing | undefined };
}

export interface LayoutTreeWritten {
  folder: string;
  written: number;
  removed: Array<{ owner: TreeOwner; files: string[] }>;
}

/**
 * Writes owners' shares into the top folder of a layout tree under the output folder: reads the
 * tree as kurel wrote it (refusing files it did not write, or edited since), composes the new one
 * with the owners it keeps, and writes the top folder as one transaction (`writeOwnedFolder`:
 * staged whole, a few files renamed into place, or nothing where nothing changed). Whatever else
 * the output folder holds is left alone.
 */
export function writeLayoutTree(outputDir: string, request: LayoutTreeWrite): LayoutTreeWritten {
  return prepareLayoutTreeWrite(outputDir, request).commit();
}

/** A layout tree's write, composed and checked, staged and committed as a `PendingFolderWrite` is. */
export interface PendingTreeWrite {
  stage(files?: number): boolean;
  commit(): LayoutTreeWritten;
  abandon(): void;
  /** The tree's folder. */
  readonly folder: string;
  /** Each owner of the new tree by its key (`ownerKey`). */
  readonly owners: readonly string[];
  /** The sha256 of the new tree's manifest, which names every owner's files and their hashes. */
  readonly manifestHash: string;
}

/** The folder of the tree under the top folder `top` (`.`: the output folder itself) of `outputDir`. */
export function layoutTreeFolder(outputDir: string, top: string): string {
  return top === '.' ? outputDir : join(outputDir, top);
}

/**
 * `writeLayoutTree` in steps: the tree read, checked and composed now, its files staged a slice at
 * a time, and the tree changed only on commit. Several trees (one per environment) are staged
 * while packages still build, and committed once every package has built.
 */
export function prepareLayoutTreeWrite(outputDir: string, request: LayoutTreeWrite): PendingTreeWrite {
  const folder = layoutTreeFolder(outputDir, request.top);
  const { kind } = LAYOUT_TREES[request.layout];
  const existing = readOwnedFolder(folder, kind, { trustStamps: request.trustStamps, listing: request.listings?.take(resolve(folder)) });
  if (request.keptFrom !== undefined && (existing.inspected.manifestText === undefined || sha256Hex(existing.inspected.manifestText) !== request.keptFrom)) {
    throw kurelErrors.output(`output folder "${folder}" changed while its packages were built (another kurel writing into it?); nothing was written: build again`);
  }
  const owners = (existing.owners ?? []).map((record) => checkedRecord(record, folder));
  const composed = composeTree({ owners, files: existing.files }, request.contributions, request.remove ?? [], request.layout);
  // The folder as just read and checked: the writer does not read it again.
  const pending = prepareOwnedFolderWrite(folder, composed.files, { kind, owners: composed.owners, previous: existing.inspected, kept: composed.kept });
  return {
    folder,
    stage: (files) => pending.stage(files),
    commit: () => ({ folder, written: pending.commit().written, removed: composed.removed }),
    abandon: () => pending.abandon(),
    owners: composed.owners.map(ownerKey),
    manifestHash: pending.manifestHash,
  };
}

/** An owner as the manifest records it; a record of another shape is no manifest kurel wrote. */
function checkedRecord(value: unknown, folder: string): OwnerRecord {
  const record = value as Partial<OwnerRecord> | null;
  const strings = (list: unknown) => Array.isArray(list) && list.every((entry) => typeof entry === 'string');
  const valid =
    typeof record === 'object' &&
    record !== null &&
    typeof record.package === 'string' &&
    (record.environment === undefined || typeof record.environment === 'string') &&
    strings(record.files) &&
    typeof record.indexes === 'object' &&
    record.indexes !== null &&
    Object.values(record.indexes).every((index) => strings(index?.files) && strings(index?.children)) &&
    strings(record.claims?.folders) &&
    strings(record.claims?.names);
  if (!valid) throw kurelErrors.output(`refusing to write output folder "${folder}": its owner record ${JSON.stringify(value)?.slice(0, 80)} is not one kurel wrote; remove the folder yourself`);
  return record as OwnerRecord;
}

