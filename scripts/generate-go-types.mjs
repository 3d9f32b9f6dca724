#!/usr/bin/env node
// Generates the Go types of the Kubernetes kinds the reference's scheme registers, as a table of
// structs: for each field its JSON name, its Go type reduced to what encoding/json sees (a struct
// held by value or by pointer, a list, a map, a scalar, a metav1.Time, a resource.Quantity, an
// IntOrString…) and whether its tag says `omitempty` or `omitzero`. The engine re-encodes a rendered object of
// such a kind through it (src/plugin-api/kit/go-kinds.ts), as the reference's typed decode does.
//
//   node scripts/generate-go-types.mjs <clone of github.com/kubernetes/api> <clone of github.com/kubernetes/apimachinery>
//
// Both clones are read at the tag below with `git show` (no checkout needed). The tag is the one the
// reference builds with (kure's go.mod replaces k8s.io/api and k8s.io/apimachinery with v0.36.3):
// the Go types decide what a re-encoded object looks like, whatever Kubernetes version a chart is
// rendered for.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TAG = 'v0.36.3';
/** The API packages of k8s.io/api whose kinds the reference's scheme registers (kure's pkg/kubernetes/scheme.go). */
export const API_PACKAGES = ['core/v1', 'apps/v1', 'batch/v1', 'networking/v1', 'rbac/v1', 'storage/v1'];
const MACHINERY_PACKAGES = { 'pkg/apis/meta/v1': 'meta/v1' };
/** Types whose JSON form is their own: encoding/json calls their MarshalJSON. */
const SPECIAL = {
  'meta/v1.Time': 'time',
  'meta/v1.MicroTime': 'string',
  'meta/v1.Duration': 'duration',
  'meta/v1.FieldsV1': 'any',
  'resource.Quantity': 'quantity',
  'intstr.IntOrString': 'intorstring',
  'runtime.RawExtension': 'any',
  'runtime.Object': 'any',
  'types.UID': 'string',
};
const SCALARS = { string: 'string', bool: 'bool', int: 'int', int8: 'int', int16: 'int', int32: 'int', int64: 'int', uint: 'int', uint8: 'int', uint16: 'int', uint32: 'int', uint64: 'int', float32: 'float', float64: 'float', byte: 'int' };

