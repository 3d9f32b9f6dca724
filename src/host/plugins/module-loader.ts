import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Jiti } from 'jiti';

/** Where jiti keeps transpiled TypeScript between runs. */
export function jitiCacheDir(): string {
  return process.env.KUREL_CACHE_DIR ?? join(tmpdir(), 'kurel-jiti-cache');
}

const NATIVE = /\.(m?js|cjs|json)$/;

/**
 * A TypeScript plugin is given this host's own plugin API and kit, whatever its folder can resolve:
 * the API it is checked against is the one it runs with.
 */
function pluginApiAliases(): Record<string, string> {
  return {
    'kurel/plugin-api/testing': testingEntry(),
    'kurel/plugin-api': fileURLToPath(new URL('plugin-api/index', codeRoot())),
    'kurel/plugin-kit': fileURLToPath(new URL('plugin-api/kit/index', codeRoot())),
  };
}

/**
 * The folder that holds `plugin-api/` beside this code: `src/` from source or tsc's output (this
 * file is `src/host/plugins/module-loader`), `dist/bundle/` once bundled (into `chunks/kurel.cjs`).
 */
function codeRoot(): URL {
  return new URL(import.meta.url.endsWith('.cjs') ? '../' : '../../', import.meta.url);
}

/**
 * The engine-backed tester: the bundle keeps it as `plugin-api/testing` beside its chunks; run from
 * source (or from tsc's output), it is `src/testing`.
 */
function testingEntry(): string {
  const bundled = fileURLToPath(new URL('plugin-api/testing/index.cjs', codeRoot()));
  return existsSync(bundled) ? bundled : fileURLToPath(new URL('testing/index', codeRoot()));
}

/** A CommonJS file's default export, its module.exports, loaded at once. */
export function requireDefault(file: string): unknown {
  return createRequire(file)(file) as unknown;
}

async function jitiFor(parentFile: string): Promise<Jiti> {
  const { createJiti } = await import('jiti');
  return createJiti(pathToFileURL(parentFile).href, {
    fsCache: jitiCacheDir(),
    tryNative: true,
    moduleCache: true,
    interopDefault: true,
    alias: pluginApiAliases(),
  });
}

/**
 * Resolves a specifier with Node's module resolution from `parentFile`'s folder. Packages that
 * only export ESM conditions are resolved through jiti's ESM resolver.
 */
export async function resolveModule(specifier: string, parentFile: string): Promise<string> {
  try {
    return createRequire(parentFile).resolve(specifier);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED' && code !== 'MODULE_NOT_FOUND') throw error;
    const resolved = (await jitiFor(parentFile)).esmResolve(specifier, pathToFileURL(parentFile).href);
    return resolved.startsWith('file:') ? new URL(resolved).pathname : resolved;
  }
}

/**
 * Loads a module's default export: JavaScript natively, TypeScript transpiled by jiti (so plugins
 * and config files need no build step). jiti is only loaded when a file needs it.
 */
export async function importDefault(file: string): Promise<unknown> {
  // A CommonJS file's default export is its module.exports, as import() would give it; require
  // skips the scan import() makes of the source for named exports, which costs a large file
  // (a bundled built-in) more than loading it.
  if (file.endsWith('.cjs')) return requireDefault(file);
  if (NATIVE.test(file)) {
    const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
    return module.default ?? module;
  }
  return (await jitiFor(file)).import(file, { default: true });
}
