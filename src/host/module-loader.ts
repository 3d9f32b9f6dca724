import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createJiti, type Jiti } from 'jiti';

/** Where jiti keeps transpiled TypeScript between runs. */
export function jitiCacheDir(): string {
  return process.env.KUREL_CACHE_DIR ?? join(tmpdir(), 'kurel-jiti-cache');
}

/**
 * One loader per parent file: modules resolve with Node's ESM rules from the parent's folder,
 * JavaScript loads natively, TypeScript is transpiled by jiti (no build step for plugins).
 */
export function moduleLoader(parentFile: string): Jiti {
  return createJiti(pathToFileURL(parentFile).href, { fsCache: jitiCacheDir(), tryNative: true, moduleCache: true, interopDefault: true });
}
