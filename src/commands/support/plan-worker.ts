import type { PluginHosts } from '../../host/index.js';
import { planOutcome, type PlanOutcome, type PlanTask } from './plan-packages.js';

// A worker thread's entry (plan-pool.ts starts it): the plugin hosts it starts last as long as
// the worker, so that every package it plans after the first with the same config reuses them.
const hosts: PluginHosts = new Map();

/** Plans a batch of packages on this worker thread, one after the other; the outcomes go back by structured clone. */
export async function planInWorker(tasks: readonly PlanTask[]): Promise<PlanOutcome[]> {
  const outcomes: PlanOutcome[] = [];
  for (const task of tasks) outcomes.push(await planOutcome(task, hosts));
  return outcomes;
}
