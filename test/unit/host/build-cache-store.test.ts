import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCacheDir, buildCacheKey, fileDigest, readBuildCacheEntry, sweepUnusedEntries, writeBuildCacheEntry } from '../../../src/host/cache/build-cache-store.js';
import { noteNetworkUse, watchNetworkUse } from '../../../src/host/cache/network-use.js';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kurel-build-cache-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const KEY = buildCacheKey({ package: 'a' });

function entryFiles(): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.json') || name.endsWith('.tmp'));
}

describe('the build cache store', () => {
  it('lives in $KUREL_CACHE_DIR/builds, else under $XDG_CACHE_HOME or ~/.cache', () => {
    expect(buildCacheDir({ KUREL_CACHE_DIR: '/c' })).toBe('/c/builds');
    expect(buildCacheDir({ XDG_CACHE_HOME: '/x' })).toBe('/x/kurel/builds');
    expect(buildCacheDir({})).toMatch(/\/\.cache\/kurel\/builds$/);
  });

  it('keys by every part: another part, another key', () => {
    expect(buildCacheKey({ package: 'a' })).toBe(KEY);
    expect(buildCacheKey({ package: 'b' })).not.toBe(KEY);
    expect(KEY).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives back what this kurel stored under the key, and leaves no staged file', () => {
    writeBuildCacheEntry(dir, KEY, 'kurel-1', { top: 'cluster', files: [['a.yaml', 'x: 1\n']] });
    expect(readBuildCacheEntry(dir, KEY, 'kurel-1')).toEqual({ top: 'cluster', files: [['a.yaml', 'x: 1\n']] });
    expect(entryFiles()).toEqual([join(KEY.slice(0, 2), `${KEY}.json`)]);
  });

  it('trusts no entry of another kurel, none stored under another key, and none that does not parse', () => {
    writeBuildCacheEntry(dir, KEY, 'kurel-1', { top: 'cluster' });
    expect(readBuildCacheEntry(dir, KEY, 'kurel-2')).toBeUndefined();
    const file = join(dir, entryFiles()[0]);
    const other = buildCacheKey({ package: 'b' });
    const moved = JSON.parse(readFileSync(file, 'utf8'));
    writeBuildCacheEntry(dir, other, 'kurel-1', {});
    writeFileSync(join(dir, other.slice(0, 2), `${other}.json`), JSON.stringify(moved));
    expect(readBuildCacheEntry(dir, other, 'kurel-1')).toBeUndefined();
    writeFileSync(file, '{"format":');
    expect(readBuildCacheEntry(dir, KEY, 'kurel-1')).toBeUndefined();
    writeFileSync(file, 'null');
    expect(readBuildCacheEntry(dir, KEY, 'kurel-1')).toBeUndefined();
    expect(readBuildCacheEntry(dir, buildCacheKey('missing'), 'kurel-1')).toBeUndefined();
  });

  it('leaves a cache it cannot write as it was', () => {
    const file = join(dir, 'not-a-folder');
    writeFileSync(file, '');
    expect(() => writeBuildCacheEntry(file, KEY, 'kurel-1', {})).not.toThrow();
    expect(readBuildCacheEntry(file, KEY, 'kurel-1')).toBeUndefined();
  });

  it('digests a file by its bytes, and a missing one as absent', () => {
    const file = join(dir, 'a.yaml');
    writeFileSync(file, 'a: 1\n');
    const first = fileDigest(file);
    writeFileSync(file, 'a: 2\n');
    expect(fileDigest(file)).not.toBe(first);
    expect(fileDigest(join(dir, 'missing.yaml'))).toBe('absent');
  });
});

describe('watchNetworkUse', () => {
  it('tells a build that reached the network from one beside it that did not', async () => {
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    const [online, offline] = await Promise.all([
      watchNetworkUse(async () => {
        await tick();
        noteNetworkUse();
        return 'chart';
      }),
      watchNetworkUse(async () => {
        await tick();
        await tick();
        return 'files';
      }),
    ]);
    expect(online).toEqual({ value: 'chart', usedNetwork: true });
    expect(offline).toEqual({ value: 'files', usedNetwork: false });
    expect(() => noteNetworkUse()).not.toThrow();
  });
});

describe('sweeping unused entries', () => {
  const DAY = 24 * 60 * 60 * 1000;

  it('removes entries no build took or wrote for 30 days, once a day at most, and keeps the rest', () => {
    const old = buildCacheKey('old');
    const recent = buildCacheKey('recent');
    writeBuildCacheEntry(dir, old, 'kurel-1', { top: 'old' });
    writeBuildCacheEntry(dir, recent, 'kurel-1', { top: 'recent' });
    const oldFile = join(dir, old.slice(0, 2), `${old}.json`);
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * DAY);
    utimesSync(oldFile, daysAgo(31), daysAgo(31));
    rmSync(join(dir, '.swept'), { force: true });

    sweepUnusedEntries(dir, now);
    expect(existsSync(oldFile)).toBe(false);
    expect(readBuildCacheEntry(dir, recent, 'kurel-1')).toEqual({ top: 'recent' });

    // Swept within the day: an entry that has since grown old waits for tomorrow's sweep.
    const recentFile = join(dir, recent.slice(0, 2), `${recent}.json`);
    utimesSync(recentFile, daysAgo(40), daysAgo(40));
    sweepUnusedEntries(dir, now);
    expect(existsSync(recentFile)).toBe(true);
    sweepUnusedEntries(dir, now + 2 * DAY);
    expect(existsSync(recentFile)).toBe(false);
  });

  it('counts an entry taken as used', () => {
    writeBuildCacheEntry(dir, KEY, 'kurel-1', { top: 'cluster' });
    const file = join(dir, KEY.slice(0, 2), `${KEY}.json`);
    const longAgo = new Date(Date.now() - 40 * DAY);
    utimesSync(file, longAgo, longAgo);
    expect(readBuildCacheEntry(dir, KEY, 'kurel-1')).toEqual({ top: 'cluster' });
    rmSync(join(dir, '.swept'), { force: true });
    sweepUnusedEntries(dir);
    expect(existsSync(file)).toBe(true);
  });
});
