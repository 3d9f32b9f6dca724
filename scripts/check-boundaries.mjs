// The house plan's import boundaries (docs/architecture.md, "Arrows that must never exist"), checked on
// every TypeScript source file. Prints each violation; exits 1 when there is one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The package entries a plugin may import. */
const PLUGIN_ENTRIES = new Set(['npm:kurel/plugin-api', 'npm:kurel/plugin-kit', 'npm:kurel/plugin-api/testing']);

/** Room → predicate over a resolved import target ("src/engine/x.ts", "npm:yaml", "node:fs"). */
export const RULES = [
  // The kit (`kurel/plugin-kit`) builds on the contract; the contract never leans on the kit, so
  // that a helper may change without changing what plugins are promised.
  { room: 'src/plugin-api/kit/', forbidden: (t) => /^(src\/(engine|host|commands)|plugins)\//.test(t), why: 'the plugin kit depends on nothing of ours but the contract' },
  {
    room: 'src/plugin-api/',
    forbidden: (t) => /^(src\/(engine|host|commands)|plugins)\//.test(t) || t.startsWith('src/plugin-api/kit/'),
    why: 'the plugin contract depends on nothing of ours, the kit included',
  },
  // Each plugins/<room> is a room of its own: what two built-ins share belongs in the plugin kit.
  {
    room: /^plugins\/[^/]+\//,
    forbidden: (t, room) => t.startsWith('src/') || (t.startsWith('plugins/') && !t.startsWith(room)) || (/^npm:kurel(\/|$)/.test(t) && !PLUGIN_ENTRIES.has(t)),
    why: 'a plugin imports only kurel/plugin-api, kurel/plugin-kit, npm libraries and its own files',
  },
  {
    room: 'src/engine/',
    forbidden: (t) => /^(src\/(host|commands)|plugins)\//.test(t) || /^node:(fs|fs\/promises|process|child_process|net|http|https)$/.test(t),
    why: 'the engine is pure: no I/O, no host, no commands, no plugins',
  },
  { room: 'src/testing/', forbidden: (t) => /^(src\/commands|plugins)\//.test(t), why: 'the handler tester runs the engine on plugins it is given or loads through the host' },
  {
    room: 'src/startup/',
    forbidden: (t) => t.startsWith('npm:') || t.startsWith('plugins/') || (t.startsWith('src/') && !t.startsWith('src/startup/') && t !== 'src/host/files/make-folders.ts'),
    why: 'start-up loads before the bundle: Node built-ins, its own files and the folder maker alone',
  },
  { room: 'src/host/', forbidden: (t) => /^(src\/commands|plugins)\//.test(t), why: 'built-ins load through the plugin path, not by import' },
  { room: 'src/commands/', forbidden: (t) => t.startsWith('plugins/'), why: 'commands reach plugins only through the host' },
];

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function sourceFiles(folder) {
  const out = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (path.endsWith('.ts') && !path.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function target(file, specifier) {
  if (specifier.startsWith('.')) return relative(root, resolve(dirname(file), specifier)).split(sep).join('/').replace(/\.js$/, '.ts');
  if (specifier.startsWith('node:')) return specifier;
  if (['fs', 'fs/promises', 'process', 'child_process', 'net', 'http', 'https'].includes(specifier)) return `node:${specifier}`;
  return `npm:${specifier}`;
}

/** The violations of one file, given its path relative to the repository root and its text. */
export function violationsIn(rel, text) {
  const rule = RULES.find((candidate) => (typeof candidate.room === 'string' ? rel.startsWith(candidate.room) : candidate.room.test(rel)));
  if (!rule) return [];
  const room = typeof rule.room === 'string' ? rule.room : rel.match(rule.room)[0];
  const violations = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (rule.forbidden(target(join(root, rel), specifier), room)) violations.push(`${rel}: imports "${specifier}" (${rule.why})`);
  }
  return violations;
}

export function findViolations() {
  return ['src', 'plugins'].flatMap((folder) =>
    sourceFiles(join(root, folder)).flatMap((file) => violationsIn(relative(root, file).split(sep).join('/'), readFileSync(file, 'utf8'))),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const violations = findViolations();
  for (const line of violations) console.error(line);
  console.log(violations.length === 0 ? 'import boundaries: ok' : `import boundaries: ${violations.length} violation(s)`);
  process.exit(violations.length === 0 ? 0 : 1);
}
