import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntaxPosition } from '../../../src/host/plugins/syntax-position.js';

describe('syntaxPosition', () => {
  it('reads jiti\'s parse error, its column counted from 1', () => {
    expect(syntaxPosition(new Error('ParseError: Unexpected token  \n /work/p/plugin.ts:6:82'))).toEqual({ file: '/work/p/plugin.ts', line: 6, column: 83, message: 'Unexpected token' });
  });

  it('reads Node\'s syntax error of a CommonJS file, the column from its caret', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kurel-syntax-'));
    try {
      const file = join(dir, 'bad.cjs');
      writeFileSync(file, 'module.exports = {\n  a: 1 )\n};\n');
      let thrown: unknown;
      try {
        createRequire(file)(file);
      } catch (error) {
        thrown = error;
      }
      expect(syntaxPosition(thrown)).toEqual({ file, line: 2, column: 8, message: "Unexpected token ')'" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is undefined for any other failure', () => {
    expect(syntaxPosition(new Error('Cannot find module x'))).toBeUndefined();
    expect(syntaxPosition('thrown string')).toBeUndefined();
  });
});
