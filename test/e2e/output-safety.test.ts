import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kurelIn, repo, scratchFolder } from './support.js';

// What kurel's writes leave behind: never a file it did not write lost, nothing half-replaced.

const scratch = scratchFolder('kurel-output-safety-');

function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name).slice(dir.length + 1);
    out[path] = entry.isFile() ? readFileSync(join(dir, path), 'utf8') : '<not a file>';
  }
  return out;
}

function folder(name: string, files: Record<string, string> = {}): string {
  const dir = join(scratch.dir, name);
  mkdirSync(dir, { recursive: true });
  for (const [path, content] of Object.entries(files)) writeFileSync(join(dir, path), content);
  return dir;
}

const APP = readFileSync(join(repo, 'examples/webservice/app.yaml'), 'utf8');

describe('kurel schemas -o: a folder kurel owns whole', () => {
  it('refuses `-o .` in a folder holding app.yaml and README.md, exit 1, and both files survive', () => {
    const dir = folder('project', { 'app.yaml': APP, 'README.md': '# my project\n' });
    const result = kurelIn(dir, ['schemas', '-o', '.']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Error: refusing to write output folder ".": it holds files kurel did not write (README.md, app.yaml)');
    expect(tree(dir)).toEqual({ 'app.yaml': APP, 'README.md': '# my project\n' });
  });

  it('refuses a folder holding notes.txt, and notes.txt survives', () => {
    const dir = folder('work', {});
    folder('work/keep', { 'notes.txt': 'mine\n' });
    const result = kurelIn(dir, ['schemas', '-o', 'keep']);
    expect(result.status).toBe(1);
    expect(tree(join(dir, 'keep'))).toEqual({ 'notes.txt': 'mine\n' });
  });

  it('replaces its own earlier output whole, and the two runs write the same bytes', () => {
    const dir = folder('again');
    const first = kurelIn(dir, ['schemas', '-o', 'schemas']);
    expect(first.status, first.stderr).toBe(0);
    const before = tree(join(dir, 'schemas'));
    expect(Object.keys(before)).toContain('.kurel-output.json');
    const second = kurelIn(dir, ['schemas', '-o', 'schemas']);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(tree(join(dir, 'schemas'))).toEqual(before);
    expect(readdirSync(dir)).toEqual(['schemas']);
  });

  it('refuses an earlier output a user added a file to, keeping it', () => {
    const dir = folder('added');
    expect(kurelIn(dir, ['schemas', '-o', 'schemas']).status).toBe(0);
    writeFileSync(join(dir, 'schemas', 'NOTES.md'), 'mine\n');
    const result = kurelIn(dir, ['schemas', '-o', 'schemas']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('it holds files kurel did not write (NOTES.md)');
    expect(readFileSync(join(dir, 'schemas', 'NOTES.md'), 'utf8')).toBe('mine\n');
  });

  it('writes nothing through a symbolic link', () => {
    const dir = folder('linked');
    const elsewhere = folder('linked-target', { 'data.txt': 'keep\n' });
    symlinkSync(elsewhere, join(dir, 'schemas'));
    const result = kurelIn(dir, ['schemas', '-o', 'schemas']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('it is a symbolic link');
    expect(tree(elsewhere)).toEqual({ 'data.txt': 'keep\n' });
  });
});

describe('kurel build -o: one file per application', () => {
  it('replaces only its own file and leaves the rest of the folder alone', () => {
    const dir = folder('build-own', { 'app.yaml': APP });
    folder('build-own/out', { 'other.yaml': 'kind: Other\n', 'README.md': 'notes\n' });
    const result = kurelIn(dir, ['build', 'app.yaml', '-o', 'out']);
    expect(result.status, result.stderr).toBe(0);
    const out = tree(join(dir, 'out'));
    expect(Object.keys(out).sort()).toEqual(['README.md', 'other.yaml', 'shop.yaml'].sort());
    expect(out['other.yaml']).toBe('kind: Other\n');
    expect(out['README.md']).toBe('notes\n');
  });

  it('a build that fails leaves the old output untouched', () => {
    const dir = folder('build-fails', { 'app.yaml': APP });
    expect(kurelIn(dir, ['build', 'app.yaml', '-o', 'out']).status).toBe(0);
    const before = tree(join(dir, 'out'));
    writeFileSync(join(dir, 'app.yaml'), APP.replace('type: webservice', 'type: no-such-type'));
    const result = kurelIn(dir, ['build', 'app.yaml', '-o', 'out']);
    expect(result.status).toBe(1);
    expect(tree(join(dir, 'out'))).toEqual(before);
  });

  it('refuses to replace a hand-written file of its name unless --force, and replaces its own', () => {
    const dir = folder('build-hand', { 'app.yaml': APP });
    folder('build-hand/out', { 'shop.yaml': 'kind: HandWritten\n' });
    const refused = kurelIn(dir, ['build', 'app.yaml', '-o', 'out']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      `Error: ${join('out', 'shop.yaml')}: refusing to replace this output file: kurel did not write it (it does not start with "# Code generated by kurel. DO NOT EDIT."); move it away, or pass --force to replace it\n`,
    );
    expect(tree(join(dir, 'out'))).toEqual({ 'shop.yaml': 'kind: HandWritten\n' });
    const forced = kurelIn(dir, ['build', 'app.yaml', '-o', 'out', '--force']);
    expect(forced.status, forced.stderr).toBe(0);
    const stdout = kurelIn(dir, ['build', 'app.yaml']).stdout;
    expect(readFileSync(join(dir, 'out', 'shop.yaml'), 'utf8')).toBe(`# Code generated by kurel. DO NOT EDIT.\n${stdout}`);
    // Its own file, marked, is replaced without --force.
    expect(kurelIn(dir, ['build', 'app.yaml', '-o', 'out']).status).toBe(0);
  });

  it('refuses a symbolic link where its file goes, writing nothing through it', () => {
    const dir = folder('build-link', { 'app.yaml': APP, 'precious.yaml': 'keep\n' });
    folder('build-link/out');
    symlinkSync(join(dir, 'precious.yaml'), join(dir, 'out', 'shop.yaml'));
    const result = kurelIn(dir, ['build', 'app.yaml', '-o', 'out']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('it is a symbolic link');
    expect(readFileSync(join(dir, 'precious.yaml'), 'utf8')).toBe('keep\n');
  });
});
