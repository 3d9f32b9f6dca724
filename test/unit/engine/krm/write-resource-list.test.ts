import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { kurelErrors, krmResults, holdsError, readResourceList, writeResourceList } from '../../../../src/engine/index.js';

// The KRM function's output: the list as it came (comments kept), the built objects after its
// items, and results in the specification's shape.

const fixtures = new URL('../../../fixtures/krm/', import.meta.url);
const specInput = readFileSync(new URL('spec-example-input.yaml', fixtures), 'utf8');
const validList = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(new URL('resource-list.schema.json', fixtures), 'utf8')));

const BUILT = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  enabled: "true"\n  port: "8080"\n---\napiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: web\n';

describe('writeResourceList', () => {
  it('keeps the items and their comments, and adds the built objects after them, strings staying strings', () => {
    const list = readResourceList({ file: '<stdin>', text: specInput });
    const text = writeResourceList(list, BUILT, []);
    expect(text).toContain('# Example comment');
    const output = parse(text);
    expect(validList(output)).toBe(true);
    expect(output.items.map((item: { kind: string }) => item.kind)).toEqual(['Service', 'ConfigMap', 'ServiceAccount']);
    expect(output.items[0]).toEqual(parse(specInput).items[0]);
    expect(output.items[1].data).toEqual({ enabled: 'true', port: '8080' });
    expect(output.results).toBeUndefined();
  });

  it('writes results the specification schema accepts, after any the list held', () => {
    const list = readResourceList({ file: '<stdin>', text: `${specInput}results:\n  - message: from an earlier function\n    severity: info\n` });
    const diagnostics = [
      kurelErrors.property.diagnostic('expected a whole number, got a string', { file: '<stdin>', line: 14, column: 43, path: 'spec.components[0].properties.port', component: 'web' }),
      kurelErrors.warning.diagnostic('image tag "latest" is not pinned', { file: 'shop/app.yaml', line: 9, column: 9 }),
    ];
    const results = krmResults(diagnostics, (diagnostic) =>
      diagnostic.file === '<stdin>' ? { resourceRef: { apiVersion: 'launcher.gokure.dev/v1alpha1', kind: 'Application', name: 'shop' }, field: diagnostic.path, file: { path: 'apps/shop.yaml', index: 1 } } : { field: 'ignored without a resourceRef', file: { path: diagnostic.file! } },
    );
    expect(holdsError(results)).toBe(true);
    const output = parse(writeResourceList(list, '', results));
    expect(validList(output), JSON.stringify(validList.errors)).toBe(true);
    expect(output.results).toEqual([
      { message: 'from an earlier function', severity: 'info' },
      {
        message: '<stdin>:14:43 spec.components[0].properties.port: expected a whole number, got a string',
        severity: 'error',
        resourceRef: { apiVersion: 'launcher.gokure.dev/v1alpha1', kind: 'Application', name: 'shop' },
        field: { path: 'spec.components[0].properties.port' },
        file: { path: 'apps/shop.yaml', index: 1 },
        tags: { code: 'KUREL_PROPERTY', component: 'web' },
      },
      { message: 'shop/app.yaml:9:9: image tag "latest" is not pinned', severity: 'warning', file: { path: 'shop/app.yaml' }, tags: { code: 'KUREL_WARNING' } },
    ]);
    expect(holdsError(results.slice(1))).toBe(false);
  });

  it('answers a list read as JSON in JSON, and writes the built objects in block style under items: []', () => {
    const json = JSON.stringify(parse(specInput));
    const fromJson = writeResourceList(readResourceList({ file: '<stdin>', text: json }), BUILT, []);
    expect(JSON.parse(fromJson).items.map((item: { kind: string }) => item.kind)).toEqual(['Service', 'ConfigMap', 'ServiceAccount']);
    const empty = writeResourceList(readResourceList({ file: '<stdin>', text: 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n' }), BUILT, []);
    expect(empty).toContain('items:\n  - apiVersion: v1\n    kind: ConfigMap\n');
    expect(parse(empty).items[0].data).toEqual({ enabled: 'true', port: '8080' });
  });

  it('answers input it could not read with an empty list carrying the results', () => {
    const output = parse(writeResourceList(undefined, '', krmResults([kurelErrors.yamlSyntax.diagnostic('YAML syntax error: bad', { file: '<stdin>', line: 2, column: 7 })])));
    expect(validList(output)).toBe(true);
    expect(output).toEqual({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [], results: [{ message: '<stdin>:2:7: YAML syntax error: bad', severity: 'error', tags: { code: 'KUREL_YAML_SYNTAX' } }] });
  });
});
