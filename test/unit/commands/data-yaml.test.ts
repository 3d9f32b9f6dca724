import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { stringifyData, topListItemWriter } from '../../../src/commands/support/data-yaml.js';
import { DATA_YAML_OPTIONS } from '../../../src/commands/support/data-yaml-options.js';
import { documents } from '../engine/yaml-arbitraries.js';

/** The library's stringify, counting the calls made of it. */
function countingStringify() {
  const calls: unknown[] = [];
  const counted = ((value: unknown, options: unknown) => {
    calls.push(value);
    return stringify(value, options as typeof DATA_YAML_OPTIONS);
  }) as typeof stringify;
  return { counted, calls };
}

const written = (data: unknown) => stringifyData(data, stringify);
const library = (data: unknown) => stringify(data, DATA_YAML_OPTIONS);

describe('stringifyData', () => {
  it('writes any data as the yaml library writes it', () => {
    fc.assert(
      fc.property(fc.oneof(documents, fc.array(documents, { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', '---', 'c d'), fc.array(documents, { maxLength: 3 }), { maxKeys: 3 })), (data) => {
        expect(written(data)).toBe(library(data));
      }),
      { numRuns: 3_000 },
    );
  });

  it('writes the layouts of nested maps and lists, empty ones and null as the library does', () => {
    const data = {
      name: 'web',
      count: 3,
      on: true,
      nothing: null,
      skipped: undefined,
      empty: {},
      none: [],
      onlyUndefined: { a: undefined },
      map: { a: 1, b: { c: 'd' }, list: ['x', 'y'] },
      list: [1, 'two', null, [], {}, ['a', ['b', 'c']], { a: 1, b: [2, 3] }, [{ a: 1 }, { b: 2 }]],
      '8080': 'a key read as a number',
      'a: b': 'a key to quote',
    };
    expect(written(data)).toBe(library(data));
    expect(written([{ a: 1 }, 'b', ['c']])).toBe(library([{ a: 1 }, 'b', ['c']]));
    for (const empty of [{}, [], { a: undefined }]) expect(written(empty)).toBe(library(empty));
  });

  it('asks the library nothing for data of one-line strings, whole numbers, booleans and null', () => {
    const { counted, calls } = countingStringify();
    const data = { application: 'shop', namespace: 'default', components: [{ name: 'web', steps: [{ rule: 'component/webservice@v1alpha1', emitted: ['Deployment/web', 'Service/web'] }], policies: [] }] };
    expect(stringifyData(data, counted)).toBe(library(data));
    expect(calls).toEqual([]);
  });

  it('asks the library for each top entry it cannot write, and of a top list only the items', () => {
    const { counted, calls } = countingStringify();
    const data = { application: 'shop', note: 'two\nlines', components: [{ name: 'web' }, { name: 'odd\nname' }, { name: 'db' }], when: 1.5 };
    expect(stringifyData(data, counted)).toBe(library(data));
    expect(calls).toEqual([{ note: 'two\nlines' }, { components: [{ name: 'odd\nname' }] }, { when: 1.5 }]);
  });

  it('leaves to the library a key it writes as an explicit key, and a top key with a line that starts like a document marker', () => {
    for (const data of [{ ['k'.repeat(1_100)]: 1 }, { '--- a': 1 }, { '%x': 1 }, { 'a\u2028---': 1 }, { nested: { '--- a': 1 } }]) expect(written(data)).toBe(library(data));
  });
});

describe('topListItemWriter', () => {
  it('writes the items of a top list as the library writes the list, whichever item came before', () => {
    // Few keys and values, so that items repeat and differ from one another in every way: a key
    // moved or missing, a value the same, changed, undefined, -0 after 0, or a collection.
    const value = fc.oneof(fc.constantFrom('x', 'y', 'two\nlines', 0, -0, 1.5, null, undefined, true), documents);
    const item = fc.oneof(fc.dictionary(fc.constantFrom('a', 'b', 'c d'), value, { maxKeys: 3 }), value);
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 6 }), (items) => {
        const write = topListItemWriter('list', stringify);
        expect(`list:\n${items.map(write).join('')}`).toBe(library({ list: items }));
      }),
      { numRuns: 3_000 },
    );
  });
});
