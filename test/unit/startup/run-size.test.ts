import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheVariant } from '../../../src/startup/cache-variant.js';
import { runSize } from '../../../src/startup/run-size.js';
import { v8Flags } from '../../../src/startup/v8-flags.js';

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'kurel-run-size-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, bytes: number): string {
  const path = join(folder, name);
  writeFileSync(path, '#'.repeat(bytes));
  return path;
}

describe('the size of a run, judged by its input before anything loads', () => {
  it('is tiny up to 16 KiB, small up to 256 KiB, large past that', () => {
    expect(runSize(['build', file('tiny.yaml', 16 * 1024)])).toBe('tiny');
    expect(runSize(['build', file('small.yaml', 16 * 1024 + 1)])).toBe('small');
    expect(runSize(['build', file('edge.yaml', 256 * 1024)])).toBe('small');
    expect(runSize(['build', file('large.yaml', 256 * 1024 + 1)])).toBe('large');
  });

  it("counts a flag's --name=value and a folder's YAML files, not the folder -o writes", () => {
    const values = file('values.yaml', 10 * 1024);
    expect(runSize(['build', file('app.yaml', 10 * 1024), `--values=${values}`])).toBe('small');
    const app = join(folder, 'package');
    mkdirSync(app);
    writeFileSync(join(app, 'app.yaml'), '#'.repeat(10 * 1024));
    writeFileSync(join(app, 'kurel.yml'), '#'.repeat(10 * 1024));
    writeFileSync(join(app, 'notes.txt'), '#'.repeat(300 * 1024));
    expect(runSize(['build', app])).toBe('small');
    const output = join(folder, 'out');
    mkdirSync(output);
    writeFileSync(join(output, 'big.yaml'), '#'.repeat(300 * 1024));
    expect(runSize(['build', file('one.yaml', 100), '-o', output])).toBe('tiny');
    expect(runSize(['build', file('two.yaml', 100), `--output=${output}`])).toBe('tiny');
  });

  it('takes a folder of packages (folders, no YAML of its own) as large, without reading the packages', () => {
    const fleet = join(folder, 'fleet');
    mkdirSync(join(fleet, 'pkg-001'), { recursive: true });
    writeFileSync(join(fleet, 'pkg-001', 'app.yaml'), '#'.repeat(100));
    writeFileSync(join(fleet, 'README.md'), '# the fleet\n');
    expect(runSize(['build', fleet, '-o', join(folder, 'out'), '--layout', 'flux'])).toBe('large');
    // A package with folders of its own (profiles/) is still judged by its YAML.
    mkdirSync(join(fleet, 'pkg-001', 'profiles'));
    expect(runSize(['build', join(fleet, 'pkg-001')])).toBe('tiny');
  });

  it('takes `schemas` as large whatever it is given, and a path that names nothing as no input', () => {
    expect(runSize(['schemas'])).toBe('large');
    expect(runSize(['build', join(folder, 'missing.yaml')])).toBe('tiny');
  });
});

describe("V8's flags and the code cache a run takes, by its size", () => {
  it('keeps the young generation for all but large runs, and the baseline compiler off for tiny ones', () => {
    expect(v8Flags('tiny')).toBe(`--interrupt-budget=${4 * 66 * 1024} --no-incremental-marking --semi-space-growth-factor=1 --no-sparkplug`);
    expect(v8Flags('small')).toBe(`--interrupt-budget=${4 * 66 * 1024} --no-incremental-marking --semi-space-growth-factor=1`);
    expect(v8Flags('large')).toBe(`--interrupt-budget=${4 * 66 * 1024} --no-incremental-marking`);
  });

  it('keeps a cache per command, its help and its size; a word that names no command shares one', () => {
    const bundle = join(folder, 'bundle') + '/';
    mkdirSync(join(bundle, 'commands', 'profile'), { recursive: true });
    writeFileSync(join(bundle, 'commands', 'build.cjs'), '');
    expect(cacheVariant(['build', 'app.yaml'], bundle, 'small')).toBe('build');
    expect(cacheVariant(['build', 'app.yaml'], bundle, 'tiny')).toBe('build-tiny');
    expect(cacheVariant(['build', '--help'], bundle, 'large')).toBe('build-help-large');
    expect(cacheVariant(['profile', 'import'], bundle, 'small')).toBe('profile');
    expect(cacheVariant(['biuld'], bundle, 'small')).toBe('other');
    expect(cacheVariant(['../../etc'], bundle, 'small')).toBe('other');
  });
});
