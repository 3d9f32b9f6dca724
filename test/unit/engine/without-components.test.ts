import { describe, expect, it } from 'vitest';
import { componentItemLines, readBlockDocuments } from '../../../src/engine/yaml/block-yaml.js';
import { DEFAULT_INPUT_LIMITS } from '../../../src/engine/yaml/input-limits.js';
import { componentCutter, withoutComponents } from '../../../src/engine/yaml/without-components.js';

const header = 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop}\nspec:\n  components:\n';

/** The numbers of the lines of `text` that hold nothing but spaces (a carriage return aside). */
const blankLines = (text: string) =>
  text
    .split('\n')
    .map((line, index) => (line.replace(/\r$/, '').trim() === '' ? index : -1))
    .filter((index) => index !== -1);

describe('withoutComponents', () => {
  it('blanks the lines of the given block-list items and keeps every other character in place', () => {
    const text = `${header}    - name: a\n      type: worker\n    - name: b # kept\n      type: job\n`;
    const out = withoutComponents(text, [0])!;
    expect(out).toHaveLength(text.length);
    expect(out.split('\n').slice(5, 7).every((line) => line.trim() === '')).toBe(true);
    expect(out.split('\n').slice(7)).toEqual(text.split('\n').slice(7));
  });

  it('blanks from an item to the next, the comments between them too, and from the last item to what follows the list', () => {
    const lines = [
      '    - name: a',
      '      type: worker',
      '    # about b',
      '    - name: b',
      '      type: job',
      '    - name: c',
      '      properties:',
      '        script: |',
      '          - not an item',
      '',
      '  policies: []',
    ];
    const text = `${header}${lines.join('\n')}\n`;
    const out = withoutComponents(text, [2, 0])!;
    expect(out).toHaveLength(text.length);
    expect(blankLines(out)).toEqual([5, 6, 7, 10, 11, 12, 13, 14, 16]);
    expect(out.split('\n').slice(8, 10)).toEqual(['    - name: b', '      type: job']);
    expect(out.split('\n')[15]).toBe('  policies: []');
  });

  it('reads a list written at its key’s own indent, and an item whose `-` is alone on its line', () => {
    expect(blankLines(withoutComponents(`${header}    -\n      name: a\n    - name: b\n`, [0])!)).toEqual([5, 6, 8]);
    const text = 'kind: Application\nspec:\n  components:\n  - name: a\n  - name: b\n    type: job\n  policies: []\n';
    expect(withoutComponents(text, [1])).toBe('kind: Application\nspec:\n  components:\n  - name: a\n           \n             \n  policies: []\n');
  });

  it('blanks the lines the library places each item on where the block reader leaves the text to it (Windows line breaks)', () => {
    const text = `${header}    - name: a\n      type: worker\n    - name: b\n      type: job\n    - name: c\n`.replaceAll('\n', '\r\n');
    const out = withoutComponents(text, [1])!;
    expect(out).toHaveLength(text.length);
    expect(blankLines(out)).toEqual([7, 8, 10]);
    expect(out.split('\r\n').slice(5, 7)).toEqual(['    - name: a', '      type: worker']);
  });

  it('blanks the same lines whether the block reader or the library finds the items', () => {
    const shapes = [
      (i: number) => [`    - name: c${i}`, '      type: worker', `      properties: {image: "x/c:v${i}"}`],
      (i: number) => [`    - {name: c${i}, type: job}`],
      (i: number) => [`    - name: c${i}`, '      properties:', '        data:', '          a: |', '            one', '            two'],
      (i: number) => [`    - name: c${i}`, '      traits:', '        - type: scaler', '          properties: {replicas: 2}'],
      (i: number) => [`    - name: c${i}`, '      properties: {data: {', '        a: "1"', '        }}'],
    ];
    const items = Array.from({ length: 40 }, (_, i) => shapes[i % shapes.length](i).join('\n'));
    const text = `${header}${items.join('\n')}\n  policies: []\n`;
    // The block reader reads this text; it leaves the same with Windows line breaks to the library.
    expect(componentItemLines(text, DEFAULT_INPUT_LIMITS)?.starts).toHaveLength(40);
    const removed = [0, 3, 4, 9, 17, 18, 22, 38, 39];
    const read = withoutComponents(text, removed)!;
    const library = withoutComponents(text.replaceAll('\n', '\r\n'), removed)!;
    expect(read).toHaveLength(text.length);
    expect(blankLines(read)).toEqual(blankLines(library));
    expect(blankLines(read).length).toBeGreaterThan(removed.length);
  });

  it('cuts one text again and again, as each pass of a check does, as if it were cut afresh', () => {
    const items = Array.from({ length: 12 }, (_, i) => `    - name: c${i}\n      type: worker`);
    for (const text of [`${header}${items.join('\n')}\n`, `${header}${items.join('\n')}\n`.replaceAll('\n', '\r\n')]) {
      const cut = componentCutter(text, DEFAULT_INPUT_LIMITS);
      for (const removed of [[1], [1, 4], [1, 4, 11], [12], Array.from({ length: 12 }, (_, i) => i)]) {
        expect(cut(removed), removed.join()).toBe(withoutComponents(text, removed));
      }
      expect(cut([1, 4])).toBeDefined();
    }
  });

  it('declines what it cannot cut out: a flow list, two documents, every component', () => {
    expect(withoutComponents(`${header.replace('  components:\n', '')}  components: [{name: a}, {name: b}]\n`, [0])).toBeUndefined();
    expect(withoutComponents(`${header}    - name: a\n    - name: b\n---\n${header}    - name: c\n`, [0])).toBeUndefined();
    expect(withoutComponents(`${header}    - name: a\n    - name: b\n`, [0, 1])).toBeUndefined();
    expect(withoutComponents(`${header}    - name: a\n    - name: b\n`, [2])).toBeUndefined();
  });
});

