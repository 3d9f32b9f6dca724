// Bundles each built-in plugin into one ES module. The CLI loads every built-in at each run, and
// Node's loader pays per file: one file per plugin keeps start-up fast. Plugins are still loaded
// through the same host path as any plugin; only their packaging differs.
import { build } from 'vite';

const plugins = ['builtin-components', 'builtin-kinds', 'builtin-traits', 'builtin-policies'];

await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    outDir: 'dist/plugins-bundled',
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    target: 'node20',
    lib: {
      entry: Object.fromEntries(plugins.map((name) => [name, `plugins/${name}/index.ts`])),
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rollupOptions: {
      // The plugin API is the host's own; npm libraries and Node built-ins stay imports.
      external: [/^kurel\//, /^node:/, 'yaml'],
    },
  },
});
