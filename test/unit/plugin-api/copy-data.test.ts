import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyData } from '../../../src/plugin-api/kit/index.js';

/** Every object and list reachable from `value`, to show a copy shares none of them. */
function containers(value: unknown, found = new Set<object>()): Set<object> {
  if (value !== null && typeof value === 'object' && !found.has(value)) {
    found.add(value);
    for (const item of Object.values(value)) containers(item, found);
  }
  return found;
}

function expectIndependentCopy(original: unknown, copy: unknown): void {
  const originals = containers(original);
  for (const object of containers(copy)) expect(originals.has(object)).toBe(false);
}

describe('copyData', () => {
  it('copies JSON data as structuredClone does, sharing no object or list with the original', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = copyData(value);
        expect(copy).toStrictEqual(structuredClone(value));
        expectIndependentCopy(value, copy);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps undefined values, -0, NaN, big integers and the order of keys', () => {
    const value = { z: undefined, a: -0, 10: NaN, 2: 10n, list: [undefined, null, 'x'] };
    const copy = copyData(value);
    expect(Object.keys(copy)).toEqual(Object.keys(structuredClone(value)));
    expect(copy).toStrictEqual(structuredClone(value));
    expect(Object.is(copy.a, -0)).toBe(true);
  });

  it('copies a map without a prototype to a plain map, as structuredClone does', () => {
    const value = Object.assign(Object.create(null) as Record<string, unknown>, { a: { b: 1 } });
    const copy = copyData(value);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copy).toStrictEqual(structuredClone(value));
  });

  it('keeps an own __proto__ key a key, leaving the copy its prototype', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const copy = copyData(value);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: true });
  });

  it('copies an object two keys share twice: the copies are independent', () => {
    const shared = { x: 1 };
    const copy = copyData({ a: shared, b: shared });
    expect(copy.a).toEqual(shared);
    expect(copy.a).not.toBe(copy.b);
  });

  it('leaves anything but plain data to structuredClone, whole', () => {
    const date = new Date(0);
    const copiedDate = copyData({ at: date }).at;
    expect(copiedDate).toBeInstanceOf(Date);
    expect(copiedDate).not.toBe(date);
    expect(copiedDate.getTime()).toBe(0);

    const map = copyData({ m: new Map([['k', 1]]) }).m;
    expect(map).toBeInstanceOf(Map);
    expect(map.get('k')).toBe(1);

    const holes = copyData([1, , 3]);
    expect(1 in holes).toBe(false);
    expect(holes).toHaveLength(3);

    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    const copiedCycle = copyData(cycle);
    expect(copiedCycle.self).toBe(copiedCycle);
    expect(copiedCycle).not.toBe(cycle);
  });

  it('copies data nested deeper than it recurses through structuredClone', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 1100; i++) deep = { next: deep };
    expect(copyData(deep)).toStrictEqual(structuredClone(deep));
  });

  it('refuses a function or a symbol as structuredClone does', () => {
    expect(() => copyData({ f: () => 1 })).toThrow(/could not be cloned/);
    expect(() => copyData([Symbol('s')])).toThrow(/could not be cloned/);
  });

  it('returns a scalar as it is', () => {
    expect(copyData('text')).toBe('text');
    expect(copyData(null)).toBe(null);
    expect(copyData(undefined)).toBe(undefined);
  });
});
