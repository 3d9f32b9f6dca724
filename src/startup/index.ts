// What runs between bin/kurel and oclif. Each measure, and what it buys, is in README.md ("How kurel
// starts fast"). Bundled into dist/bundle/startup.cjs, which loads before the rest of the bundle
// and before V8's flags are set: it imports Node's built-ins, its own files and the folder maker
// alone.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheVariant } from './cache-variant.js';
import { installCompileCache } from './compile-cache.js';
import { restoreEnvironment } from './environment.js';
import { runSize } from './run-size.js';
import { setV8Flags } from './v8-flags.js';

export { installCompileCache } from './compile-cache.js';

const require = createRequire(import.meta.url);

/** Starts the CLI installed in `root` on the command line `args` (what follows `kurel`). */
export function start(root: string, args: readonly string[]): void {
  restoreEnvironment();
  const bundle = join(root, 'dist', 'bundle') + '/';
  const size = runSize(args);
  setV8Flags(size);
  installCompileCache(bundle, cacheVariant(args, bundle, size));
  exitWhenIdle();
  // oclif is handed kurel's folder and package.json, so it need not look for them.
  const pjson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as unknown;
  void (require(`${bundle}main.cjs`) as { run(root: string, pjson: unknown): Promise<unknown> }).run(root, pjson);
}

/**
 * Ends the process with `process.exit` once the event loop has nothing left to do, skipping Node's
 * tear-down of its environment and of V8's heap. 'exit' listeners run as they would (the compile
 * cache writes in one), and the exit code is the same. Where a plugin listens for 'beforeExit'
 * itself (to do more work), the run ends as Node ends it.
 */
function exitWhenIdle(): void {
  process.once('beforeExit', () => {
    if (process.listenerCount('beforeExit') === 0) process.exit();
  });
}
