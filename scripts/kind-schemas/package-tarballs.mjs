// Unpacks the npm tarballs a schema request reads into a git-ignored cache, so that the generator
// reads a package's `.d.ts` models without the package being a dependency (kubernetes-models 5.x,
// which holds Kubernetes v1.36, declares Node.js 22 and so cannot be one here).
//
// Each package is fetched with `npm pack` and unpacked under
// `.kurel-cache/kind-models/<set>/node_modules/<name>`, the layout the TypeScript compiler
// resolves the models' imports in (`@kubernetes-models/apimachinery/...`). A tarball is used only
// if its sha512 equals the registry's `dist.integrity` and, when the request's provenance pins
// one, that pinned integrity.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `name@version` → `{ name, version }` (a scoped name keeps its leading `@`). */
export function parseSpec(spec) {
  const at = spec.lastIndexOf('@');
  if (at <= 0) throw new Error(`"${spec}": a tarball is named as name@version`);
  return { name: spec.slice(0, at), version: spec.slice(at + 1) };
}

/** The Subresource Integrity string npm records for a tarball's bytes. */
export function integrityOf(bytes) {
  return `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
}

function npm(args, cwd) {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Makes every `name@version` of `specs` available under `<cacheDir>/node_modules/<name>` and
 * returns `[{ name, version, integrity }]`. `pinned` maps `name@version` to the integrity a
 * provenance file recorded; a cached package whose recorded integrity matches is not fetched again.
 */
export function unpackTarballs(specs, cacheDir, pinned = {}) {
  const modules = join(cacheDir, 'node_modules');
  const tarballs = join(cacheDir, 'tarballs');
  mkdirSync(tarballs, { recursive: true });
  return specs.map((spec) => {
    const { name, version } = parseSpec(spec);
    const target = join(modules, name);
    const marker = join(target, '.kurel-integrity');
    const expected = pinned[spec];
    if (expected && existsSync(marker) && readFileSync(marker, 'utf8') === `${spec} ${expected}`) return { name, version, integrity: expected };

    const registry = JSON.parse(npm(['view', spec, 'dist.integrity', '--json'], cacheDir));
    if (typeof registry !== 'string') throw new Error(`${spec}: the registry states no dist.integrity`);
    if (expected && expected !== registry) throw new Error(`${spec}: the registry's integrity ${registry} is not the recorded ${expected}`);
    const packed = JSON.parse(npm(['pack', spec, '--json', '--pack-destination', tarballs], cacheDir));
    const file = join(tarballs, packed[0].filename);
    const integrity = integrityOf(readFileSync(file));
    if (integrity !== registry) throw new Error(`${spec}: the tarball's integrity ${integrity} is not the registry's ${registry}`);

    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-xzf', file, '-C', target, '--strip-components=1'], { stdio: 'inherit' });
    const unpacked = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
    if (unpacked.name !== name || unpacked.version !== version) throw new Error(`${spec}: the tarball holds ${unpacked.name}@${unpacked.version}`);
    writeFileSync(marker, `${spec} ${integrity}`);
    return { name, version, integrity };
  });
}
