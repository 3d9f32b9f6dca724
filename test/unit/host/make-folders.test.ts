import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeFolders } from '../../../src/host/files/make-folders.js';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kurel-folders-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** The error `fn` throws. */
function thrown(fn: () => unknown): NodeJS.ErrnoException {
  try {
    fn();
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
  throw new Error('expected an error');
}

describe('makeFolders', () => {
  it('makes the folder and every missing one above it, with the mode asked for', () => {
    makeFolders(join(root, 'a', 'b', 'c'), 0o750);
    for (const folder of ['a', 'a/b', 'a/b/c']) {
      const stat = statSync(join(root, folder));
      expect(stat.isDirectory()).toBe(true);
      expect(stat.mode & 0o777 & ~process.umask()).toBe(0o750 & ~process.umask());
    }
  });

  it('leaves a folder that is there as it is, and follows a link to a folder', () => {
    mkdirSync(join(root, 'real'));
    writeFileSync(join(root, 'real', 'kept'), 'x');
    symlinkSync('real', join(root, 'link'));
    makeFolders(join(root, 'real'));
    makeFolders(join(root, 'link', 'below'));
    expect(statSync(join(root, 'real', 'kept')).isFile()).toBe(true);
    expect(statSync(join(root, 'real', 'below')).isDirectory()).toBe(true);
  });

  it('refuses a file where a folder goes, with the error mkdir -p gives', () => {
    writeFileSync(join(root, 'file'), 'x');
    const itself = thrown(() => makeFolders(join(root, 'file')));
    expect([itself.code, itself.path]).toEqual(['EEXIST', join(root, 'file')]);
    const below = thrown(() => makeFolders(join(root, 'file', 'sub', 'deeper')));
    expect(below.code).toBe('ENOTDIR');
  });

  it('refuses a link that leads nowhere where a folder goes', () => {
    symlinkSync('missing-target', join(root, 'dangling'));
    expect(thrown(() => makeFolders(join(root, 'dangling', 'out'))).code).toBe('ENOENT');
  });
});
