import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../../src/engine/diagnostics.js';
import { parseSingleSource, parseSource } from '../../../src/engine/source.js';
import { firstDiagnostic } from './support.js';

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
