// Bundles the CLI, the library, the plugin API and each built-in plugin into a few CommonJS files
// under dist/bundle (CommonJS so that bin/kurel can hand V8 a code cache for them on Node 20:
// see src/commands/support/compile-cache.ts; ES module plugins import them as any CommonJS package). Node's loader pays per file (resolve, stat, read, compile): the CLI loaded
// some 450 files at each run before this, oclif's own and its dependencies' most of them.
//
// One build, so that every entry shares one copy of each module: the oclif that runs a command is
// the one the command class extends, and a plugin's `kurel/plugin-api` is the host's own. What
// more than one entry uses goes into one chunk; what one entry alone uses (a built-in's schemas,
// a command's own code) stays in that entry's file.
//
// Built-in plugins still import `kurel/plugin-api` by the package name and are loaded through
// the host's plugin path like any plugin; only their packaging differs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'vite';

function commandEntries(folder) {
  const entries = {};
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (name === 'support') continue;
    if (statSync(path).isDirectory()) Object.assign(entries, commandEntries(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.test.ts')) {
      entries[`commands/${relative('src/commands', path).replace(/\.ts$/, '')}`] = path;
    }
  }
  return entries;
}

/**
 * Code compiled with a V8 code cache cannot run `import()` on Node 20 (vm.Script needs a flag
 * for it). So each `import()` the bundle keeps calls the function the compile cache installs,
 * whose `import()` Node compiled; the library, loaded without the cache, falls back to its own.
 * An `import()` of a module the bundle holds becomes a `require` of it, and is left alone.
 */
const IMPORT_HOOK = "(globalThis[Symbol.for('kurel.import')] ?? ((specifier, options) => import(specifier, options)))";

/** Left outside the bundle: a plugin reaches the plugin API by the package name, as an organisation's plugin does; jiti and typescript load only for a TypeScript config or plugin. */
const EXTERNAL = [/^kurel\//, /^node:/, 'jiti', 'typescript', 'ts-node'];
const isExternal = (specifier) => EXTERNAL.some((pattern) => (typeof pattern === 'string' ? pattern === specifier : pattern.test(specifier)));

/** The `import()` calls the bundle keeps: of a computed name, or of a package left outside it. */
function runtimeImports(node, found = []) {
  if (node === null || typeof node !== 'object') return found;
  if (node.type === 'ImportExpression' && !(typeof node.source.value === 'string' && !isExternal(node.source.value))) found.push(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) runtimeImports(item, found);
    else runtimeImports(value, found);
  }
  return found;
}

const routeDynamicImports = {
  name: 'kurel-route-dynamic-imports',
  transform: {
    order: 'post',
    handler(code, id) {
      // The compile cache installs the function: its own import() stays.
      if (!code.includes('import(') || id.endsWith('compile-cache.ts')) return null;
      const imports = runtimeImports(this.parse(code)).sort((a, b) => a.start - b.start);
      if (imports.length === 0) return null;
      let out = '';
      let last = 0;
      for (const node of imports) {
        if (!code.startsWith('import', node.start)) this.error(`${id}: an import() not where the parser put it`);
        out += code.slice(last, node.start) + IMPORT_HOOK;
        last = node.start + 'import'.length;
      }
      return { code: out + code.slice(last), map: null };
    },
  },
};

/**
 * Lines of dependencies that cost every start and buy kurel nothing, each replaced by one that
 * does the same for kurel. The build fails when a line is no longer there, rather than quietly
 * losing the change.
 */
