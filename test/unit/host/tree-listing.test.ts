import { lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listTree, TreeListings } from '../../../src/host/output/tree-listing.js';

// A tree's files and their stats, listed here or on a thread of its own while this one works:
// both give the same listing, and a folder the lister cannot list is left to be listed here.

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kurel-listing-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function writeTree(top: string): void {
  mkdirSync(join(top, 'apps/web'), { recursive: true });
  writeFileSync(join(top, 'kustomization.yaml'), 'a\n');
  writeFileSync(join(top, 'apps/web/deployment.yaml'), 'bb\n');
  symlinkSync('kustomization.yaml', join(top, 'apps/link.yaml'));
}

const sorted = (listing: { files: string[]; stats?: unknown[]; foreign: string[] }) => {
  const order = listing.files.map((_, at) => at).sort((a, b) => (listing.files[a] < listing.files[b] ? -1 : 1));
  const stat = (at: number) => {
    const { size, ino, mtimeMs, ctimeMs } = listing.stats![at] as { size: number; ino: number; mtimeMs: number; ctimeMs: number };
    return { size, ino, mtimeMs, ctimeMs };
  };
  return { files: order.map((at) => listing.files[at]), stats: listing.stats && order.map(stat), foreign: listing.foreign };
};

describe('tree listings', () => {
  it('lists every file with its stat, and anything neither file nor folder apart', () => {
    writeTree(join(root, 'one'));
    const listing = sorted(listTree(join(root, 'one'), true));
    expect(listing.files).toEqual(['apps/web/deployment.yaml', 'kustomization.yaml']);
    expect(listing.foreign).toEqual(['apps/link.yaml']);
    const stat = lstatSync(join(root, 'one/kustomization.yaml'));
    expect(listing.stats![1]).toMatchObject({ size: stat.size, ino: stat.ino, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs });
    expect(listTree(join(root, 'one'), false).stats).toBeUndefined();
  });

  it('gives on its own thread the listing this thread would, each folder once, and none for a folder not asked for or not there', async () => {
    writeTree(join(root, 'one'));
    writeTree(join(root, 'two'));
    const listings = await TreeListings.start([join(root, 'one'), join(root, 'two'), join(root, 'missing')]);
    try {
      const two = listings.take(join(root, 'two'))!;
      expect(sorted(two)).toEqual(sorted(listTree(join(root, 'two'), true)));
      expect(sorted(listings.take(join(root, 'one'))!)).toEqual(sorted(listTree(join(root, 'one'), true)));
      expect(listings.take(join(root, 'one'))).toBeUndefined();
      expect(listings.take(join(root, 'missing'))).toBeUndefined();
      expect(listings.take(join(root, 'other'))).toBeUndefined();
    } finally {
      listings.close();
    }
  });

  it('starts no thread for no folder, and lists nothing once closed', async () => {
    expect((await TreeListings.start([])).take(root)).toBeUndefined();
    writeTree(join(root, 'one'));
    const listings = await TreeListings.start([join(root, 'one')]);
    listings.close();
    expect(listings.take(join(root, 'one'))).toBeUndefined();
  });
});
