import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueCodes, ErrorCode, factoryOf, isKurelError, KurelError, kurelErrors } from '../../../src/plugin-api/index.js';

const root = join(import.meta.dirname, '..', '..', '..');
const CATALOGUE = 'src/plugin-api/error-codes.ts';
const THIS_TEST = relative(root, import.meta.filename);
/** A code written as a string literal: `'KUREL_PROPERTY'`, `"KUREL_PROPERTY"` or in a template. */
const CODE_LITERAL = /['"`](KUREL_[A-Z_]+)['"`]/g;

function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : typeScriptFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

function literalsIn(folders: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of folders.flatMap((folder) => typeScriptFiles(join(root, folder)))) {
    const rel = relative(root, file);
    for (const match of readFileSync(file, 'utf8').matchAll(CODE_LITERAL)) found.set(rel, [...(found.get(rel) ?? []), match[1]]);
  }
  return found;
}

describe('the error catalogue', () => {
  it('is the only place that writes a code: engine, host, commands and plugins call its factories', () => {
    const elsewhere = [...literalsIn(['src', 'plugins', 'examples'])].filter(([file]) => file !== CATALOGUE);
    expect(elsewhere).toEqual([]);
  });

  it('gives every code one factory whose diagnostics carry that code', () => {
    const codes = catalogueCodes();
    expect(new Set(codes).size).toBe(codes.length);
    for (const [name, factory] of Object.entries(kurelErrors)) {
      expect(ErrorCode[name as keyof typeof ErrorCode]).toBe(factory.code);
      expect(factoryOf(factory.code)).toBe(factory);
      expect(factory.meaning.length).toBeGreaterThan(0);
      const diagnostic = factory.diagnostic('text', { file: 'app.yaml', line: 3, column: 5, path: 'spec.x' });
      expect(diagnostic).toEqual({ code: factory.code, severity: factory.severity, message: 'text', file: 'app.yaml', line: 3, column: 5, path: 'spec.x' });
    }
  });

  it('throws refusals that lead with the user\'s input', () => {
    const error = kurelErrors.property('port: expected integer', { file: 'app.yaml', line: 12, column: 9, path: 'spec.components[0].properties.port' });
    expect(isKurelError(error)).toBe(true);
    expect(error.code).toBe('KUREL_PROPERTY');
    expect(error.message).toBe('app.yaml:12:9 spec.components[0].properties.port: port: expected integer');
  });

  it('gives a refusal of many diagnostics a message of each on its line, wherever the message is read', () => {
    const diagnostics = [
      kurelErrors.property.diagnostic('a: expected a string, got a number', { file: 'app.yaml', line: 3, column: 5, path: 'data.a' }),
      kurelErrors.envelope.diagnostic('no documents found in values.yaml', { file: 'values.yaml' }),
    ];
    const error = new KurelError(diagnostics);
    const lines = 'app.yaml:3:5 data.a: a: expected a string, got a number\nvalues.yaml: no documents found in values.yaml';
    expect(error.stack!.split('\n').slice(0, 2).join('\n')).toBe(`KurelError: ${lines}`);
    expect(error.message).toBe(lines);
    expect(error.message).toBe(lines);
    expect(String(error)).toBe(`KurelError: ${lines}`);
    expect(error).toBeInstanceOf(Error);
    expect(() => new KurelError([])).toThrow('a KurelError needs at least one diagnostic');
  });

  it('knows no code it is not given', () => {
    expect(factoryOf('KUREL_SCHEMA')).toBeUndefined();
    expect(factoryOf('KUREL_ERROR')).toBeUndefined();
  });

  it('has, for every code, a test that triggers it and asserts the code', () => {
    const asserted = new Set([...literalsIn(['test'])].filter(([file]) => file !== THIS_TEST).flatMap(([, codes]) => codes));
    expect(catalogueCodes().filter((code) => !asserted.has(code))).toEqual([]);
  });
});