const DEPENDENCY_PATCHES = [
  {
    // oclif sorts each plugin's command ids at every start, and the first `localeCompare` in a
    // process sets up ICU's collator: 6-8 ms, for ids of lowercase ASCII letters, `:` and `-`,
    // which code-point order sorts the same way.
    module: '/@oclif/core/lib/config/plugin.js',
    from: '.sort((a, b) => a.id.localeCompare(b.id))',
    to: '.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))',
  },
  ...['/wsl-utils/index.js', '/powershell-utils/index.js'].map((module) => ({
    // oclif's platform check loads these, and they bind execFile as they load, which loads
    // child_process (about 3 ms); bound at the first call instead, it loads when one is made.
    module,
    from: 'const execFile = promisify(childProcess.execFile);',
    to: 'const execFile = (...args) => promisify(childProcess.execFile)(...args);',
  })),
];
const patchDependencies = {
  name: 'kurel-dependency-patches',
  transform: {
    order: 'pre',
    handler(code, id) {
      const patches = DEPENDENCY_PATCHES.filter((patch) => id.endsWith(patch.module));
      if (patches.length === 0) return null;
      let out = code;
      for (const patch of patches) {
        if (!out.includes(patch.from)) this.error(`${id}: no longer holds \`${patch.from}\`: review DEPENDENCY_PATCHES in scripts/bundle.mjs`);
        out = out.replace(patch.from, patch.to);
      }
      return { code: out, map: null };
    },
  },
};

/**
 * Node built-ins that cost milliseconds to load and that most runs never call: `child_process`
 * (helm, git), `crypto` (hashes for long names, charts and folders kurel owns) and `assert/strict`
 * (the handler tester). Loaded at the top of a chunk they cost some 8 ms, an eighth of a bare
 * `node -e 0`. Each `require` of them becomes a stand-in that loads the module on the first use
 * of one of its members.
 */
const LAZY_BUILTINS = ['child_process', 'crypto', 'assert/strict'];
const LAZY_HELPER = `function __kurelLazyBuiltin(id, asDefault) {
  let loaded;
  const load = () => (loaded ??= require(id));
  return new Proxy({}, {
    get: (_, key) => (key === '__esModule' ? undefined : asDefault && key === 'default' ? load() : load()[key]),
    has: (_, key) => key in load(),
    ownKeys: () => Reflect.ownKeys(load()),
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(load(), key);
      return found && { ...found, configurable: true };
    },
  });
}
`;
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const lazyBuiltins = {
  name: 'kurel-lazy-builtins',
  renderChunk(code) {
    let out = code;
    for (const name of LAZY_BUILTINS) {
      const id = escape(name);
      // An ES import of the module's default: rolldown wraps the module (`__toESM(X, 1)`), whose
      // `default` is the module itself.
      out = out.replace(
        new RegExp(`let (\\w+) = require\\("node:${id}"\\);\\n\\1 = require_rolldown_runtime\\.__toESM\\(\\1, 1\\);`, 'g'),
        (_, variable) => `let ${variable} = __kurelLazyBuiltin("node:${name}", true);`,
      );
      out = out.replace(new RegExp(`require\\("(?:node:)?${id}"\\)`, 'g'), `__kurelLazyBuiltin("node:${name}")`);
    }
    return out === code ? null : { code: `${LAZY_HELPER}${out}`, map: null };
  },
};

/**
 * The schemas generated from CRD manifests (plugins/builtin-kinds/generated/<family>), 1.3 MB of
 * the built-in kinds' 1.9 MB, each a file of its own, required when a kind of the family is
 * first validated or published rather than read, compiled and declared at every start (some
 * 4 ms). In the kinds' bundle each family's module is a stand-in with the same exports: each
 * kind's schema function calls the family's own on first use.
 */
const GENERATED_SCHEMAS = resolve('plugins/builtin-kinds/generated');
const schemaFamilies = readdirSync(GENERATED_SCHEMAS).filter((name) => statSync(join(GENERATED_SCHEMAS, name)).isDirectory());
const LAZY_SCHEMAS = '\0kurel-lazy-schemas:';
const schemaFile = (family) => `./kinds-schemas/${family}.cjs`;

