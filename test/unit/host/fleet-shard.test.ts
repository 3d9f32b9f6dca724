import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKurelError } from '../../../src/engine/index.js';
import { parseShard, shardOf } from '../../../src/host/inputs/fleet-shard.js';

const paths = (count: number, from = 0) => Array.from({ length: count }, (_, at) => `apps/service-${String(from + at).padStart(3, '0')}`);

describe('parseShard', () => {
  it('reads K/N', () => {
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    expect(parseShard('3/4')).toEqual({ index: 3, count: 4 });
    expect(parseShard('12/12')).toEqual({ index: 12, count: 12 });
  });

  const refused: Array<[string, RegExp]> = [
    ['', /^--shard "": give this run's share as K\/N/],
    ['2', /^--shard "2": give this run's share as K\/N/],
    ['a/b', /^--shard "a\/b": /],
    ['1/2/3', /^--shard "1\/2\/3": /],
    ['-1/3', /^--shard "-1\/3": /],
    ['1.5/3', /^--shard "1\.5\/3": /],
    ['0/3', /^--shard 0\/3: K is a shard from 1 to 3; /],
    ['4/3', /^--shard 4\/3: K is a shard from 1 to 3; /],
    ['1/0', /^--shard 1\/0: N, the number of shards, is at least 1; /],
    ['0/0', /^--shard 0\/0: N, the number of shards, is at least 1; /],
    ['1/99999999999999999999', /^--shard 1\/99999999999999999999: N, the number of shards, is at least 1; /],
  ];
  for (const [text, message] of refused) {
    it(`refuses ${JSON.stringify(text)} as a flag error`, () => {
      let thrown: unknown;
      try {
        parseShard(text);
      } catch (error) {
        thrown = error;
      }
      expect(isKurelError(thrown)).toBe(true);
      const [diagnostic] = (thrown as { diagnostics: Array<{ code: string; message: string }> }).diagnostics;
      expect(diagnostic.code).toBe('KUREL_FLAG');
      expect(diagnostic.message).toMatch(message);
    });
  }
});

describe('shardOf', () => {
  it('is a shard from 1 to N for any path and N', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 1000 }), (path, count) => {
        const shard = shardOf(path, count);
        return Number.isInteger(shard) && shard >= 1 && shard <= count;
      }),
    );
  });

  it('puts every package in shard 1 of 1', () => {
    expect(new Set(paths(50).map((path) => shardOf(path, 1)))).toEqual(new Set([1]));
  });

  it('moves no package when packages are added or taken out: the share depends on the path alone', () => {
    for (const count of [2, 3, 7]) {
      const fleet = paths(100);
      const before = new Map(fleet.map((path) => [path, shardOf(path, count)]));
      // A larger fleet, its paths in another order, and a smaller one.
      const grown = [...paths(100, 100), ...fleet].reverse();
      const after = new Map(grown.map((path) => [path, shardOf(path, count)]));
      for (const path of fleet) expect(after.get(path), path).toBe(before.get(path));
      const shrunk = fleet.filter((_, at) => at % 3 !== 0);
      for (const path of shrunk) expect(shardOf(path, count), path).toBe(before.get(path));
    }
  });

  it('spreads a fleet over every shard, none with more than twice its even share', () => {
    const fleet = paths(300);
    for (const count of [2, 3, 4, 8]) {
      const sizes = new Array<number>(count).fill(0);
      for (const path of fleet) sizes[shardOf(path, count) - 1] += 1;
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(300);
      for (const size of sizes) {
        expect(size).toBeGreaterThan(0);
        expect(size).toBeLessThan((2 * 300) / count);
      }
    }
  });

  it('tells packages apart by their whole path, not their folder name alone', () => {
    // Same last segment, different parents: the owner path is what the tree records.
    const shards = new Set(['a/web', 'b/web', 'c/web', 'd/web', 'e/web', 'f/web', 'g/web', 'h/web'].map((path) => shardOf(path, 4)));
    expect(shards.size).toBeGreaterThan(1);
  });
});
