import { KurelError, kurelErrors, type Diagnostic } from '../../plugin-api/index.js';
import { kustomizationFileText } from './layout-files.js';
import type { PlannedFolder, TreeIndex } from './model.js';

/**
 * A tree of several owners: one GitOps folder holding the layouts of many packages and
 * environments. Each owner writes its own files; the `kustomization.yaml` index files they share
 * (the top one, the index folder of the delivery objects) are rebuilt from the union of every
 * owner present. Generic over the layout: a layout hands in its files, its index files and what
 * it claims alone (the folders its delivery objects apply, their names).
 */

/**
 * Each layout's tree: its kind of output, as the tree's manifest records it (one layout's top
 * folder is never taken over by another's), and the kind of the delivery objects whose names
 * its owners claim.
 */
export const LAYOUT_TREES = {
  flux: { kind: 'flux-layout', applier: 'Kustomization' },
  argocd: { kind: 'argocd-layout', applier: 'Application' },
} as const;
export type TreeLayout = keyof typeof LAYOUT_TREES;

/** Who wrote a share of the tree: a package (its source path relative to the output folder) and an environment. */
export interface TreeOwner {
  package: string;
  environment?: string;
}

/**
 * What one owner claims that no other may: folders a delivery object applies, delivery object
 * names, and the objects it writes (`Kind namespace/name`), each applied by one owner alone.
 */
export interface TreeClaims {
  folders: string[];
  names: string[];
  /** Absent in a manifest written before objects were claimed: such an owner claims none until it is rebuilt. */
  objects?: string[];
}

/** One owner's share of the tree as a layout planned it; paths relative to the top folder. */
export interface TreeContribution {
  owner: TreeOwner;
  /** Every file it writes, its index files included. */
  files: ReadonlyMap<string, string>;
  /** Its share of each `kustomization.yaml`, by the path in `files`. */
  indexes: ReadonlyMap<string, TreeIndex>;
  claims: TreeClaims;
}

/** One owner as the tree's manifest records it, so a later build can compose without rebuilding it. */
export interface OwnerRecord extends TreeOwner {
  /** Its own files, sorted (index files are in `indexes`). */
  files: string[];
  indexes: Record<string, TreeIndex>;
  claims: TreeClaims;
}

/** The tree on disk: its owners and every file there, by path relative to the top folder. */
export interface ExistingTree {
  owners: readonly OwnerRecord[];
  files: { has(path: string): boolean };
}

export interface ComposedTree {
  /** Every file of the new tree written anew: the contributions' and the index files. */
  files: Map<string, string>;
  /**
   * Every file of the new tree that stays as it is on disk, sorted: the files of the owners kept,
   * never read here, since a tree of thousands of files mostly stays as it is.
   */
  kept: string[];
  /** Every owner of the new tree, sorted by package then environment. */
  owners: OwnerRecord[];
  /** What left the tree, by the owner whose files they were (each list sorted). */
  removed: Array<{ owner: TreeOwner; files: string[] }>;
}

/** `examples/shop (staging)`: how messages name an owner. */
export function describeOwner(owner: TreeOwner): string {
  return owner.environment === undefined ? owner.package : `${owner.package} (${owner.environment})`;
}

/** An owner as one string, `package\0environment`: two owners are one where their keys are equal. */
export const ownerKey = (owner: TreeOwner): string => `${owner.package}\0${owner.environment ?? ''}`;
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byOwner = (a: TreeOwner, b: TreeOwner) => compare(ownerKey(a), ownerKey(b));

/**
 * The new tree: the existing owners not rebuilt nor removed keep their files as they are; each
 * contribution replaces its owner's share whole (what it no longer writes is removed); `remove`
 * takes owners out. Refuses, before anything is written, two owners claiming one file, folder or
 * name, naming both; and an owner to remove that the tree does not hold.
 */
