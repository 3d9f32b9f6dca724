// Writes the manifest of each built-in that most builds register and never use, so that a build
// registers it from its manifest and loads it only where it uses one of its elements
// (src/host/plugins/manifest.ts). The other built-ins serve nearly every build, and load whole.
import { statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { manifestFileOf, pluginManifest } from '../dist/src/host/plugins/manifest.js';

const DESCRIBED_BUILTINS = ['builtin-kinds'];

for (const name of DESCRIBED_BUILTINS) {
  const entry = fileURLToPath(new URL(`../dist/bundle/plugins/${name}.cjs`, import.meta.url));
  const manifest = pluginManifest(createRequire(entry)(entry), statSync(entry).size);
  if (!manifest) throw new Error(`${entry}: its registration is not plain data, and cannot be written as a manifest`);
  writeFileSync(manifestFileOf(entry), `${JSON.stringify(manifest)}\n`);
}
