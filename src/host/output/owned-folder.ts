import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, posix, resolve, sep } from 'node:path';
import { kurelErrors } from '../../plugin-api/index.js';
import { describeFsError } from '../files/fs-error.js';
import { makeFolders } from '../files/make-folders.js';
import { sha256Hex } from '../files/sha256.js';
import { TreeStamps } from '../cache/tree-stamps.js';
import { listTree, type TreeListing } from './tree-listing.js';
import { type FolderChanges, updateFolderInPlace } from './owned-folder-update.js';

/**
 * The one writer of a folder kurel owns whole (`kurel schemas -o DIR`, a Flux tree).
 *
 *   writeOwnedFolder(dir, files, { kind })
 *
 * - `dir`: the folder to own; created (with its parents) when missing.
 * - `files`: relative POSIX paths (`components/webservice.schema.json`) to their content. A path
 *   that is absolute, holds `..`, `.` or an empty segment, or names the manifest, is a defect of
 *   the caller and refused.
 * - `kind`: what the folder holds (`schemas`, `flux-layout`, …). A folder written for one kind is
 *   never taken over by another.
 *
 * The folder is written only when it is missing, empty, or holds exactly a previous output of
 * the same kind: every file in it is listed in the manifest `OWNED_FOLDER_MANIFEST` that kurel
 * wrote there, with the content kurel wrote (a sha256 each). Anything else (a file kurel did not
 * write, a file edited since, a symlink, another kind's output, `dir` itself a symlink) is refused
 * through `kurelErrors.output` and every file stays as it was.
 *
 * A new output, or one that rewrites much of the old, is staged beside the folder and takes its
 * place by rename; a few files changed in an earlier output are renamed into place one by one
 * (`updateFolderInPlace`); an output equal to the old one writes nothing. Either way a failure
 * leaves the old output as it was.
 */
export function writeOwnedFolder(dir: string, files: ReadonlyMap<string, string>, options: OwnedFolderOptions): OwnedFolderResult {
  return prepareOwnedFolderWrite(dir, files, options).commit();
}

/**
 * A write of an owned folder, checked and decided but not yet seen: its files are staged beside
 * the folder (`stage`, a slice at a time, so that a caller can stage one folder while other work
 * goes on), then the folder takes its new content at once (`commit`), or the staged files are
 * removed and the folder stays as it was (`abandon`).
 */
export interface PendingFolderWrite {
  /** Stages up to `files` more files (all without a limit); true while some are left. */
  stage(files?: number): boolean;
  /** Stages what is left and puts the new output in place. */
  commit(): OwnedFolderResult;
  /** Removes what was staged; the folder is left as it was. */
  abandon(): void;
  /** The sha256 of the new output's manifest (`ownedFolderManifestHash` reads the one a folder holds). */
  readonly manifestHash: string;
}

/**
 * Checks the folder and decides how it is written (`writeOwnedFolder` says when), writing
 * nothing yet: nothing at all where the output is the one already there, a few changed files
 * renamed into place on commit, or the whole output staged and swapped in.
 */
export function prepareOwnedFolderWrite(dir: string, files: ReadonlyMap<string, string>, options: OwnedFolderOptions): PendingFolderWrite {
  const write = prepareWrite(dir, files, options);
  const { manifestHash } = write;
  if (write.how === 'staged') return { ...stagedWrite(write), manifestHash };
  const result: OwnedFolderResult = { written: write.written, replaced: true };
  if (write.how === 'unchanged') return { stage: () => false, commit: () => result, abandon: () => {}, manifestHash };
  return {
    manifestHash,
    stage: () => false,
    commit: () => {
      try {
        updateFolderInPlace(write.destination, write.changes);
      } catch (error) {
        throw kurelErrors.output(`writing output folder "${dir}": ${describeFsError(error, dir)}`, { file: dir });
      }
      return result;
    },
    abandon: () => {},
  };
}

/** A new output to stage beside the folder and rename into its place. */
interface StagedWrite {
  how: 'staged';
  dir: string;
  destination: string;
  entries: readonly OutputFile[];
  manifestText: string;
  previous: DestinationState;
  /** The earlier output's files, where kept files are read from. */
  previousFiles: FolderFiles;
  staging: string;
  retired: string;
  /** The folders above the output folder made to stage it, parents first. */
  madeAbove: string[];
}

