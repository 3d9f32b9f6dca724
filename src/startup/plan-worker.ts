// A worker thread of a fleet build starts here (src/commands/support/plan-pool.ts names this
// file to piscina): it reads the bundle with the code caches of the run that started it, as that
// run did, then loads the planner. Without them each worker would parse and compile the bundle
// afresh, most of what a worker costs to start. This file is its own bundle entry, and loads
// start-up's code cache and the planner by their paths: the bundle gives it neither to share.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const bundle = fileURLToPath(new URL('./', import.meta.url));
const variant = (workerData as { compileCacheVariant?: string } | null)?.compileCacheVariant;
if (variant !== undefined) {
  (require(`${bundle}startup.cjs`) as { installCompileCache(bundleDir: string, variant: string, options: { write: boolean }): void }).installCompileCache(bundle, variant, { write: false });
}

/** Plans a batch of packages on this worker thread (src/commands/support/plan-worker.ts). */
export const planInWorker = (require(`${bundle}commands/support/plan-worker.cjs`) as { planInWorker(task: unknown): Promise<unknown> }).planInWorker;

/** Answers once this worker has loaded the planner: a task handed to it then starts at once. */
export function ready(): boolean {
  return true;
}
