// Bundles the CLI, the library, the plugin API and each built-in plugin into a few ES modules
// under dist/bundle. Node's loader pays per file (resolve, stat, read, compile): the CLI loaded
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

const builtins = ['builtin-components', 'builtin-kinds', 'builtin-traits', 'builtin-policies'];

const entries = {
  main: 'src/commands/support/main.ts',
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
  build: {
    outDir: 'dist/bundle',
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    target: 'node20',
    ssr: true,
    lib: { entry: entries, formats: ['es'] },
    rolldownOptions: {
      // A plugin reaches the plugin API by the package name, as an organisation's plugin does.
      // jiti and typescript are loaded only for a TypeScript config or plugin.
      external: [/^kurel\//, /^node:/, 'jiti', 'typescript', 'ts-node'],
      // The commands' dynamic imports keep the unbundled build lazy; in one chunk they cost nothing.
      checks: { ineffectiveDynamicImport: false },
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name].js',
        codeSplitting: { groups: [{ name: 'kurel', test: /(node_modules|\/src)\// }] },
      },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