/** A file of the new output: its content, or, for a file kept as the earlier output has it, none until it is staged. */
interface OutputFile {
  path: string;
  hash: string;
  content?: string;
}

/** How a folder is written: not at all, a few files in place, or staged whole. */
type DecidedWrite = ({ how: 'unchanged'; written: number } | { how: 'in-place'; written: number; destination: string; changes: FolderChanges } | StagedWrite) & {
  manifestHash: string;
};

/** Checks the folder and decides how to write it: nothing where the output is the one already there, a few changed files in place, else staged whole. */
function prepareWrite(dir: string, files: ReadonlyMap<string, string>, options: OwnedFolderOptions): DecidedWrite {
  const destination = resolve(dir);
  const previous = options.previous ?? inspectDestination(dir, destination, options.kind);
  const entries: OutputFile[] = [...files].map(([path, content]) => ({ path: checkedRelativePath(path), hash: sha256Hex(content), content }));
  for (const path of options.kept ?? []) {
    // A kept file is one the folder holds and was checked against its manifest just before.
    const hash = previous.state === 'owned' && previous.files.has(path) ? previous.manifest!.files[path] : undefined;
    if (hash === undefined || files.has(path)) throw kurelErrors.internal(`keeping "${path}" in output folder "${dir}": the folder holds no such file of kurel's, or it is written anew too`);
    entries.push({ path, hash });
  }
  entries.sort((a, b) => compare(a.path, b.path));
  const manifest: OwnedFolderManifest = {
    generator: 'kurel',
    kind: options.kind,
    files: Object.fromEntries(entries.map(({ path, hash }) => [path, hash])),
    ...(options.owners !== undefined ? { owners: options.owners } : {}),
  };
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  const manifestHash = sha256Hex(manifestText);
  if (previous.state === 'owned') {
    const changes = changesFrom(previous, entries, manifestText);
    if (changes.write.length === 0 && changes.remove.length === 0) return { how: 'unchanged', written: entries.length, manifestHash };
    // A tree mostly rewritten is staged whole; a few files changed are renamed into place.
    if ((changes.write.length + changes.remove.length) * IN_PLACE_SHARE <= entries.length) return { how: 'in-place', written: entries.length, destination, changes, manifestHash };
  }
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = join(dirname(destination), `.${basename(destination)}.kurel-staging-${suffix}`);
  const retired = join(dirname(destination), `.${basename(destination)}.kurel-previous-${suffix}`);
  return { how: 'staged', dir, destination, entries, manifestText, previous: previous.state, previousFiles: previous.files, staging, retired, madeAbove: [], manifestHash };
}

/** A change of at most one file in this many is made in place; more, and the folder is staged whole. */
const IN_PLACE_SHARE = 4;

/**
 * The files to write (the manifest last) and to remove for the folder `previous` to hold `entries`:
 * a file is kept where it is there with the hash the manifest gives it (checked, or trusted by its
 * stat, when the folder was read), so that no kept file is read to be compared.
 */
function changesFrom(previous: InspectedFolder, entries: readonly OutputFile[], manifestText: string): FolderChanges {
  const recorded = previous.manifest!.files;
  // A kept file is in `previous` with its hash: never written.
  const write = entries.filter(({ path, hash }) => !(previous.files.has(path) && recorded[path] === hash)) as Array<{ path: string; content: string }>;
  const kept = new Set(entries.map(({ path }) => path));
  const remove = [...previous.files.keys()].filter((path) => !kept.has(path));
  if (write.length > 0 || remove.length > 0 || previous.manifestText !== manifestText) write.push({ path: OWNED_FOLDER_MANIFEST, content: manifestText });
  return { write, remove };
}

/**
 * The new output assembled in a sibling staging folder (then put in the old one's place by
 * `swapIn`), so a reader sees the old output or the new one, and a failure while writing leaves
 * the old output untouched. Files are created exclusively inside the fresh staging folder, so
 * nothing is written through a symlink or outside `dir`.
 */