/** The exported API groups of a generated module and each one's kinds: `export const certManagerIoV1 = { Certificate: …, };`. */
function generatedExports(family) {
  const text = readFileSync(join(GENERATED_SCHEMAS, family, 'index.ts'), 'utf8');
  const groups = [...text.matchAll(/^export const (\w+) = \{\n((?:  \w+: \w+,\n)*)\};$/gm)].map(([, group, body]) => ({ group, kinds: [...body.matchAll(/^ {2}(\w+):/gm)].map(([, kind]) => kind) }));
  if (groups.length === 0 || /^export (?!const \w+ = \{$)/m.test(text.replace(/^export const \w+ = \{\n(?: {2}\w+: \w+,\n)*\};$/gm, ''))) {
    throw new Error(`${family}: the generated module exports what the lazy stand-in does not know (scripts/bundle.mjs)`);
  }
  return groups;
}

const lazySchemas = {
  name: 'kurel-lazy-schemas',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source.startsWith('./kinds-schemas/')) return { id: source, external: true };
    if (!importer || importer.startsWith(LAZY_SCHEMAS)) return null;
    const target = resolve(dirname(importer), source).replace(/\.js$/, '');
    const family = schemaFamilies.find((name) => target === join(GENERATED_SCHEMAS, name, 'index'));
    return family ? `${LAZY_SCHEMAS}${family}` : null;
  },
  load(id) {
    if (!id.startsWith(LAZY_SCHEMAS)) return null;
    const family = id.slice(LAZY_SCHEMAS.length);
    const lines = [`let family;`, `const load = () => (family ??= require(${JSON.stringify(schemaFile(family))}));`];
    for (const { group, kinds } of generatedExports(family)) {
      lines.push(`export const ${group} = {`, ...kinds.map((kind) => `  ${kind}: () => load().${group}.${kind}(),`), '};');
    }
    return lines.join('\n');
  },
};

const builtins = ['builtin-components', 'builtin-kinds', 'builtin-traits', 'builtin-policies'];

const entries = {
  main: 'src/commands/support/main.ts',
  'compile-cache': 'src/commands/support/compile-cache.ts',
  index: 'src/index.ts',
  'plugin-api/index': 'src/plugin-api/index.ts',
  'plugin-api/testing/index': 'src/testing/index.ts',
  ...commandEntries('src/commands'),
  'commands/support/help': 'src/commands/support/help.ts',
  'commands/support/command-not-found': 'src/commands/support/command-not-found.ts',
  ...Object.fromEntries(builtins.map((name) => [`plugins/${name}`, `plugins/${name}/index.ts`])),
  ...Object.fromEntries(schemaFamilies.map((family) => [`plugins/kinds-schemas/${family}`, join(GENERATED_SCHEMAS, family, 'index.ts')])),
};

await build({
  configFile: false,
  logLevel: 'warn',
  plugins: [routeDynamicImports, patchDependencies, lazyBuiltins, lazySchemas],
  build: {
    outDir: 'dist/bundle',
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    target: 'node20',
    ssr: true,
    lib: { entry: entries, formats: ['cjs'] },
    rolldownOptions: {
      external: EXTERNAL,
      // The commands' dynamic imports keep the unbundled build lazy; in one chunk they cost nothing.
      checks: { ineffectiveDynamicImport: false },
      output: {
        // Source of ASCII alone: V8 keeps it as one byte a character, and Node decodes it several
        // times faster than UTF-8 with a few other characters in it (the 1.9 MB built-in kinds:
        // ~1.5 ms against ~5). Code is escaped; doc comments, which would keep theirs, are left out.
        charset: 'ascii',
        comments: { legal: true, annotation: true, jsdoc: false },
        entryFileNames: '[name].cjs',
        chunkFileNames: 'chunks/[name].cjs',
        // The compile cache is installed before the bundle loads: it stays a file of its own. The
        // help command (an ES module, which the chunk would run at every start, and with it all of
        // oclif's index) stays in the entry of `kurel help`.
        codeSplitting: {
          groups: [{ name: 'kurel', test: (id) => /(node_modules|\/src)\//.test(id) && !id.endsWith('compile-cache.ts') && !/\/@oclif\/plugin-help\/|\/src\/commands\/help\.ts$/.test(id) }],
        },
      },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