export function composeTree(existing: ExistingTree, contributions: readonly TreeContribution[], remove: readonly TreeOwner[] = [], layout: TreeLayout = 'flux'): ComposedTree {
  const present = new Map(existing.owners.map((record) => [ownerKey(record), record]));
  const missing = remove.filter((owner) => !present.has(ownerKey(owner)));
  if (missing.length > 0) {
    const held = existing.owners.map(describeOwner).sort(compare);
    throw new KurelError(
      missing.map((owner) =>
        kurelErrors.flag.diagnostic(`${describeOwner(owner)}: the tree holds no files of it (it holds: ${held.length > 0 ? held.join(', ') : 'nothing'})`),
      ),
    );
  }
  const replaced = new Set([...contributions.map((entry) => ownerKey(entry.owner)), ...remove.map(ownerKey)]);
  const kept = existing.owners.filter((record) => !replaced.has(ownerKey(record)));
  const owners = [...kept, ...contributions.map(recordOf)].sort(byOwner);
  checkClaims(owners, LAYOUT_TREES[layout].applier);

  const keptFiles: string[] = [];
  const lost: Diagnostic[] = [];
  for (const record of kept) {
    for (const path of record.files) {
      if (existing.files.has(path)) keptFiles.push(path);
      else lost.push(kurelErrors.output.diagnostic(`${path}: a file kurel wrote for ${describeOwner(record)} is missing; build ${describeOwner(record)} again to write it`));
    }
  }
  if (lost.length > 0) throw new KurelError(lost);
  const files = new Map<string, string>();
  for (const entry of contributions) for (const [path, content] of entry.files) if (!entry.indexes.has(path)) files.set(path, content);
  for (const [path, index] of unionOfIndexes(owners)) files.set(path, kustomizationFileText([...index.files, ...index.children]));

  const removed: ComposedTree['removed'] = [];
  const stays = new Set(keptFiles);
  for (const record of existing.owners) {
    if (!replaced.has(ownerKey(record))) continue;
    const gone = [...record.files, ...Object.keys(record.indexes)].filter((path) => !files.has(path) && !stays.has(path)).sort(compare);
    if (gone.length > 0) removed.push({ owner: ownerOf(record), files: gone });
  }
  return { files, kept: keptFiles.sort(compare), owners, removed };
}

function ownerOf(owner: TreeOwner): TreeOwner {
  return owner.environment === undefined ? { package: owner.package } : { package: owner.package, environment: owner.environment };
}

function recordOf(entry: TreeContribution): OwnerRecord {
  const files = [...entry.files.keys()].filter((path) => !entry.indexes.has(path)).sort(compare);
  const indexes = Object.fromEntries([...entry.indexes].sort(([a], [b]) => compare(a, b)).map(([path, index]) => [path, { files: [...index.files], children: [...index.children] }]));
  return {
    ...ownerOf(entry.owner),
    files,
    indexes,
    claims: {
      folders: [...entry.claims.folders].sort(compare),
      names: [...entry.claims.names].sort(compare),
      objects: [...new Set(entry.claims.objects ?? [])].sort(compare),
    },
  };
}

/**
 * Each index file from every owner's share: own files sorted and deduplicated, then child folders
 * in the order the owners (sorted) list them. One owner's index is written as that owner wrote it.
 */
function unionOfIndexes(owners: readonly OwnerRecord[]): Map<string, TreeIndex> {
  const union = new Map<string, { files: Set<string>; children: string[] }>();
  for (const record of owners) {
    for (const [path, index] of Object.entries(record.indexes)) {
      let entry = union.get(path);
      if (!entry) union.set(path, (entry = { files: new Set(), children: [] }));
      for (const file of index.files) entry.files.add(file);
      for (const child of index.children) if (!entry.children.includes(child)) entry.children.push(child);
    }
  }
  return new Map([...union].map(([path, entry]) => [path, { files: [...entry.files].sort(compare), children: entry.children }]));
}