function stagedWrite(write: StagedWrite): Omit<PendingFolderWrite, 'manifestHash'> {
  const steps = stagingSteps(write);
  let staged = false;
  const stage = (files = Number.POSITIVE_INFINITY) => {
    try {
      for (let step = 0; step < files && !staged; step++) staged = steps.next().done === true;
    } catch (error) {
      staged = true;
      throw stagingFailure(write, error);
    }
    return !staged;
  };
  return {
    stage,
    commit: () => {
      stage();
      return swapIn(write);
    },
    abandon: () => {
      removeIfPresent(write.staging);
      // The folders above it this write made, where nothing else was put in them since.
      for (const folder of write.madeAbove.reverse()) {
        try {
          rmdirSync(folder);
        } catch {
          break;
        }
      }
    },
  };
}

/** The staging folder's folders, then one step a file, the manifest last. */
function* stagingSteps(write: StagedWrite): Generator<void, void, undefined> {
  for (const folder of stagingFolders(write)) mkdirSync(folder);
  for (const { path, content } of write.entries) {
    yield;
    writeFileSync(join(write.staging, ...path.split('/')), content ?? write.previousFiles.get(path)!, { flag: 'wx', mode: 0o644 });
  }
  writeFileSync(join(write.staging, OWNED_FOLDER_MANIFEST), write.manifestText, { flag: 'wx', mode: 0o644 });
}

/** The staging folder and every folder below it the entries go to, parents first; the folders above it made as `mkdir -p` makes them. */
function stagingFolders(write: StagedWrite): string[] {
  write.madeAbove = makeFolders(dirname(write.destination));
  const folders = new Set<string>([write.staging]);
  for (const { path } of write.entries) {
    const segments = path.split('/');
    for (let depth = 1; depth < segments.length; depth++) folders.add(join(write.staging, ...segments.slice(0, depth)));
  }
  // A Set keeps the order folders were first named in: a parent before its children.
  return [...folders];
}

function stagingFailure(write: StagedWrite, error: unknown): unknown {
  removeIfPresent(write.staging);
  return kurelErrors.output(`writing output folder "${write.dir}": ${describeFsError(asDestination(error, write.staging, write.destination), write.dir)}`, { file: write.dir });
}

/** The staged output takes the old one's place; the old one is removed once it has. */
function swapIn(write: StagedWrite): OwnedFolderResult {
  const { dir, destination, staging, retired, previous } = write;
  try {
    if (previous !== 'missing') renameSync(destination, retired);
    renameSync(staging, destination);
  } catch (error) {
    if (!existsSync(destination) && existsSync(retired)) renameSync(retired, destination);
    removeIfPresent(staging);
    throw kurelErrors.output(`replacing output folder "${dir}": ${describeFsError(error, dir)}`, { file: dir });
  }
  rmSync(retired, { recursive: true, force: true });
  return { written: write.entries.length, replaced: previous === 'owned' };
}

/** A failure in the staging folder, told of the folder it was to become: the staging folder's name is kurel's own. */
function asDestination(error: unknown, staging: string, destination: string): unknown {
  const failed = error as NodeJS.ErrnoException | undefined;
  if (typeof failed?.path === 'string' && (failed.path === staging || failed.path.startsWith(staging + sep))) failed.path = destination + failed.path.slice(staging.length);
  return error;
}

/**
 * Removes a folder this writer made, where there is one: after a failure, the staging folder may
 * never have been made, or its parent may be a file (`-o` naming a file), and the refusal to report
 * is the failure's, not this clean-up's.
 */
