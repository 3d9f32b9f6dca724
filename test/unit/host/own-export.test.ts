import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_PLUGINS, kurelPackageRoot } from '../../../src/host/plugins/plugin-host.js';
import { ownExportFile, type PackageManifest } from '../../../src/host/plugins/own-export.js';

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'kurel-own-export-'));
  for (const file of ['lib/plugins/a.cjs', 'lib/plugins/deep/b.cjs', 'lib/special.cjs', 'lib/node.cjs', 'lib/exact.cjs']) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), 'module.exports = 1;\n');
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const manifest = (exports: Record<string, unknown>): PackageManifest => ({ name: 'pkg', exports });

describe("a package's own export, resolved as Node resolves it", () => {
  it("gives each built-in plugin the file Node's resolution gives it", () => {
    const kurel = kurelPackageRoot();
    const own = JSON.parse(readFileSync(join(kurel, 'package.json'), 'utf8')) as PackageManifest;
    const nodeResolve = createRequire(join(kurel, 'kurel.config.js')).resolve;
    for (const specifier of BUILTIN_PLUGINS) expect(ownExportFile(kurel, own, specifier), specifier).toBe(nodeResolve(specifier));
  });

  it("fills a pattern's `*`, path segments and all, taking the first `require` condition of a target", () => {
    const exports = { './plugins/*': { types: './types/*.d.ts', node: './lib/plugins/*.cjs', default: './lib/absent/*.cjs' } };
    expect(ownExportFile(root, manifest(exports), 'pkg/plugins/a')).toBe(join(root, 'lib/plugins/a.cjs'));
    expect(ownExportFile(root, manifest(exports), 'pkg/plugins/deep/b')).toBe(join(root, 'lib/plugins/deep/b.cjs'));
    expect(ownExportFile(root, manifest({ './plugins/*': './lib/plugins/*.cjs' }), 'pkg/plugins/a')).toBe(join(root, 'lib/plugins/a.cjs'));
  });

  it('takes an exact subpath before a pattern, and the pattern with the longest head among several', () => {
    const exports = { './x/*': './lib/plugins/*.cjs', './x/special': './lib/exact.cjs', './x/sp*': './lib/special.cjs' };
    expect(ownExportFile(root, manifest(exports), 'pkg/x/special')).toBe(join(root, 'lib/exact.cjs'));
    expect(ownExportFile(root, manifest(exports), 'pkg/x/spa')).toBe(join(root, 'lib/special.cjs'));
    expect(ownExportFile(root, manifest(exports), 'pkg/x/a')).toBe(join(root, 'lib/plugins/a.cjs'));
  });

  it("leaves to Node's resolution what it does not answer: another package, no match, no file, an import-only target", () => {
    const exports = { './plugins/*': './lib/plugins/*.cjs', './esm/*': { import: './lib/plugins/*.cjs' }, './nested/*': { node: { require: './lib/plugins/*.cjs' } } };
    expect(ownExportFile(root, manifest(exports), 'other/plugins/a')).toBeUndefined();
    expect(ownExportFile(root, manifest(exports), 'pkg/elsewhere/a')).toBeUndefined();
    expect(ownExportFile(root, manifest(exports), 'pkg/plugins/absent')).toBeUndefined();
    expect(ownExportFile(root, manifest(exports), 'pkg/esm/a')).toBeUndefined();
    expect(ownExportFile(root, manifest(exports), 'pkg/nested/a')).toBeUndefined();
    expect(ownExportFile(root, { name: 'pkg' }, 'pkg/plugins/a')).toBeUndefined();
  });

  it('answers nothing that steps out of the package or into its dependencies', () => {
    const exports = { './plugins/*': './lib/plugins/*.cjs', './up/*': '../outside/*.cjs', './bare/*': 'lib/plugins/*.cjs' };
    expect(ownExportFile(root, manifest(exports), 'pkg/plugins/../special')).toBeUndefined();
    expect(ownExportFile(root, manifest(exports), 'pkg/plugins/./a')).toBeUndefined();
    expect(ownExportFile(root, manifest(exports), 'pkg/plugins/node_modules/a')).toBeUndefined();
    expect(ownExportFile(root, manifest(exports), 'pkg/up/a')).toBeUndefined();
    expect(ownExportFile(root, manifest(exports), 'pkg/bare/a')).toBeUndefined();
  });
});
