import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOTED_BEFORE_SAVE, sweepUnusedRecords, TreeStamps } from '../../../src/host/cache/tree-stamps.js';
import { UNUSED_ENTRY_MS } from '../../../src/host/cache/build-cache-store.js';
import { KurelError } from '../../../src/plugin-api/diagnostics.js';
import { OWNED_FOLDER_MANIFEST, readOwnedFolder, writeOwnedFolder } from '../../../src/host/output/owned-folder.js';
import { TreeListings, type TreeListing } from '../../../src/host/output/tree-listing.js';

// A file of an owned folder is trusted by its stat only where it is the one kurel last read and
// checked: same size, inode and times, and changed before the record was written.

let root: string;
let stamps: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kurel-stamps-'));
  stamps = join(root, 'stamps');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Long enough for the file system's clock to tick past a write. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

/** The record files in the stamps folder (beside the sweep's marker). */
const records = () => readdirSync(stamps).filter((name) => name.endsWith('.json'));

/** `name` written in the folder, then read a tick later, noted with hash h1 and the record saved. */
async function recordedFile(name: string): Promise<string> {
  const file = join(root, name);
  writeFileSync(file, `${name}: 1\n`);
  await tick();
  const record = TreeStamps.read(root, stamps);
  record.note(name, lstatSync(file), 'h1');
  record.save([name]);
  return file;
}

describe('TreeStamps', () => {
  it('trusts a file noted, saved and unchanged since, for the hash it was noted with only', async () => {
    const file = join(root, 'a.yaml');
    writeFileSync(file, 'a: 1\n');
    await tick();
    const record = TreeStamps.read(root, stamps);
    expect(record.trusts('a.yaml', lstatSync(file), 'h1')).toBe(false);
    record.note('a.yaml', lstatSync(file), 'h1');
    record.save(['a.yaml']);
    const again = TreeStamps.read(root, stamps);
    expect(again.trusts('a.yaml', lstatSync(file), 'h1')).toBe(true);
    expect(again.trusts('a.yaml', lstatSync(file), 'h2')).toBe(false);
    expect(again.trusts('b.yaml', lstatSync(file), 'h1')).toBe(false);
  });

  it('does not trust a file written again, even to the same size and modification time', async () => {
    const file = await recordedFile('a.yaml');
    const { mtime, atime } = lstatSync(file);
    writeFileSync(file, 'a: 2\n');
    utimesSync(file, atime, mtime);
    expect(TreeStamps.read(root, stamps).trusts('a.yaml', lstatSync(file), 'h1')).toBe(false);
  });

  it('does not trust a file whose change time is not before the record was written ("racily clean")', async () => {
    const file = await recordedFile('a.yaml');
    expect(TreeStamps.read(root, stamps).trusts('a.yaml', lstatSync(file), 'h1')).toBe(true);
    // The record as if written in the same tick as the file: the file may have changed again unseen.
    const [name] = records();
    const changed = new Date(lstatSync(file).ctimeMs);
    utimesSync(join(stamps, name), changed, changed);
    expect(TreeStamps.read(root, stamps).trusts('a.yaml', lstatSync(file), 'h1')).toBe(false);
  });

  it('trusts nothing from a record that does not parse, or one of another folder', async () => {
    const file = await recordedFile('a.yaml');
    expect(TreeStamps.read(join(root, 'other'), stamps).trusts('a.yaml', lstatSync(file), 'h1')).toBe(false);
    for (const name of records()) writeFileSync(join(stamps, name), '{"format": "kurel-tree-stamps/1", "files": ');
    expect(TreeStamps.read(root, stamps).trusts('a.yaml', lstatSync(file), 'h1')).toBe(false);
  });

  it('writes an existing record again only once enough files were read anew', async () => {
    const names = Array.from({ length: NOTED_BEFORE_SAVE + 1 }, (_, at) => `f${at}`);
    for (const name of names) writeFileSync(join(root, name), name);
    await tick();
    const first = TreeStamps.read(root, stamps);
    first.note('f0', lstatSync(join(root, 'f0')), 'h');
    first.save(names);
    const few = TreeStamps.read(root, stamps);
    for (const name of names.slice(1, NOTED_BEFORE_SAVE)) few.note(name, lstatSync(join(root, name)), 'h');
    few.save(names);
    expect(TreeStamps.read(root, stamps).trusts('f1', lstatSync(join(root, 'f1')), 'h')).toBe(false);
    const enough = TreeStamps.read(root, stamps);
    for (const name of names.slice(1)) enough.note(name, lstatSync(join(root, name)), 'h');
    enough.save(names);
    const saved = TreeStamps.read(root, stamps);
    expect(names.every((name) => saved.trusts(name, lstatSync(join(root, name)), 'h'))).toBe(true);
  });

  it('saves nothing, and throws nothing, where the record folder cannot be made: the next run reads the files', () => {
    writeFileSync(join(root, 'file'), '');
    const record = TreeStamps.read(root, join(root, 'file', 'stamps'));
    record.note('a.yaml', lstatSync(join(root, 'file')), 'h1');
    expect(() => record.save(['a.yaml'])).not.toThrow();
    expect(TreeStamps.read(root, join(root, 'file', 'stamps')).trusts('a.yaml', lstatSync(join(root, 'file')), 'h1')).toBe(false);
  });

  it('sweeps the records no run has written for the unused time, once a day', () => {
    const record = TreeStamps.read(root, stamps);
    writeFileSync(join(root, 'a'), 'a');
    record.note('a', lstatSync(join(root, 'a')), 'h');
    record.save(['a']);
    const [name] = records();
    const old = new Date(Date.now() - UNUSED_ENTRY_MS - 60_000);
    writeFileSync(join(stamps, 'other.json'), '{}');
    utimesSync(join(stamps, 'other.json'), old, old);
    rmSync(join(stamps, '.swept'), { force: true });
    sweepUnusedRecords(stamps);
    expect(readdirSync(stamps).sort()).toEqual(['.swept', name].sort());
    // Swept within the day: an old record waits for the next day's sweep.
    writeFileSync(join(stamps, 'later.json'), '{}');
    utimesSync(join(stamps, 'later.json'), old, old);
    sweepUnusedRecords(stamps);
    expect(readdirSync(stamps)).toContain('later.json');
  });

  it('keeps only the files still there when it saves', async () => {
    const record = TreeStamps.read(root, stamps);
    for (const name of ['a', 'b']) {
      writeFileSync(join(root, name), name);
      record.note(name, lstatSync(join(root, name)), name);
    }
    record.save(['b']);
    const [saved] = records().map((name) => JSON.parse(readFileSync(join(stamps, name), 'utf8')) as { files: Record<string, unknown> });
    expect(Object.keys(saved.files)).toEqual(['b']);
  });
});

