// The dynamic imports the bundle keeps, and what it leaves outside it (scripts/bundle.mjs builds it).

/**
 * Code compiled with a V8 code cache cannot run `import()` on Node 20 (vm.Script needs a flag
 * for it). So each `import()` the bundle keeps calls the function the compile cache installs,
 * whose `import()` Node compiled; the library, loaded without the cache, falls back to its own.
 * An `import()` of a module the bundle holds becomes a `require` of it, and is left alone.
 */
const IMPORT_HOOK = "(globalThis[Symbol.for('kurel.import')] ?? ((specifier, options) => import(specifier, options)))";

/**
 * Left outside the bundle: kurel's own exports but the plugin API and kit (a built-in plugin's import of
 * `kurel/plugin-api` or `kurel/plugin-kit` is bundled as the shared chunk that holds it: the module the package export
 * gives, without Node resolving a package export at each start); jiti and typescript load only
 * for a TypeScript config or plugin, undici only for an HTTPS request with certificates that
 * NODE_EXTRA_CA_CERTS adds (src/host/network/extra-ca-certs.ts); piscina only for a fleet built on
 * worker threads, and its worker starts from its own file beside its main one.
 */
export const EXTERNAL = [/^kurel\/(?!plugin-api$|plugin-kit$)/, /^node:/, 'jiti', 'typescript', 'ts-node', 'undici', 'piscina'];
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

export const routeDynamicImports = {
  name: 'kurel-route-dynamic-imports',
  transform: {
    order: 'post',
    handler(code, id) {
      // The compile cache installs the function: its own import() stays.
      if (!code.includes('import(') || id.endsWith('/src/startup/compile-cache.ts')) return null;
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