describe('componentItemLines', () => {
  it('gives the line each component starts on and the next line with content after the list', () => {
    const text = `${header}    - name: a\n      type: worker\n\n    - name: b\n  # the end\n  policies: []\n`;
    expect(componentItemLines(text, DEFAULT_INPUT_LIMITS)).toEqual({ starts: [5, 8], end: 10 });
    expect(componentItemLines(`${header}    - name: a\n`, DEFAULT_INPUT_LIMITS)).toEqual({ starts: [5], end: 7 });
  });

  it('answers for a text just read whole as for one read anew, and under other limits as those limits say', () => {
    const text = `${header}    - name: a\n    - name: b\n      type: job\n    - name: c\n`;
    readBlockDocuments(text, DEFAULT_INPUT_LIMITS);
    expect(componentItemLines(text, DEFAULT_INPUT_LIMITS)).toEqual({ starts: [5, 6, 8], end: 10 });
    readBlockDocuments(`${header}    - name: z\n`, DEFAULT_INPUT_LIMITS);
    expect(componentItemLines(text, DEFAULT_INPUT_LIMITS)).toEqual({ starts: [5, 6, 8], end: 10 });
    readBlockDocuments(text, DEFAULT_INPUT_LIMITS);
    expect(componentItemLines(text, { ...DEFAULT_INPUT_LIMITS, components: 2 })).toBeUndefined();
  });

  it('answers nothing for a text the block reader leaves to the library, two documents, or a list not written as a block list', () => {
    expect(componentItemLines(`${header}    - name: a\r\n`, DEFAULT_INPUT_LIMITS)).toBeUndefined();
    expect(componentItemLines(`${header}    - name: a\n---\n${header}    - name: b\n`, DEFAULT_INPUT_LIMITS)).toBeUndefined();
    expect(componentItemLines(`${header.replace('  components:\n', '')}  components: [{name: a}]\n`, DEFAULT_INPUT_LIMITS)).toBeUndefined();
    expect(componentItemLines('kind: ConfigMap\ndata: {a: "1"}\n', DEFAULT_INPUT_LIMITS)).toBeUndefined();
  });
});
