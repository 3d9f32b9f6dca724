import { mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFsError } from '../../../src/host/files/fs-error.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kurel-fs-error-'));
  writeFileSync(join(dir, 'file.yaml'), 'a: 1\n');
  symlinkSync('loop-b', join(dir, 'loop-a'));
  symlinkSync('loop-a', join(dir, 'loop-b'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** What `statSync` throws for `path`. */
function statFailure(path: string): unknown {
  try {
    statSync(path);
  } catch (error) {
    return error;
  }
  throw new Error(`${path} exists`);
}

describe('describeFsError', () => {
  it('says why in plain words, after the file the refusal has already named', () => {
    expect(describeFsError(statFailure(join(dir, 'missing.yaml')))).toBe('no such file or directory');
    expect(describeFsError(statFailure(join(dir, 'loop-a')))).toBe('too many levels of symbolic links');
    expect(describeFsError(statFailure(join(dir, 'file.yaml', 'app.yaml')))).toBe('not a directory');
    expect(describeFsError(statFailure(join(dir, 'a'.repeat(5000))))).toBe('name too long');
  });

  it('keeps its own words for a directory read as a file and a refused permission', () => {
    expect(describeFsError(Object.assign(new Error('EISDIR: illegal operation on a directory, read'), { code: 'EISDIR', errno: -21 }))).toBe('is a directory');
    expect(describeFsError(Object.assign(new Error("EACCES: permission denied, open 'x'"), { code: 'EACCES', errno: -13 }))).toBe('permission denied');
  });

  it('leads with the path the system refused where that is not the named file', () => {
    const blocker = join(dir, 'file.yaml');
    const inTheWay = statFailure(join(blocker, 'out'));
    expect(describeFsError(inTheWay, join(blocker, 'out'))).toBe('not a directory');
    const mkdirInTheWay = Object.assign(new Error(`EEXIST: file already exists, mkdir '${blocker}'`), { code: 'EEXIST', errno: -17, path: blocker });
    expect(describeFsError(mkdirInTheWay, join(blocker, 'cluster'))).toBe(`"${blocker}": file already exists`);
    // A rename names the temporary file and the target: the reason is the target's.
    const renamed = Object.assign(new Error('EISDIR: illegal operation on a directory, rename'), { code: 'EISDIR', errno: -21, path: join(dir, '.out.tmp'), dest: join(dir, 'out.yaml') });
    expect(describeFsError(renamed, join(dir, 'out.yaml'))).toBe('is a directory');
  });

  it('keeps the message of a failure that carries no system error', () => {
    expect(describeFsError(new Error('the stream closed'))).toBe('the stream closed');
    expect(describeFsError('a plain string')).toBe('a plain string');
    expect(describeFsError(undefined)).toBe('undefined');
  });
});