describe('readOwnedFolder with trustStamps', () => {
  const files = new Map([
    ['a/one.yaml', 'one: 1\n'],
    ['b/two.yaml', 'two: 2\n'],
  ]);

  it('reads a folder the same from a listing taken on the lister thread, and still refuses a file edited or added since', async () => {
    process.env.KUREL_CACHE_DIR = join(root, 'cache');
    const dir = join(root, 'out');
    const listed = async () => {
      const listings = await TreeListings.start([dir]);
      try {
        return listings.take(dir);
      } finally {
        listings.close();
      }
    };
    const refusal = (listing: TreeListing | undefined) => {
      try {
        readOwnedFolder(dir, 'schemas', { trustStamps: true, listing });
      } catch (error) {
        return (error as KurelError).message;
      }
      return undefined;
    };
    try {
      writeOwnedFolder(dir, files, { kind: 'schemas' });
      await tick();
      for (let read = 0; read < 2; read++) {
        const found = readOwnedFolder(dir, 'schemas', { trustStamps: true, listing: await listed() });
        expect([...found.files.keys()]).toEqual(['a/one.yaml', 'b/two.yaml']);
        expect(found.files.get('a/one.yaml')).toBe('one: 1\n');
      }
      writeFileSync(join(dir, 'a/extra.yaml'), 'x\n');
      expect(refusal(await listed())).toContain('it holds files kurel did not write (a/extra.yaml)');
      rmSync(join(dir, 'a/extra.yaml'));
      const file = join(dir, 'b/two.yaml');
      const { atime, mtime } = lstatSync(file);
      writeFileSync(file, 'two: 9\n');
      utimesSync(file, atime, mtime);
      expect(refusal(await listed())).toContain('files kurel wrote were changed since (b/two.yaml)');
    } finally {
      delete process.env.KUREL_CACHE_DIR;
    }
  });

  it('gives every file\'s content, read or trusted, and still refuses a file edited since', async () => {
    process.env.KUREL_CACHE_DIR = join(root, 'cache');
    try {
      const dir = join(root, 'out');
      writeOwnedFolder(dir, files, { kind: 'schemas' });
      await tick();
      // The first read checks every file and records it; the second trusts them.
      for (let read = 0; read < 2; read++) {
        const found = readOwnedFolder(dir, 'schemas', { trustStamps: true });
        expect([...found.files.keys()].sort()).toEqual(['a/one.yaml', 'b/two.yaml']);
        expect(found.files.get('b/two.yaml')).toBe('two: 2\n');
        expect(found.files.has(OWNED_FOLDER_MANIFEST)).toBe(false);
      }
      const file = join(dir, 'a/one.yaml');
      const { atime, mtime } = lstatSync(file);
      writeFileSync(file, 'one: 9\n');
      utimesSync(file, atime, mtime);
      let refusal: unknown;
      try {
        readOwnedFolder(dir, 'schemas', { trustStamps: true });
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(KurelError);
      expect((refusal as KurelError).message).toContain('files kurel wrote were changed since (a/one.yaml)');
    } finally {
      delete process.env.KUREL_CACHE_DIR;
    }
  });
});
