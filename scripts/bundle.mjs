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
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
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
};

await build({
  configFile: false,
  logLevel: 'warn',
  plugins: [routeDynamicImports],
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
        entryFileNames: '[name].cjs',
        chunkFileNames: 'chunks/[name].cjs',
        // The compile cache is installed before the bundle loads: it stays a file of its own.
        codeSplitting: {
          groups: [{ name: 'kurel', test: (id) => /(node_modules|\/src)\//.test(id) && !id.endsWith('compile-cache.ts') }],
        },
      },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
