import type { PluginHosts } from '../../host/index.js';
import { planOutcome, type PlanOutcome, type PlanTask } from './plan-packages.js';

// A worker thread's entry (plan-pool.ts starts it): the plugin hosts it starts last as long as
// the worker, so that every package it plans after the first with the same config reuses them.
const hosts: PluginHosts = new Map();

/** Plans one package on this worker thread; the outcome goes back by structured clone. */
export function planInWorker(task: PlanTask): Promise<PlanOutcome> {
  return planOutcome(task, hosts);
}
