import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReusedReadBuffer } from '../../../src/startup/compile-cache-reads.js';

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'kurel-reads-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

describe('the compile cache reading files into one buffer', () => {
  it('gives a file framed by the text before and after it, and the file alone', () => {
    const reads = new ReusedReadBuffer();
    const read = reads.read(file('framed.cjs', 'module.exports = 1;'), '(function () { ', '\n});');
    expect(read.framed.toString('latin1')).toBe('(function () { module.exports = 1;\n});');
    expect(read.body.toString('latin1')).toBe('module.exports = 1;');
    expect(read.size).toBe(19);
    expect(read.mtimeMs).toBeGreaterThan(0);
  });

  it('reads a file larger than the buffer whole, and the next file into the same memory', () => {
    const reads = new ReusedReadBuffer();
    const large = 'x'.repeat(300_000);
    const first = reads.read(file('large.cjs', large));
    expect(first.body.toString('latin1')).toBe(large);
    const memory = first.body.buffer;
    const second = reads.read(file('small.cjs', 'small'));
    expect(second.body.toString('latin1')).toBe('small');
    expect(second.body.buffer).toBe(memory);
  });

  it('reads an empty file as empty, and refuses a missing one', () => {
    const reads = new ReusedReadBuffer();
    expect(reads.read(file('empty.cjs', ''), 'a', 'b').framed.toString('latin1')).toBe('ab');
    expect(() => reads.read(join(folder, 'missing.cjs'))).toThrow(/ENOENT/);
  });
});
