import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PluginHosts } from '../../host/index.js';
import { planOutcome, type PlanHooks, type PlanOutcome, type PlanTask } from './plan-packages.js';
import { failureDiagnostics } from './report.js';

/**
 * The worker threads' entry (src/startup/plan-worker.ts): a file of the bundle (scripts/bundle.mjs),
 * since a worker starts from a file of its own and Node runs no TypeScript. Found from kurel's
 * package root, from the bundle as from the sources (tests), so both run the same worker.
 */
export const PLAN_WORKER = 'dist/bundle/plan-worker.cjs';

/** The code caches this run read (src/startup/compile-cache.ts), for its workers to read. */
const COMPILE_CACHE_VARIANT = Symbol.for('kurel.compileCacheVariant');

/**
 * Batches each worker holds at once: it starts the next as soon as one ends, without waiting for
 * this thread, which hands out batches only between its own packages and slices of staging.
 */
const TASKS_PER_WORKER = 2;

/**
 * Packages in a batch: a worker plans them one after the other and answers once, so that it has
 * some 15 ms of work at hand (two batches) whatever this thread is doing; fewer as the last
 * packages are handed out, so that the threads end together.
 */
const PACKAGES_PER_BATCH = 4;

/**
 * Plans the tasks on `threads` threads, this one among them, each outcome at its task's place:
 * this thread is warm (its code compiled, its code cache read) and plans packages while the
 * `threads - 1` worker threads of piscina's pool start; a few packages may be done before any
 * worker is up. Each thread takes the next task when it is free, so a slow package holds up no
 * other.
 */
export async function planOnWorkers(tasks: readonly PlanTask[], threads: number, hooks: PlanHooks = {}): Promise<PlanOutcome[]> {
  const [{ Piscina }, host, engine] = await Promise.all([import('piscina'), import('../../host/index.js'), import('../../engine/index.js')]);
  const filename = join(host.kurelPackageRoot(), PLAN_WORKER);
  if (!existsSync(filename)) throw engine.kurelErrors.internal(`${filename} is missing: run \`npm run build\` in ${host.kurelPackageRoot()}/ (or build with --jobs 1)`);
  const workers = threads - 1;
  const compileCacheVariant = (globalThis as Record<symbol, unknown>)[COMPILE_CACHE_VARIANT];
  // A task is a batch of packages to plan, or none: the readiness question of `ready`.
  const pool = new Piscina<readonly PlanTask[] | undefined, PlanOutcome[] | boolean>({
    filename,
    name: 'planInWorker',
    workerData: typeof compileCacheVariant === 'string' ? { compileCacheVariant } : {},
    minThreads: workers,
    maxThreads: workers,
    concurrentTasksPerWorker: TASKS_PER_WORKER,
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  const outcomes: PlanOutcome[] = new Array(tasks.length);
  let next = 0;
  const take = () => (next < tasks.length ? next++ : undefined);
  const takeBatch = (): number[] => {
    const size = Math.max(1, Math.min(PACKAGES_PER_BATCH, Math.floor((tasks.length - next) / (threads * TASKS_PER_WORKER))));
    const batch: number[] = [];
    for (let at = take(); at !== undefined; at = batch.length < size ? take() : undefined) batch.push(at);
    return batch;
  };
  const onWorker = async () => {
    // A worker takes its first package once it has started: until then this thread plans them,
    // and all of them if the worker cannot start.
    if (!(await pool.run(undefined, { name: 'ready' }).catch(() => false))) return;
    for (let batch = takeBatch(); batch.length > 0; batch = takeBatch()) {
      // A worker that dies (out of memory, a crash) is a defect of its packages' builds, told as one each.
      const planned = await (pool.run(batch.map((at) => tasks[at])) as Promise<PlanOutcome[]>).catch(async (error: unknown): Promise<PlanOutcome[]> => {
        const failures = await failureDiagnostics(error);
        return batch.map(() => ({ failures }));
      });
      batch.forEach((at, n) => {
        outcomes[at] = planned[n];
        hooks.planned?.(at, planned[n]);
      });
    }
  };
  const here = async () => {
    const hosts: PluginHosts = new Map();
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    for (;;) {
      // Between packages and slices of other work, the workers' answers are read and each is handed its next task.
      while (hooks.between?.()) await turn();
      const at = take();
      if (at === undefined) break;
      outcomes[at] = await planOutcome(tasks[at], hosts);
      hooks.planned?.(at, outcomes[at]);
      await turn();
    }
  };
  try {
    await Promise.all([...Array.from({ length: workers * TASKS_PER_WORKER }, onWorker), here()]);
    return outcomes;
  } finally {
    // Not waited for: the threads end while this one writes the tree.
    pool.destroy().catch(() => undefined);
  }
}
