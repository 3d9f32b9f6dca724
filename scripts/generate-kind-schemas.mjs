#!/usr/bin/env node
// Generates property schemas for kind components from the .d.ts models of a kubernetes-models
// package, read from its npm tarball (not from an installed dependency).
//
//   node scripts/generate-kind-schemas.mjs [<schemas folder> …]
//
// Each folder under plugins/builtin-kinds/schemas/ holds a `request.json` and the `index.ts`
// generated from it; with no argument every folder with a request is regenerated. A request:
//
//   {
//     "package": "kubernetes-models",         // the npm package whose .d.ts files are read
//     "tarballs": ["kubernetes-models@5.1.0",  // that package and those its models import, unpacked
//                  "@kubernetes-models/apimachinery@3.0.2"],  // from npm into .kurel-cache/kind-models
//     "kubernetes": "v1.36.0",                // the Kubernetes version the package models, for provenance.json
//     "types": ["v1/PodSpec",                 // an interface, by its file under the package
//               "rbac.authorization.k8s.io/v1/Role"],  // a kind: apiVersion, kind, metadata, status left out
//     "number": "integer",                    // what a TypeScript `number` is: "integer" (default) or "number"
//     "required": "required",                 // non-optional members: "required" (default), or "zero-default":
//                                             // no refusal, Go's zero value as the default (strict decode)
//     "defaults": { "Container.resources": {} }, // per member: a default (null: a nil pointer, printed null)
//     "omitEmpty": ["ContainerRestartRule.action"] // zero-default: required members Go omits when empty
//   }
//
// Only what the requested types reach is generated. Each named interface becomes one definition,
// built once on first use and referenced by the others (`coreV1.PodSpec()`); a reference back
// into a type being read is cut off as an open object.
//
// `provenance.json` beside the output records each tarball's name, version and integrity (checked
// against the registry's dist.integrity); a later run refuses a tarball whose integrity differs.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emitModules } from './kind-schemas/emit-modules.mjs';
import { unpackTarballs } from './kind-schemas/package-tarballs.mjs';
import { TypeReader } from './kind-schemas/read-types.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const schemasDir = join(root, 'plugins/builtin-kinds/schemas');

/**
 * Generates the modules of one request; returns file name → content. `modulesDir` is a folder laid
 * out as node_modules that holds the package (the unpacked tarballs, or a test's fixture).
 */
export function generate(request, modulesDir) {
  const reader = new TypeReader(request, modulesDir);
  const read = reader.read(request.types);
  return emitModules(read, `${request.package}@${packageVersion(reader)}`);
}

function packageVersion(reader) {
  return JSON.parse(readFileSync(join(reader.packageRoot, 'package.json'), 'utf8')).version;
}

function writeFolder(folder) {
  const request = JSON.parse(readFileSync(join(folder, 'request.json'), 'utf8'));
  if (!Array.isArray(request.tarballs) || request.tarballs.length === 0) throw new Error(`${folder}/request.json: "tarballs" names the packages to read`);
  const provenanceFile = join(folder, 'provenance.json');
  const recorded = existsSync(provenanceFile) ? JSON.parse(readFileSync(provenanceFile, 'utf8')).packages : [];
  const pinned = Object.fromEntries(recorded.map((p) => [`${p.name}@${p.version}`, p.integrity]));
  const cacheDir = join(root, '.kurel-cache/kind-models', basename(folder));
  const packages = unpackTarballs(request.tarballs, cacheDir, pinned);
  const files = generate(request, join(cacheDir, 'node_modules'));
  for (const name of readdirSync(folder)) if (name.endsWith('.ts')) rmSync(join(folder, name));
  let bytes = 0;
  for (const [name, content] of files) {
    writeFileSync(join(folder, name), content);
    bytes += content.length;
  }
  const provenance = { generatedBy: 'scripts/generate-kind-schemas.mjs', kubernetes: request.kubernetes, packages: packages.map((p) => ({ ...p, tarball: `npm pack ${p.name}@${p.version}` })) };
  writeFileSync(provenanceFile, `${JSON.stringify(provenance, null, 2)}\n`);
  console.log(`${folder.slice(root.length + 1)}: ${(bytes / 1024).toFixed(0)} KiB`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const folders = args.length > 0 ? args.map((a) => resolve(a)) : existsSync(schemasDir) ? readdirSync(schemasDir).map((n) => join(schemasDir, n)) : [];
  const withRequest = folders.filter((f) => existsSync(join(f, 'request.json')));
  if (withRequest.length === 0) console.error(`no request.json under ${args.join(', ') || schemasDir}`);
  for (const folder of withRequest) {
    mkdirSync(folder, { recursive: true });
    writeFolder(folder);
  }
}
