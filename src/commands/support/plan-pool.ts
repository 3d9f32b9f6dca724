import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PlanOutcome, PlanTask } from './plan-packages.js';
import { failureDiagnostics } from './report.js';

/**
 * The worker threads' entry: a file of the bundle (scripts/bundle.mjs), since a worker starts from a
 * file of its own and Node runs no TypeScript. Found from kurel's package root, from the bundle as
 * from the sources (tests), so both run the same worker.
 */
export const PLAN_WORKER = 'dist/bundle/commands/support/plan-worker.cjs';

/** Plans the tasks on `threads` worker threads (piscina's pool), each outcome at its task's place. */
export async function planOnWorkers(tasks: readonly PlanTask[], threads: number): Promise<PlanOutcome[]> {
  const [{ Piscina }, host, engine] = await Promise.all([import('piscina'), import('../../host/index.js'), import('../../engine/index.js')]);
  const filename = join(host.kurelPackageRoot(), PLAN_WORKER);
  if (!existsSync(filename)) throw engine.kurelErrors.internal(`${filename} is missing: run \`npm run build\` in ${host.kurelPackageRoot()}/ (or build with --jobs 1)`);
  const pool = new Piscina<PlanTask, PlanOutcome>({ filename, name: 'planInWorker', minThreads: threads, maxThreads: threads, idleTimeout: Number.POSITIVE_INFINITY });
  try {
    // A worker that dies (out of memory, a crash) is a defect of its package's build, told as one.
    return await Promise.all(tasks.map((task) => pool.run(task).catch(async (error: unknown): Promise<PlanOutcome> => ({ failures: await failureDiagnostics(error) }))));
  } finally {
    await pool.destroy();
  }
}
