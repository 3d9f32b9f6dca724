import { join } from 'node:path';
import { composeTree, LAYOUT_TREES, type OwnerRecord, type TreeContribution, type TreeLayout, type TreeOwner } from '../../engine/index.js';
import { kurelErrors } from '../../plugin-api/index.js';
import { prepareOwnedFolderWrite, readOwnedFolder } from './owned-folder.js';

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
}

/**
 * `writeLayoutTree` in steps: the tree read, checked and composed now, its files staged a slice at
 * a time, and the tree changed only on commit. Several trees (one per environment) are staged
 * while packages still build, and committed once every package has built.
 */
export function prepareLayoutTreeWrite(outputDir: string, request: LayoutTreeWrite): PendingTreeWrite {
  const folder = request.top === '.' ? outputDir : join(outputDir, request.top);
  const { kind } = LAYOUT_TREES[request.layout];
  const existing = readOwnedFolder(folder, kind, { trustStamps: request.trustStamps });
  const owners = (existing.owners ?? []).map((record) => checkedRecord(record, folder));
  const composed = composeTree({ owners, files: existing.files }, request.contributions, request.remove ?? [], request.layout);
  // The folder as just read and checked: the writer does not read it again.
  const pending = prepareOwnedFolderWrite(folder, composed.files, { kind, owners: composed.owners, previous: existing.inspected });
  return {
    stage: (files) => pending.stage(files),
    commit: () => ({ folder, written: pending.commit().written, removed: composed.removed }),
    abandon: () => pending.abandon(),
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

