import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/plugin-api/diagnostics.js';
import { inFileOrder } from '../../../src/engine/run/file-order.js';

/** The file's order worked out the plain way: by line, then column, then as found; the unplaced last. */
function reference(diagnostics: Diagnostic[]): Diagnostic[] {
  const rank = (diagnostic: Diagnostic, index: number) => [diagnostic.line ?? Infinity, diagnostic.line === undefined ? 0 : (diagnostic.column ?? 0), index];
  return diagnostics
    .map((diagnostic, index) => ({ diagnostic, rank: rank(diagnostic, index) }))
    .sort((a, b) => {
      for (let part = 0; part < 3; part++) if (a.rank[part] !== b.rank[part]) return a.rank[part] < b.rank[part] ? -1 : 1;
      return 0;
    })
    .map(({ diagnostic }) => diagnostic);
}

/** Diagnostics at random places, with ties and unplaced ones, from a seeded generator. */
function scattered(count: number, lines: number, seed: number): Diagnostic[] {
  let state = seed;
  const next = (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
  return Array.from({ length: count }, (_, index) => {
    const roll = next(10);
    const place = roll === 0 ? {} : roll === 1 ? { line: 1 + next(lines) } : { line: 1 + next(lines), column: 1 + next(5) };
    return { code: 'KUREL_PROPERTY', severity: 'error', message: `m${index}`, ...place };
  });
}

describe('inFileOrder', () => {
  it('orders by line, then column, then as found, with what has no place last', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const diagnostics = scattered(500, 40, seed);
      expect(inFileOrder(diagnostics).map(({ message }) => message)).toEqual(reference(diagnostics).map(({ message }) => message));
    }
  });

  it('orders places too far apart to number with their indices the same way', () => {
    const diagnostics = scattered(300, 40, 7).map((diagnostic, index) => (diagnostic.line === undefined ? diagnostic : { ...diagnostic, line: diagnostic.line * 2 ** 45 + index }));
    const far = [...diagnostics].reverse();
    expect(inFileOrder(far).map(({ message }) => message)).toEqual(reference(far).map(({ message }) => message));
  });

  it('leaves diagnostics found in the order of the file as they are', () => {
    const diagnostics = reference(scattered(100, 20, 9));
    expect(inFileOrder(diagnostics)).toBe(diagnostics);
  });
});
