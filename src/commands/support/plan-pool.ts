import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PluginHosts } from '../../host/index.js';
import { planOutcome, type PlanOutcome, type PlanTask } from './plan-packages.js';
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
 * Tasks each worker holds at once: it starts the next as soon as one ends, without waiting for
 * this thread, which may be planning a package of its own, to hand it one.
 */
const TASKS_PER_WORKER = 2;

/**
 * Plans the tasks on `threads` threads, this one among them, each outcome at its task's place:
 * this thread is warm (its code compiled, its code cache read) and plans packages while the
 * `threads - 1` worker threads of piscina's pool start; a few packages may be done before any
 * worker is up. Each thread takes the next task when it is free, so a slow package holds up no
 * other.
 */
export async function planOnWorkers(tasks: readonly PlanTask[], threads: number): Promise<PlanOutcome[]> {
  const [{ Piscina }, host, engine] = await Promise.all([import('piscina'), import('../../host/index.js'), import('../../engine/index.js')]);
  const filename = join(host.kurelPackageRoot(), PLAN_WORKER);
  if (!existsSync(filename)) throw engine.kurelErrors.internal(`${filename} is missing: run \`npm run build\` in ${host.kurelPackageRoot()}/ (or build with --jobs 1)`);
  const workers = threads - 1;
  const compileCacheVariant = (globalThis as Record<symbol, unknown>)[COMPILE_CACHE_VARIANT];
  // A task is a package to plan, or none: the readiness question of `ready`.
  const pool = new Piscina<PlanTask | undefined, PlanOutcome | boolean>({
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
  const onWorker = async () => {
    // A worker takes its first package once it has started: until then this thread plans them,
    // and all of them if the worker cannot start.
    if (!(await pool.run(undefined, { name: 'ready' }).catch(() => false))) return;
    for (let at = take(); at !== undefined; at = take()) {
      // A worker that dies (out of memory, a crash) is a defect of its package's build, told as one.
      outcomes[at] = await (pool.run(tasks[at]) as Promise<PlanOutcome>).catch(async (error: unknown): Promise<PlanOutcome> => ({ failures: await failureDiagnostics(error) }));
    }
  };
  const here = async () => {
    const hosts: PluginHosts = new Map();
    for (let at = take(); at !== undefined; at = take()) {
      outcomes[at] = await planOutcome(tasks[at], hosts);
      // Between packages, the workers' answers are read and each is handed its next task.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  try {
    await Promise.all([...Array.from({ length: workers * TASKS_PER_WORKER }, onWorker), here()]);
    return outcomes;
  } finally {
    await pool.destroy();
  }
}
