import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../plugin-api/index.js';
import { writeCacheFile } from './cache-file.js';
import { treeStampsDir } from './tree-stamps.js';

/** The shape of a stored record; a record of another shape is not read. */
const RECORD_FORMAT = 'kurel-tree-owners/1';

/**
 * One owner of a tree as its last write left it: the build-cache key of the plan its share was
 * written from, and the plan's warnings, which a run that keeps the share as it is reports again.
 */
export interface OwnerBuild {
  key: string;
  warnings: Diagnostic[];
}

/** A tree as its last write left it: the sha256 of the manifest it wrote, and its owners' plans by owner key (`package\0environment`). */
export interface TreeOwners {
  manifestHash: string;
  owners: Map<string, OwnerBuild>;
}

interface StoredRecord {
  format: string;
  folder: string;
  manifest: string;
  owners: Record<string, OwnerBuild>;
}

/** Where a tree's record is kept: beside its stamps (`TreeStamps`), by the tree folder's absolute path. */
function recordFile(folder: string, dir: string): string {
  return join(dir, `${createHash('sha256').update(folder).digest('hex')}.owners.json`);
}

/**
 * The tree in `folder` (an absolute path) as kurel last wrote it: undefined where no record can be
 * read. A record is a hint, never trusted alone: it holds for a tree whose manifest is, byte for
 * byte, the one the record was written with, and an owner is kept as it is only where its
 * package's key is the recorded one.
 */
export function readTreeOwners(folder: string, dir = treeStampsDir()): TreeOwners | undefined {
  try {
    const record = JSON.parse(readFileSync(recordFile(folder, dir), 'utf8')) as StoredRecord;
    if (record?.format === RECORD_FORMAT && record.folder === folder && typeof record.manifest === 'string' && typeof record.owners === 'object' && record.owners !== null) {
      return { manifestHash: record.manifest, owners: new Map(Object.entries(record.owners).filter(([, owner]) => isOwnerBuild(owner))) };
    }
  } catch {
    // No record, or none this kurel can read: every package's plan is read from the build cache.
  }
  return undefined;
}

/**
 * Stores the record of the tree in `folder`, whole or not at all (`writeCacheFile`); a record that
 * cannot be written costs the next run the reading of its packages' plans. Swept with the stamps
 * (`sweepUnusedRecords`).
 */
export function writeTreeOwners(folder: string, tree: TreeOwners, dir = treeStampsDir()): void {
  writeCacheFile(recordFile(folder, dir), JSON.stringify({ format: RECORD_FORMAT, folder, manifest: tree.manifestHash, owners: Object.fromEntries(tree.owners) } satisfies StoredRecord));
}

function isOwnerBuild(value: unknown): value is OwnerBuild {
  const owner = value as OwnerBuild;
  return (
    typeof owner === 'object' &&
    owner !== null &&
    typeof owner.key === 'string' &&
    Array.isArray(owner.warnings) &&
    owner.warnings.every((warning) => typeof warning?.code === 'string' && typeof warning.message === 'string')
  );
}