/** `git show <tag>:<path>` of a clone. */
function gitShow(repo, path) {
  return execFileSync('git', ['--git-dir', gitDir(repo), 'show', `${TAG}:${path}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
}
function gitList(repo, dir) {
  return execFileSync('git', ['--git-dir', gitDir(repo), 'ls-tree', '--name-only', `${TAG}:${dir}`], { encoding: 'utf8' }).split('\n').filter(Boolean);
}
function gitDir(repo) {
  try {
    return execFileSync('git', ['-C', repo, 'rev-parse', '--git-dir'], { encoding: 'utf8' }).trim().replace(/^(?!\/)/, `${repo}/`);
  } catch {
    return repo;
  }
}

/** The source files of a package that declare its types. */
function sourceFiles(repo, dir) {
  return gitList(repo, dir).filter((name) => name.endsWith('.go') && !name.endsWith('_test.go') && !name.startsWith('zz_generated') && !name.startsWith('generated') && !name.includes('swagger_doc'));
}

/**
 * Reads one package's Go declarations: structs (fields with their tags), named types (their
 * underlying type), the import aliases each file uses, the group name and registered kinds.
 */
export function readPackage(id, texts) {
  const structs = {};
  const named = {};
  let group;
  const registered = [];
  for (const text of texts) {
    const imports = importsOf(text);
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '');
    const groupMatch = /const GroupName = "([^"]*)"/.exec(code);
    if (groupMatch) group = groupMatch[1];
    const known = /AddKnownTypes\(SchemeGroupVersion,([\s\S]*?)\)/.exec(code);
    if (known) for (const m of known[1].matchAll(/&(\w+)\{\}/g)) registered.push(m[1]);
    for (const m of code.matchAll(/^type (\w+) struct \{\}/gm)) structs[m[1]] = [];
    for (const m of code.matchAll(/^type (\w+) struct \{\n([\s\S]*?)^\}/gm)) structs[m[1]] = fieldsOf(m[2], id, imports);
    for (const m of code.matchAll(/^type (\w+) ((?:\[\]|map\[|\*)?[\w.[\]*]+)\s*$/gm)) named[m[1]] = qualify(m[2], id, imports);
  }
  return { id, group, structs, named, registered };
}

function importsOf(text) {
  const aliases = {};
  const block = /^import \(([\s\S]*?)^\)/m.exec(text)?.[1] ?? /^import (.*)$/m.exec(text)?.[1] ?? '';
  for (const m of block.matchAll(/(?:(\w+)\s+)?"([^"]+)"/g)) {
    const path = m[2];
    const alias = m[1] ?? path.split('/').at(-1);
    aliases[alias] = packageIdOf(path);
  }
  return aliases;
}

/** `k8s.io/api/core/v1` → `core/v1`; `k8s.io/apimachinery/pkg/apis/meta/v1` → `meta/v1`; else the last element. */
function packageIdOf(path) {
  if (path.startsWith('k8s.io/api/')) return path.slice('k8s.io/api/'.length);
  const machinery = MACHINERY_PACKAGES[path.slice('k8s.io/apimachinery/'.length)];
  return machinery ?? path.split('/').at(-1);
}

/** A type expression with every name qualified by its package id: `*meta/v1.LabelSelector`, `[]core/v1.Container`. */
function qualify(type, id, imports) {
  return type.replace(/(\w+)\.(\w+)|\b([A-Z]\w*)\b/g, (whole, alias, name, local) => (local ? `${id}.${local}` : `${imports[alias] ?? alias}.${name}`));
}

function fieldsOf(body, id, imports) {
  const fields = [];
  for (const raw of body.split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (!line) continue;
    const m = /^(?:(\w+)\s+)?([^\s`]+)\s*(?:`([^`]*)`)?$/.exec(line);
    if (!m) continue;
    const [, goName, type, tag = ''] = m;
    const json = /json:"([^"]*)"/.exec(tag)?.[1];
    if (json === '-') continue;
    const [name, ...options] = (json ?? '').split(',');
    const inline = options.includes('inline') || (goName === undefined && !name);
    if (goName && !/^[A-Z]/.test(goName)) continue;
    fields.push({ name: inline ? '' : name || goName, type: qualify(type, id, imports), omit: (options.includes('omitempty') ? 1 : 0) | (options.includes('omitzero') ? 2 : 0), inline });
  }
  return fields;
}

/** Reduces the packages' declarations to the table the TypeScript side reads. */
export function buildTable(packages) {
  const structs = {};
  const named = {};
  for (const pkg of packages) {
    for (const [name, fields] of Object.entries(pkg.structs)) structs[`${pkg.id}.${name}`] = fields;
    for (const [name, type] of Object.entries(pkg.named)) named[`${pkg.id}.${name}`] = type;
  }
  const table = {};
  const pending = [];
  const reduce = (type) => {
    if (type.startsWith('*')) return `*${reduce(type.slice(1))}`;
    if (type.startsWith('[]')) return type === '[]byte' ? 'string' : `[]${reduce(type.slice(2))}`;
    const map = /^map\[([^\]]+)\](.*)$/.exec(type);
    if (map) return `map[${reduce(map[2])}]`;
    if (SCALARS[type]) return SCALARS[type];
    if (SPECIAL[type]) return SPECIAL[type];
    const local = type.includes('.') ? type : undefined;
    if (local && structs[local]) {
      if (!(local in table)) {
        table[local] = null;
        pending.push(local);
      }
      return local;
    }
    if (local && named[local]) return reduce(named[local]);
    const bare = type.split('.').at(-1);
    if (SCALARS[bare]) return SCALARS[bare];
    return 'any';
  };
  const fieldsOfStruct = (id) => structs[id].flatMap((field) => (field.inline ? fieldsOfStruct(reduce(field.type).replace(/^\*/, '')) : [[field.name, reduce(field.type), field.omit]]));
  const kinds = {};
  for (const pkg of packages.filter((p) => p.group !== undefined)) {
    const version = pkg.id.split('/').at(-1);
    const apiVersion = pkg.group ? `${pkg.group}/${version}` : version;
    for (const kind of pkg.registered) {
      const fields = pkg.structs[kind];
      if (!fields?.some((field) => field.name === 'metadata' && field.type === 'meta/v1.ObjectMeta')) continue;
      kinds[`${apiVersion} ${kind}`] = reduce(`${pkg.id}.${kind}`);
    }
  }
  while (pending.length > 0) {
    const id = pending.shift();
    table[id] = fieldsOfStruct(id);
  }
  return { kinds, structs: Object.fromEntries(Object.entries(table).sort(([a], [b]) => (a < b ? -1 : 1))) };
}

function render({ kinds, structs }) {
  const lines = [
    '// Generated by scripts/generate-go-types.mjs from k8s.io/api and k8s.io/apimachinery ' + TAG + '. Do not edit.',
    "import type { GoStructTable } from './go-type-table.js';",
    '',
    `export const GO_TYPES_VERSION = '${TAG}';`,
    '',
    '/** `<apiVersion> <kind>` → the Go struct the scheme decodes it into. */',
    `export const GO_KINDS: Readonly<Record<string, string>> = ${JSON.stringify(kinds, null, 2)};`,
    '',
    '/** Each struct: its fields as [JSON name, reduced Go type, tag options: 1 omitempty, 2 omitzero]. */',
    'export const GO_STRUCTS: GoStructTable = {',
    ...Object.entries(structs).map(([id, fields]) => `  ${JSON.stringify(id)}: ${JSON.stringify(fields)},`),
    '};',
    '',
  ];
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [api, machinery] = process.argv.slice(2);
  if (!api || !machinery) {
    console.error('usage: node scripts/generate-go-types.mjs <kubernetes/api clone> <kubernetes/apimachinery clone>');
    process.exit(2);
  }
  const read = (repo, dir, id) => readPackage(id, sourceFiles(repo, dir).map((file) => gitShow(repo, `${dir}/${file}`)));
  const packages = [
    ...API_PACKAGES.map((id) => read(api, id, id)),
    ...Object.entries(MACHINERY_PACKAGES).map(([dir, id]) => ({ ...read(machinery, dir, id), group: undefined })),
  ];
  const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'src/plugin-api/kit/go-types.generated.ts');
  const text = render(buildTable(packages));
  writeFileSync(out, text);
  console.log(`${out}: ${(text.length / 1024).toFixed(0)} KiB`);
}
