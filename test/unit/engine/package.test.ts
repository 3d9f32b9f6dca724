import { describe, expect, it } from 'vitest';
import { parseGoBool, parsePackage } from '../../../src/engine/documents/package.js';
import { firstDiagnostic, source } from './support.js';

const HEAD = 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: Package\nmetadata:\n  name: shop\n  version: "1.0.0"\n  description: A shop.\n';

function pkg(parameters: string) {
  return parsePackage(source(`${HEAD}spec:\n  parameters:\n${parameters}`, 'kurel.yaml'));
}

function failure(parameters: string) {
  return firstDiagnostic(() => pkg(parameters));
}

describe('parsePackage: declarations', () => {
  it('reads identity and ordered declarations', () => {
    const parsed = pkg(
      '    - name: image\n      type: string\n      required: true\n      description: The image.\n    - name: replicas\n      type: integer\n      default: 1\n    - name: tags\n      type: array\n      default: [a]\n    - name: extra\n      type: object\n      default: {k: v}\n',
    );
    expect(parsed.name).toBe('shop');
    expect(parsed.version).toBe('1.0.0');
    expect(parsed.description).toBe('A shop.');
    expect(parsed.parameters.map(({ name, type, required, default: value }) => ({ name, type, required, value }))).toEqual([
      { name: 'image', type: 'string', required: true, value: undefined },
      { name: 'replicas', type: 'integer', required: false, value: 1 },
      { name: 'tags', type: 'array', required: false, value: ['a'] },
      { name: 'extra', type: 'object', required: false, value: { k: 'v' } },
    ]);
    expect(parsed.parameters[0].description).toBe('The image.');
    expect(parsed.parameters[1].path).toEqual(['spec', 'parameters', 1]);
  });

  it('types a declaration without type as string', () => {
    expect(pkg('    - name: image\n').parameters[0].type).toBe('string');
  });

  it('accepts a package without parameters', () => {
    expect(parsePackage(source(`${HEAD}spec: {}\n`, 'kurel.yaml')).parameters).toEqual([]);
  });

  it('accepts a default that references another parameter whatever the type', () => {
    expect(pkg('    - name: count\n      type: integer\n      default: "${base}"\n').parameters[0].default).toBe('${base}');
  });
});

describe('parsePackage: refusals', () => {
  it('checks the envelope', () => {
    expect(firstDiagnostic(() => parsePackage(source(HEAD.replace('kind: Package', 'kind: Application'), 'kurel.yaml'))).message).toBe(
      'expected kind Package, got "Application"',
    );
    expect(firstDiagnostic(() => parsePackage(source('apiVersion: v1\nkind: Package\nmetadata: {name: a}\n', 'kurel.yaml'))).message).toBe(
      'unsupported apiVersion "v1", expected "launcher.gokure.dev/v1alpha1"',
    );
    expect(firstDiagnostic(() => parsePackage(source('apiVersion: launcher.gokure.dev/v1alpha1\nkind: Package\nmetadata: {}\n', 'kurel.yaml'))).message).toBe(
      'metadata.name is required',
    );
  });

  it('refuses the rich schema fields on a declaration', () => {
    for (const field of ['enum: [a]', 'properties: {}', 'items: {}', 'additionalProperties: true', 'types: [string]']) {
      const diagnostic = failure(`    - name: mode\n      ${field}\n`);
      expect(diagnostic.message).toMatch(/^unsupported field "\w+" \((did you mean "type"\? )?allowed: default, description, name, required, type\)$/);
      expect(diagnostic.file).toBe('kurel.yaml');
    }
  });

  it('requires a unique name', () => {
    expect(failure('    - type: string\n').message).toBe('parameters[0].name is required');
    expect(failure('    - name: a\n    - name: a\n').message).toBe('duplicate parameter name "a"');
  });

  it('refuses an unknown type, listing the supported ones', () => {
    expect(failure('    - name: ratio\n      type: float\n').message).toBe(
      'parameter "ratio" has invalid type "float"; supported types: string, integer, boolean, array, object',
    );
  });

  it('checks a default against its type with the reference texts', () => {
    expect(failure('    - name: n\n      type: integer\n      default: abc\n').message).toBe('parameter "n" has default "abc" which is not a valid integer');
    expect(failure('    - name: n\n      type: integer\n      default: 1.5\n').message).toBe(
      'parameter "n" has fractional default 1.5; integer parameters require whole numbers',
    );
    expect(failure('    - name: n\n      type: integer\n      default: true\n').message).toBe(
      'parameter "n" (type integer) has a default that is true; expected a whole number',
    );
    expect(failure('    - name: b\n      type: boolean\n      default: maybe\n').message).toBe(
      'parameter "b" has default "maybe" which is not a valid boolean (use true or false)',
    );
    expect(failure('    - name: b\n      type: boolean\n      default: 1\n').message).toBe(
      'parameter "b" (type boolean) has a default that is a number; expected true or false',
    );
    expect(failure('    - name: s\n      type: string\n      default: [a]\n').message).toBe(
      'parameter "s" (type string) has a default that is a list; expected a string',
    );
  });

  it('places a default refusal at the default', () => {
    const diagnostic = failure('    - name: n\n      type: integer\n      default: abc\n');
    expect(diagnostic.path).toBe('spec.parameters[0].default');
    expect(diagnostic.line).toBe(11);
  });

  it('accepts whole and numeric-string integer defaults and ParseBool spellings', () => {
    expect(pkg('    - name: n\n      type: integer\n      default: "3"\n').parameters[0].default).toBe('3');
    expect(pkg('    - name: b\n      type: boolean\n      default: "T"\n').parameters[0].default).toBe('T');
  });
});

describe('parseGoBool', () => {
  it('accepts exactly strconv.ParseBool spellings', () => {
    for (const yes of ['1', 't', 'T', 'true', 'TRUE', 'True']) expect(parseGoBool(yes)).toBe(true);
    for (const no of ['0', 'f', 'F', 'false', 'FALSE', 'False']) expect(parseGoBool(no)).toBe(false);
    for (const neither of ['yes', 'on', 'tRUE', '', ' true']) expect(parseGoBool(neither)).toBeUndefined();
  });
});
