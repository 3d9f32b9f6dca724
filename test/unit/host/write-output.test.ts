import { mkdirSync, symlinkSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KurelError } from '../../../src/plugin-api/diagnostics.js';
import { writeOutputFile } from '../../../src/host/output/write-file.js';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kurel-out-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function refusal(fn: () => unknown): KurelError {
  try {
    fn();
  } catch (error) {
    if (error instanceof KurelError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Every file below `dir`, relative, hidden ones included. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: false }) as string[];
}

describe('writeOutputFile', () => {
  it('writes <dir>/<name>.yaml, creating the folders, and leaves no temporary file', () => {
    const dir = join(root, 'out', 'manifests');
    const target = writeOutputFile(dir, 'shop', 'kind: ConfigMap\n');
    expect(target).toBe(join(dir, 'shop.yaml'));
    expect(readFileSync(target, 'utf8')).toBe('kind: ConfigMap\n');
    expect(listing(dir)).toEqual(['shop.yaml']);
  });

  it('writes the file with mode 0644', () => {
    const target = writeOutputFile(root, 'shop', 'x\n');
    expect(statSync(target).mode & 0o777).toBe(0o644);
  });

  it('replaces an earlier file whole', () => {
    writeOutputFile(root, 'shop', 'a much longer earlier output\n'.repeat(20));
    writeOutputFile(root, 'shop', 'short\n');
    expect(readFileSync(join(root, 'shop.yaml'), 'utf8')).toBe('short\n');
    expect(listing(root)).toEqual(['shop.yaml']);
  });

  it('leaves other files of the folder alone', () => {
    writeFileSync(join(root, 'other.yaml'), 'keep\n');
    writeOutputFile(root, 'shop', 'x\n');
    expect(listing(root).sort()).toEqual(['other.yaml', 'shop.yaml']);
    expect(readFileSync(join(root, 'other.yaml'), 'utf8')).toBe('keep\n');
  });

  it('refuses when the output folder is a file, writing nothing', () => {
    const blocker = join(root, 'out');
    writeFileSync(blocker, 'not a folder\n');
    const error = refusal(() => writeOutputFile(blocker, 'shop', 'x\n'));
    expect(error.message).toContain(`creating output directory "${blocker}": file already exists`);
    expect(readFileSync(blocker, 'utf8')).toBe('not a folder\n');
    expect(listing(root)).toEqual(['out']);
  });

  it('refuses when a folder stands where the file goes, leaving no partial or temporary file', () => {
    mkdirSync(join(root, 'shop.yaml'));
    const error = refusal(() => writeOutputFile(root, 'shop', 'x\n'));
    expect(error.message).toContain(`writing output file "${join(root, 'shop.yaml')}": is a directory`);
    expect(listing(root)).toEqual(['shop.yaml']);
    expect(statSync(join(root, 'shop.yaml')).isDirectory()).toBe(true);
  });

  it('refuses a symbolic link standing where the file goes, and writes nothing through it', () => {
    const outside = join(root, 'outside.yaml');
    writeFileSync(outside, 'keep\n');
    mkdirSync(join(root, 'out'));
    symlinkSync(outside, join(root, 'out', 'shop.yaml'));
    const error = refusal(() => writeOutputFile(join(root, 'out'), 'shop', 'x\n'));
    expect(error.code).toBe('KUREL_OUTPUT');
    expect(error.message).toContain('it is a symbolic link');
    expect(readFileSync(outside, 'utf8')).toBe('keep\n');
    expect(listing(join(root, 'out'))).toEqual(['shop.yaml']);
  });

  it('refuses a name that would leave the folder', () => {
    for (const name of ['../shop', 'a/b', '.hidden', '']) {
      expect(refusal(() => writeOutputFile(join(root, 'out'), name, 'x\n')).code).toBe('KUREL_OUTPUT');
    }
    expect(listing(root)).toEqual([]);
  });
});
