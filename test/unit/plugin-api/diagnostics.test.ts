import { describe, expect, it } from 'vitest';
import { formatDiagnostic, formatPath, type Diagnostic } from '../../../src/plugin-api/index.js';

const base: Diagnostic = { code: 'KUREL_PROPERTY', severity: 'error', message: 'expected a string, got a number' };

describe('formatDiagnostic', () => {
  it('leads with the file, line and column, then the path, then the message', () => {
    expect(formatDiagnostic({ ...base, file: 'app.yaml', line: 12, column: 7, path: 'spec.components[0].properties.port' })).toBe(
      'app.yaml:12:7 spec.components[0].properties.port: expected a string, got a number',
    );
  });

  it('says column 1 where only the line is known, and leaves out what is not known', () => {
    expect(formatDiagnostic({ ...base, file: 'app.yaml', line: 3 })).toBe('app.yaml:3:1: expected a string, got a number');
    expect(formatDiagnostic({ ...base, file: 'app.yaml', path: 'spec' })).toBe('app.yaml spec: expected a string, got a number');
    expect(formatDiagnostic({ ...base, file: 'app.yaml' })).toBe('app.yaml: expected a string, got a number');
    expect(formatDiagnostic({ ...base, path: 'spec.components' })).toBe('spec.components: expected a string, got a number');
    expect(formatDiagnostic({ ...base, file: '', path: '' })).toBe('expected a string, got a number');
    expect(formatDiagnostic(base)).toBe('expected a string, got a number');
  });
});

describe('formatPath', () => {
  it('writes keys with dots and indices in brackets', () => {
    expect(formatPath(['spec', 'components', 0, 'properties', 'port'])).toBe('spec.components[0].properties.port');
    expect(formatPath([0, 'a'])).toBe('[0].a');
    expect(formatPath([])).toBe('');
  });
});