function removeIfPresent(folder: string): void {
  try {
    rmSync(folder, { recursive: true, force: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
  }
}

export interface OwnedFolderOptions {
  /** What the folder holds; a previous output is replaced only when it is of the same kind. */
  kind: string;
  /** Who wrote which share of the folder, recorded in the manifest as given (a tree of several owners). */
  owners?: readonly unknown[];
  /** The folder as `readOwnedFolder` found it just before: it is not read and checked again. */
  previous?: InspectedFolder;
  /**
   * Files of `previous` the new output holds as they are, besides `files`: not read unless the
   * folder is staged whole (then copied from the old output).
   */
  kept?: readonly string[];
}

export interface ReadOwnedFolderOptions {
  /**
   * Trust a file whose stat is the one recorded when kurel last read it and found the content its
   * manifest gives (`TreeStamps`), without reading it again; record the files it reads.
   */
  trustStamps?: boolean;
  /** The folder's entries as listed just before, with stats (`TreeListings`): not listed again. */
  listing?: TreeListing;
}

/**
 * The folder as kurel wrote it last, read to be written again: every file (its content read when
 * first asked for) and the manifest's owners (undefined for an output of one writer, or a missing
 * or empty folder). Refuses, as `writeOwnedFolder` does, a folder that may not be replaced.
 */
export function readOwnedFolder(dir: string, kind: string, options: ReadOwnedFolderOptions = {}): { files: FolderFiles; owners?: unknown[]; inspected: InspectedFolder } {
  const inspected = inspectDestination(dir, resolve(dir), kind, options.trustStamps === true, options.listing);
  if (inspected.state !== 'owned') return { files: inspected.files, inspected };
  const { owners } = inspected.manifest!;
  return { files: inspected.files, owners: Array.isArray(owners) ? [...owners] : undefined, inspected };
}

/**
 * An earlier output's files by relative path: every file found, each one's content read when first
 * asked for, since a file trusted by its stat need not be read at all, and a tree's writer needs
 * the content only of the files of owners it does not rebuild.
 */
export class FolderFiles {
  private readonly contents = new Map<string, string | undefined>();

  constructor(private readonly root: string) {}

  add(path: string, content?: string): void {
    this.contents.set(path, content);
  }

  has(path: string): boolean {
    return this.contents.has(path);
  }

  get(path: string): string | undefined {
    if (!this.contents.has(path)) return undefined;
    let content = this.contents.get(path);
    if (content === undefined) {
      content = readFileSync(`${this.root}/${path}`, 'utf8');
      this.contents.set(path, content);
    }
    return content;
  }

  keys(): IterableIterator<string> {
    return this.contents.keys();
  }

  get size(): number {
    return this.contents.size;
  }
}

export interface OwnedFolderResult {
  /** How many files were written, the manifest not counted. */
  written: number;
  /** Whether a previous output of the same kind was replaced. */
  replaced: boolean;
}

/** The manifest kurel writes into a folder it owns: the files it wrote there. */
export const OWNED_FOLDER_MANIFEST = '.kurel-output.json';

interface OwnedFolderManifest {
  generator: 'kurel';
  kind: string;
  /** Relative path → sha256 of the content kurel wrote. */
  files: Record<string, string>;
  owners?: readonly unknown[];
}

type DestinationState = 'missing' | 'empty' | 'owned';

/** A folder as checked before it is written: for an earlier output, each file as read to be checked, and its manifest. */
export interface InspectedFolder {
  state: DestinationState;
  files: FolderFiles;
  manifest?: OwnedFolderManifest;
  manifestText?: string;
}

/**
 * Decides whether `destination` may be replaced; refuses, touching nothing, when it may not. Each
 * file is read and its hash checked against the manifest, or, with `trustStamps`, trusted where its
 * stat is the one recorded when it was last checked.
 */
function inspectDestination(dir: string, destination: string, kind: string, trustStamps = false, listed?: TreeListing): InspectedFolder {
  let stat;
  try {
    stat = lstatSync(destination);
  } catch {
    return { state: 'missing', files: new FolderFiles(destination) };
  }
  const refusal = (reason: string) =>
    kurelErrors.output(`refusing to write output folder "${dir}": ${reason}; choose a missing or empty folder, or remove it yourself`);
  if (stat.isSymbolicLink()) throw refusal('it is a symbolic link, and kurel writes through none');
  if (!stat.isDirectory()) throw refusal('it is not a folder');
  const names = readdirSync(destination);
  if (names.length === 0) return { state: 'empty', files: new FolderFiles(destination) };
  if (!names.includes(OWNED_FOLDER_MANIFEST)) {
    throw refusal(`it holds files kurel did not write (${preview(names.sort(compare))}) and no ${OWNED_FOLDER_MANIFEST} of an earlier kurel output`);
  }
  const manifestText = readManifestText(join(destination, OWNED_FOLDER_MANIFEST));
  const manifest = manifestText === undefined ? undefined : parseManifest(manifestText);
  if (!manifest) throw refusal(`its ${OWNED_FOLDER_MANIFEST} is not one kurel wrote`);
  if (manifest.kind !== kind) throw refusal(`it holds kurel's ${JSON.stringify(manifest.kind)} output, not ${JSON.stringify(kind)}`);
  const stamps = trustStamps ? TreeStamps.read(destination) : undefined;
  // Stats are needed only to trust files by them.
  const listing = listed !== undefined && (listed.stats !== undefined || !stamps) ? listed : listTree(destination, stamps !== undefined);
  const foreign = [...listing.foreign];
  const edited: string[] = [];
  const files = new FolderFiles(destination);
  // In path order, as the folder's files are listed to whoever reads them.
  const order = listing.files.map((_, at) => at).sort((a, b) => compare(listing.files[a], listing.files[b]));
  for (const at of order) {
    const path = listing.files[at];
    if (path === OWNED_FOLDER_MANIFEST) continue;
    const expected = manifest.files[path];
    if (expected === undefined) {
      foreign.push(path);
      continue;
    }
    // Paths joined by hand: `join` normalises each of thousands of them again.
    const file = `${destination}/${path}`;
    const stats = stamps ? listing.stats![at] : undefined;
    if (stamps && stamps.trusts(path, stats!, expected)) {
      files.add(path);
      continue;
    }
    const content = readFileSync(file);
    const hash = sha256Hex(content);
    if (hash !== expected) edited.push(path);
    else stamps?.note(path, stats!, hash);
    files.add(path, content.toString('utf8'));
  }
  if (foreign.length > 0) throw refusal(`it holds files kurel did not write (${preview(foreign.sort(compare))})`);
  if (edited.length > 0) throw refusal(`files kurel wrote were changed since (${preview(edited.sort(compare))})`);
  stamps?.save(files.keys());
  return { state: 'owned', files, manifest, manifestText };
}

/** What kurel wrote in `dir` by its manifest (`flux-layout`, `schemas`, …); undefined where no manifest kurel wrote is there. */
export function ownedFolderKind(dir: string): string | undefined {
  return readManifest(join(dir, OWNED_FOLDER_MANIFEST))?.kind;
}

/** The sha256 of the manifest in `dir` as it is, not read as JSON nor checked against the files; undefined where there is none. */
export function ownedFolderManifestHash(dir: string): string | undefined {
  const text = readManifestText(join(dir, OWNED_FOLDER_MANIFEST));
  return text === undefined ? undefined : sha256Hex(text);
}

function readManifest(file: string): OwnedFolderManifest | undefined {
  const text = readManifestText(file);
  return text === undefined ? undefined : parseManifest(text);
}

function readManifestText(file: string): string | undefined {
  try {
    return lstatSync(file).isFile() ? readFileSync(file, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

function parseManifest(text: string): OwnedFolderManifest | undefined {
  try {
    const value = JSON.parse(text) as Partial<OwnedFolderManifest>;
    if (value?.generator !== 'kurel' || typeof value.kind !== 'string') return undefined;
    if (typeof value.files !== 'object' || value.files === null || Array.isArray(value.files)) return undefined;
    return value as OwnedFolderManifest;
  } catch {
    return undefined;
  }
}

function checkedRelativePath(path: string): string {
  const segments = path.split('/');
  const unsafe =
    path.length === 0 ||
    path.includes('\\') ||
    path.includes('\0') ||
    posix.isAbsolute(path) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..') ||
    path === OWNED_FOLDER_MANIFEST;
  if (unsafe) throw kurelErrors.output(`refusing to write "${path}": an owned folder takes relative paths inside it only`);
  return path;
}


function preview(paths: string[]): string {
  const shown = paths.slice(0, 3).join(', ');
  return paths.length > 3 ? `${shown} and ${paths.length - 3} more` : shown;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
