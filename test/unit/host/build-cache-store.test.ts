import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCacheDir, buildCacheKey, fileDigest, readBuildCacheEntry, writeBuildCacheEntry } from '../../../src/host/cache/build-cache-store.js';
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
