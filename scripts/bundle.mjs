// Bundles the CLI, the library, the plugin API and each built-in plugin into a few CommonJS files
// under dist/bundle: Node's loader pays per file (resolve, stat, read, compile), and the CLI with
// oclif and its dependencies is some 450 modules. CommonJS so that start-up can hand V8 a code
// cache for them on Node 20 (src/startup/compile-cache.ts); ES module plugins import them as any
// CommonJS package.
//
// One build, so that every entry shares one copy of each module: the oclif that runs a command is
// the one the command class extends, and a plugin's `kurel/plugin-api` is the host's own. What
// more than one entry uses goes into one chunk; what one entry alone uses (a built-in's schemas,
// a command's own code) stays in that entry's file.
//
// Built-in plugins still import `kurel/plugin-api` and `kurel/plugin-kit` by the package name and
// are loaded through the host's plugin path like any plugin; only their packaging differs: each
// name is bundled as its source, which the shared chunk holds.
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'vite';
import { patchDependencies } from './bundle/dependency-patches.mjs';
import { EXTERNAL, routeDynamicImports } from './bundle/dynamic-imports.mjs';
import { lazyBuiltins } from './bundle/lazy-builtins.mjs';
import { lazySchemas, schemaEntries } from './bundle/lazy-schemas.mjs';

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

const builtins = ['builtin-components', 'builtin-kinds', 'builtin-traits', 'builtin-policies', 'builtin-delivery'];

const entries = {
  main: 'src/commands/support/main.ts',
  startup: 'src/startup/index.ts',
  index: 'src/index.ts',
  'plugin-api/index': 'src/plugin-api/index.ts',
  'plugin-api/testing/index': 'src/testing/index.ts',
  'plugin-api/kit/index': 'src/plugin-api/kit/index.ts',
  ...commandEntries('src/commands'),
  'commands/support/help': 'src/commands/support/help.ts',
  'commands/support/command-not-found': 'src/commands/support/command-not-found.ts',
  // The worker threads of a fleet build start from a file of their own (src/commands/support/plan-pool.ts),
  // which reads the code caches and then loads the planner.
  'plan-worker': 'src/startup/plan-worker.ts',
  'commands/support/plan-worker': 'src/commands/support/plan-worker.ts',
  ...Object.fromEntries(builtins.map((name) => [`plugins/${name}`, `plugins/${name}/index.ts`])),
  // The delivery handlers of a layout that writes no Flux Kustomization: the policies without the Flux traits.
  'plugins/builtin-delivery-argocd': 'plugins/builtin-delivery/argocd.ts',
  ...schemaEntries(),
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
        // Source of ASCII alone: V8 keeps it as one byte a character, where a few other characters
        // would have Node decode the whole file as UTF-8 into a two-byte string. Code is escaped;
        // doc comments, which would keep theirs, are left out.
        charset: 'ascii',
        comments: { legal: true, annotation: true, jsdoc: false },
        entryFileNames: '[name].cjs',
        chunkFileNames: 'chunks/[name].cjs',
        // Start-up (src/startup, the compile cache among it) loads before the rest of the bundle: it
        // stays a file of its own, and the folder maker it shares with the host a chunk of its own
        // (the shared chunk would take it with the host modules that import it, unless it is taken
        // first). The help command (an ES module, which the chunk would run at every start, and with
        // it all of oclif's index) stays in the entry of `kurel help`.
        codeSplitting: {
          groups: [
            { name: 'kurel', test: (id) => /(node_modules|\/src)\//.test(id) && !/\/src\/(startup\/|host\/files\/make-folders\.ts$)/.test(id) && !/\/@oclif\/plugin-help\/|\/src\/commands\/help\.ts$/.test(id) },
            { name: 'make-folders', test: (id) => /\/src\/host\/files\/make-folders\.ts$/.test(id), priority: 1 },
          ],
        },
      },
    },
  },
  resolve: {
    alias: [
      { find: /^kurel\/plugin-api$/, replacement: resolve('src/plugin-api/index.ts') },
      { find: /^kurel\/plugin-kit$/, replacement: resolve('src/plugin-api/kit/index.ts') },
    ],
  },
  ssr: { noExternal: true, target: 'node' },
});
