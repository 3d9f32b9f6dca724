import type { Diagnostic } from '../../engine/index.js';
import type { PluginHosts } from '../../host/index.js';
import { planPackageCached } from './build-cache.js';
import { planPackage, type LayoutTreeFlags, type PackagePlan } from './package-plan.js';
import { failureDiagnostics } from './report.js';

/** One package to plan: what a worker thread is handed, plain data. */
export interface PlanTask {
  target: string | undefined;
  flags: LayoutTreeFlags;
  ownersRelativeTo: string;
}

/** A package planned, or the diagnostics of its refusal. */
export type PlanOutcome = { plan: PackagePlan; failures?: undefined } | { plan?: undefined; failures: Diagnostic[] };

/** Plans one package (through the build cache, where the flags allow it), its refusal kept as data: one package failing leaves the others to be planned and reported. */
export async function planOutcome(task: PlanTask, hosts: PluginHosts): Promise<PlanOutcome> {
  try {
    return { plan: await planPackageCached(planPackage, task.target, task.flags, task.ownersRelativeTo, { hosts }) };
  } catch (error) {
    return { failures: await failureDiagnostics(error) };
  }
}

/**
 * Plans every package, in the targets' order whatever order they finish in: on `jobs` threads
 * (this one and `jobs - 1` workers), each loading the plugin hosts once for every package it plans, or here in turn where
 * one thread is all there is to use (one job, one package, or an application on standard input,
 * which only this thread can read). A worker costs a start-up of its own: none is started for less.
 */
export async function planPackages(targets: ReadonlyArray<string | undefined>, flags: LayoutTreeFlags, ownersRelativeTo: string, jobs: number): Promise<PlanOutcome[]> {
  const tasks = targets.map((target): PlanTask => ({ target, flags, ownersRelativeTo }));
  const threads = Math.min(jobs, tasks.length);
  const { STDIN_TARGET } = await import('../../host/index.js');
  if (threads <= 1 || targets.some((target) => target === undefined || target === STDIN_TARGET)) {
    const hosts: PluginHosts = new Map();
    const outcomes: PlanOutcome[] = [];
    for (const task of tasks) outcomes.push(await planOutcome(task, hosts));
    return outcomes;
  }
  const { planOnWorkers } = await import('./plan-pool.js');
  return planOnWorkers(tasks, threads);
}
