import { describe, expect, it } from 'vitest';
import type { Scalar, YAMLMap } from 'yaml';
import { formatDiagnostic } from '../../../src/plugin-api/diagnostics.js';
import { parseSingleSource, parseSource } from '../../../src/engine/yaml/source.js';
import { readBlockDocuments } from '../../../src/engine/yaml/block-yaml.js';
import { DEFAULT_INPUT_LIMITS } from '../../../src/engine/yaml/input-limits.js';
import { firstDiagnostic, pathsIn, wholeReadingPosition } from './support.js';

const APP = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata:
  name: shop
spec:
  components:
    - name: web
      type: webservice
      properties:
        ports: [80, 443]
`;

describe('parseSource: positions', () => {
  const doc = parseSingleSource({ file: 'app.yaml', text: APP }, 'application file');

  it('reads the document as plain data', () => {
    expect(doc.toJS()).toMatchObject({ metadata: { name: 'shop' }, spec: { components: [{ name: 'web', type: 'webservice' }] } });
  });

  it('places a map entry at its key, 1-based', () => {
    expect(doc.locate([])).toEqual({ line: 1, column: 1 });
    expect(doc.locate(['metadata', 'name'])).toEqual({ line: 4, column: 3 });
    expect(doc.locate(['spec', 'components', 0, 'type'])).toEqual({ line: 8, column: 7 });
  });

  it('places a sequence item where its content starts', () => {
    expect(doc.locate(['spec', 'components', 0])).toEqual({ line: 7, column: 7 });
    expect(doc.locate(['spec', 'components', 0, 'properties', 'ports', 1])).toEqual({ line: 10, column: 21 });
  });

  it('falls back to the nearest node that exists', () => {
    expect(doc.locate(['spec', 'components', 0, 'traits', 2, 'type'])).toEqual({ line: 7, column: 7 });
    expect(doc.locate(['spec', 'components', 5])).toEqual({ line: 6, column: 3 });
  });

  it('places each entry of a document the library read, as its map is after a value or a key is written', () => {
    // A directive leaves the file to the library.
    const text = '%YAML 1.2\n---\na: 1\nb: 2\nc: 3\n';
    const [document] = parseSource({ file: 'app.yaml', text });
    // A key not there is placed at the map.
    expect(['a', 'b', 'c', 'd'].map((key) => document.locate([key])?.line)).toEqual([3, 4, 5, 3]);
    // A package's values are written into values; a key added later is found too.
    const library = document.document;
    library.set('b', 20);
    expect(document.locate(['b'])).toEqual({ line: 4, column: 1 });
    const added = library.createPair('d', 4);
    (added.key as Scalar).range = [text.indexOf('c:'), 0, 0];
    (library.contents as YAMLMap).items.push(added);
    expect(document.locate(['d'])).toEqual({ line: 5, column: 1 });
  });

  it('builds a diagnostic location with the property path', () => {
    expect(doc.at(['spec', 'components', 0, 'type'])).toEqual({ file: 'app.yaml', line: 8, column: 7, path: 'spec.components[0].type' });
    expect(doc.at([])).toEqual({ file: 'app.yaml', line: 1, column: 1, path: undefined });
  });
});

describe('parseSource: syntax errors', () => {
  it('refuses a YAML syntax error with its line and column', () => {
    const diagnostic = firstDiagnostic(() => parseSource({ file: 'app.yaml', text: 'kind: Application\nmetadata: {name: shop\n' }));
    expect(diagnostic.code).toBe('KUREL_YAML_SYNTAX');
    expect(diagnostic.file).toBe('app.yaml');
    expect(diagnostic.line).toBe(3);
    expect(diagnostic.column).toBe(1);
    expect(diagnostic.message).toMatch(/^YAML syntax error: /);
  });

  it('places an error inside a line at its column', () => {
    const diagnostic = firstDiagnostic(() => parseSource({ file: 'app.yaml', text: 'kind: Application\nname: a: b\n' }));
    expect({ line: diagnostic.line, column: diagnostic.column }).toEqual({ line: 2, column: 7 });
    expect(formatDiagnostic(diagnostic)).toMatch(/^app\.yaml:2:7: YAML syntax error: /);
  });

  it('refuses a duplicate key at the second occurrence', () => {
    const diagnostic = firstDiagnostic(() => parseSource({ file: 'app.yaml', text: 'kind: Application\nkind: Package\n' }));
    expect(diagnostic.code).toBe('KUREL_YAML_SYNTAX');
    expect(diagnostic.line).toBe(2);
    expect(diagnostic.message).toContain('unique');
  });

  it('keeps only the first line of a multi-line parser message', () => {
    const diagnostic = firstDiagnostic(() => parseSource({ file: 'app.yaml', text: 'a:\n\t- b\n' }));
    expect(diagnostic.message).not.toContain('\n');
  });
});

describe('parseSingleSource', () => {
  it('refuses a second document, placed where it starts', () => {
    const diagnostic = firstDiagnostic(() => parseSingleSource({ file: 'app.yaml', text: 'a: 1\n---\nb: 2\n' }, 'application file'));
    expect(diagnostic.code).toBe('KUREL_ENVELOPE');
    expect(diagnostic.message).toBe('application file must hold one document, found 2');
    expect({ line: diagnostic.line, column: diagnostic.column }).toEqual({ line: 3, column: 1 });
  });

  it('refuses a file with no document', () => {
    const diagnostic = firstDiagnostic(() => parseSingleSource({ file: 'app.yaml', text: '# nothing here\n' }, 'application file'));
    expect(diagnostic.message).toBe('no documents found in application file');
    expect(diagnostic.file).toBe('app.yaml');
  });

  it('accepts a leading document marker', () => {
    expect(parseSingleSource({ file: 'app.yaml', text: '---\na: 1\n' }, 'application file').toJS()).toEqual({ a: 1 });
  });

  it('does not count an empty document after a trailing --- as a second document', () => {
    expect(parseSingleSource({ file: 'app.yaml', text: 'a: 1\n---\n' }, 'application file').toJS()).toEqual({ a: 1 });
  });

  it('expands aliases', () => {
    expect(parseSingleSource({ file: 'app.yaml', text: 'a: &x {k: v}\nb: *x\n' }, 'application file').toJS()).toEqual({ a: { k: 'v' }, b: { k: 'v' } });
  });
});

describe('SourceDocument: a value read without the library', () => {
  it('hands out a fresh value at each toJS, so that one caller cannot change what the next is given', () => {
    const doc = parseSingleSource({ file: 'app.yaml', text: APP }, 'application file');
    const first = doc.toJS() as { metadata: { name: string } };
    first.metadata.name = 'changed';
    expect(doc.toJS()).toMatchObject({ metadata: { name: 'shop' } });
    expect(doc.toJS()).not.toBe(doc.toJS());
  });

  it('lets a look come before the value without a second reading, and the look is the value handed out next', () => {
    const doc = parseSingleSource({ file: 'app.yaml', text: APP }, 'application file');
    const look = doc.peek();
    expect(look).toMatchObject({ kind: 'Application' });
    expect(doc.toJS()).toBe(look);
    expect(doc.peek()).not.toBe(look);
  });

  it('gives the value of the library document once it is taken, with what was written into it', () => {
    const doc = parseSingleSource({ file: 'app.yaml', text: APP }, 'application file');
    doc.document.setIn(['metadata', 'name'], 'written');
    expect(doc.toJS()).toMatchObject({ metadata: { name: 'written' } });
  });

  it('places each document of a file read without the library, the empty ones left out', () => {
    const documents = parseSource({ file: 'many.yaml', text: 'a: 1\n---\n# nothing\n---\nb:\n  c: [x, y]\n' });
    expect(documents.map((document) => document.toJS())).toEqual([{ a: 1 }, { b: { c: ['x', 'y'] } }]);
    expect(documents[1].at(['b', 'c', 1])).toEqual({ file: 'many.yaml', line: 6, column: 10, path: 'b.c[1]' });
  });
});

describe('SourceDocument: positions read from as little of the file as holds them', () => {
  const TEXT = `# a comment before the root
apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata:
  name: shop
  labels: &labels {team: web, tier: "front"}
  annotations:
    note: |
      two lines
      of text

    "quoted key": 'single'
spec:
  components:
  - name: web
    type: webservice
    properties:
      ports: [80, [443, 8443], {name: admin, port: 9000}]
      env:
        -   name: A
            value: "1"
        -
          name: B

          # a comment between
          value: b
    traits:
    - type: expose
      properties: {hostnames: [a.example.com]}
  - name: worker
    type: worker
    properties:
      image: app:1
      replicas: !!int "2"
      command: ["run",
        "--fast", {mode: quick
            start,
          level: [1,
            2]}
      ]
      description: "one
        two"
      note:
      - 'three

        four'
      - last
      args:
      - !!str 80
      - !!str |
        text
      labels: *labels
      env: &env
      - name: C
        value: c
  - name: cron
    properties:
      env: *env
---
kind: Second
list:
- - nested
  - [x, y]
- key: value
`;

  it('places every node where a reading of the whole file places it, and a missing one at its nearest ancestor', () => {
    // The file as written, and written on Windows.
    for (const text of [TEXT, TEXT.replaceAll('\n', '\r\n')]) {
      // Read by the block reader, whose documents take their positions from partial readings.
      expect(readBlockDocuments(text, DEFAULT_INPUT_LIMITS)).toHaveLength(2);
      const documents = parseSource({ file: 'app.yaml', text });
      expect(documents).toHaveLength(2);
      let compared = 0;
      documents.forEach((document, index) => {
        for (const path of pathsIn(document.peek())) {
          // A fresh reading for each path: past a few questions, a file is read whole.
          const fresh = parseSource({ file: 'app.yaml', text })[index];
          expect(fresh.locate(path), path.join('.')).toEqual(wholeReadingPosition(text, index, path));
          compared += 1;
        }
      });
      expect(compared).toBeGreaterThan(60);
    }
  });

  it('answers many questions about one file as the whole reading does', () => {
    const [document] = parseSource({ file: 'app.yaml', text: TEXT });
    for (const path of pathsIn(document.peek())) expect(document.locate(path), path.join('.')).toEqual(wholeReadingPosition(TEXT, 0, path));
  });
});