/** What two owners both write: files, or objects. */
interface Grouped {
  first: OwnerRecord;
  second: OwnerRecord;
  values: string[];
}

/**
 * Every file, object, claimed folder and name has one owner; index files are shared by design. Each clash
 * names both owners; the files two owners both write are told once per pair, after their names
 * and folders, which say why.
 */
function checkClaims(owners: readonly OwnerRecord[], applier: string): void {
  const clashes: string[] = [];
  const grouped = { file: new Map<string, Grouped>(), object: new Map<string, Grouped>() };
  const claimAll = (kind: 'name' | 'folder' | 'file' | 'object', listOf: (owner: OwnerRecord) => readonly string[], taken = new Map<string, OwnerRecord>()) => {
    for (const owner of owners) {
      for (const value of listOf(owner)) {
        const first = taken.get(value);
        if (first === undefined) taken.set(value, owner);
        else if (ownerKey(first) === ownerKey(owner)) continue;
        else if (kind === 'name' || kind === 'folder') clashes.push(`${kind === 'name' ? `${applier} name` : kind} "${value}" is claimed by both ${describeOwner(first)} and ${describeOwner(owner)}`);
        else {
          const pair = `${ownerKey(first)}\0\0${ownerKey(owner)}`;
          const entry = grouped[kind].get(pair) ?? { first, second: owner, values: [] };
          entry.values.push(value);
          grouped[kind].set(pair, entry);
        }
      }
    }
  };
  claimAll('name', (owner) => owner.claims.names);
  claimAll('folder', (owner) => owner.claims.folders);
  // An index file is shared; one owner's own file at another's index path is a clash like any.
  const indexOwners = new Map<string, OwnerRecord>();
  for (const owner of owners) for (const path of Object.keys(owner.indexes)) if (!indexOwners.has(path)) indexOwners.set(path, owner);
  claimAll('file', (owner) => owner.files, indexOwners);
  // One object written by two owners, in folders of their own, would be applied twice: by each
  // owner's delivery object, each pruning what the other applies.
  claimAll('object', (owner) => owner.claims.objects ?? []);
  for (const kind of ['file', 'object'] as const) {
    for (const [pair, { first, second, values }] of grouped[kind]) {
      // Two owners writing the same files write the same objects too: the files say it once.
      if (kind === 'object' && grouped.file.has(pair)) continue;
      const shown = values.slice(0, 3).map((value) => `"${value}"`).join(', ');
      const more = values.length > 3 ? ` and ${values.length - 3} more` : '';
      const what = values.length === 1 ? kind : `${values.length} ${kind}s`;
      clashes.push(`${what} ${shown}${more} ${values.length === 1 ? 'is' : 'are'} written by both ${describeOwner(first)} and ${describeOwner(second)}`);
    }
  }
  if (clashes.length > 0) {
    throw new KurelError(clashes.map((clash) => kurelErrors.collision.diagnostic(`${clash}; rename one of them, or write them into different top folders (-o, --cluster-dir)`)));
  }
}

/**
 * A layout plan's share of the tree: its files and indexes, and the folders and names of its
 * delivery objects (a Flux plan's Kustomizations, an Argo CD plan's Applications).
 */
export function layoutContribution(
  owner: TreeOwner,
  plan: { files: ReadonlyMap<string, string>; indexes: ReadonlyMap<string, TreeIndex>; folders: ReadonlyArray<Pick<PlannedFolder, 'objects'>> },
  appliers: ReadonlyArray<{ name: string; path: string }>,
): TreeContribution {
  const objects = plan.folders.flatMap((folder) => folder.objects.map((object) => `${object.kind} ${object.namespace ? `${object.namespace}/` : ''}${object.name}`));
  return {
    owner,
    files: plan.files,
    indexes: plan.indexes,
    claims: { folders: appliers.map((entry) => entry.path), names: appliers.map((entry) => entry.name), objects },
  };
}
