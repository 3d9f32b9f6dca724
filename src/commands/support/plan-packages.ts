import type { Diagnostic } from '../../engine/index.js';
import type { PluginHosts } from '../../host/index.js';
import { type CacheLookup, lookUpPlan, planPackageCached } from './build-cache.js';
import { planPackage, type CarryOver, type LayoutTreeFlags, type PackagePlan } from './package-plan.js';
import { failureDiagnostics } from './report.js';

/** One package to plan: what a worker thread is handed, plain data. */
export interface PlanTask {
  target: string | undefined;
  flags: LayoutTreeFlags;
  ownersRelativeTo: string;
}

/** A package planned, or the diagnostics of its refusal. */
export type PlanOutcome = { plan: PackagePlan; failures?: undefined } | { plan?: undefined; failures: Diagnostic[] };

/**
 * Plans one package (through the build cache, where the flags allow it), its refusal kept as data:
 * one package failing leaves the others to be planned and reported. `found`: its cache lookup,
 * where this thread made it already.
 */
export async function planOutcome(task: PlanTask, hosts: PluginHosts, found?: CacheLookup, carryOver?: CarryOver): Promise<PlanOutcome> {
  try {
    return { plan: await planPackageCached(planPackage, task.target, task.flags, task.ownersRelativeTo, { hosts, carryOver }, found) };
  } catch (error) {
    return { failures: await failureDiagnostics(error) };
  }
}

/** What the thread that plans the packages does beside them. */
export interface PlanHooks {
  /** Told of each outcome as it is known, in whatever order packages finish. */
  planned?(at: number, outcome: PlanOutcome): void;
  /**
   * A slice of other work (staging a tree whose packages have all built), done before this
   * thread plans its next package: true while some is left. Workers build on meanwhile.
   */
  between?(): boolean;
  /** Where the tree holds a package's share as its cached plan wrote it: the cache lookups of this thread ask, and keep it. */
  carryOver?: CarryOver;
}

/**
 * Plans every task's package, in the tasks' order whatever order they finish in: on `jobs` threads
 * (this one and `jobs - 1` workers), each loading the plugin hosts once for every package it plans, or here in turn where
 * one thread is all there is to use (one job, one package, or an application on standard input,
 * which only this thread can read). A worker costs a start-up of its own, more than looking up
 * many packages in the build cache: the packages the cache holds are taken here first, and
 * workers are started only for two or more packages left to build (`threadsFor`).
 */
export async function planPackages(tasks: readonly PlanTask[], jobs: Jobs, hooks: PlanHooks = {}): Promise<PlanOutcome[]> {
  const { STDIN_TARGET } = await import('../../host/index.js');
  const hosts: PluginHosts = new Map();
  const outcomes: PlanOutcome[] = new Array(tasks.length);
  const settle = (at: number, outcome: PlanOutcome) => {
    outcomes[at] = outcome;
    hooks.planned?.(at, outcome);
  };
  const here = async (at: readonly number[], lookups?: ReadonlyMap<number, CacheLookup>) => {
    for (const index of at) {
      while (hooks.between?.());
      settle(index, await planOutcome(tasks[index], hosts, lookups?.get(index), hooks.carryOver));
    }
  };
  const all = tasks.map((_, at) => at);
  if (threadsFor(jobs, tasks.length) <= 1 || tasks.some(({ target }) => target === undefined || target === STDIN_TARGET)) {
    await here(all);
    return outcomes;
  }
  const missed = tasks.every(({ flags }) => (flags as { cache?: boolean }).cache === true) ? await takeCached(tasks, hosts, settle, hooks.carryOver) : undefined;
  const toBuild = missed ? [...missed.keys()] : all;
  const threads = threadsFor(jobs, toBuild.length);
  if (threads <= 1) {
    // Built here, each from what its lookup read: nothing read twice.
    await here(toBuild, missed);
    return outcomes;
  }
  const { planOnWorkers } = await import('./plan-pool.js');
  await planOnWorkers(
    toBuild.map((at) => tasks[at]),
    threads,
    { planned: (n, outcome) => settle(toBuild[n], outcome), between: hooks.between },
  );
  return outcomes;
}

/** How many threads plan packages: a number (`--jobs N`), or as many as pay for their start-up on this machine's cores. */
export type Jobs = number | { cores: number };

/**
 * Packages a worker thread must have to build for its start-up to pay: measured on two cores, a
 * worker starts in 0.15-0.3 s and then builds a package in some 3.5 ms where the warm main
 * thread takes 2 ms, so it first gains on some 300 packages.
 */
export const PACKAGES_PER_WORKER = 256;

/**
 * The threads to plan `packages` on: `--jobs N` as given, never more than the packages; without
 * it, the cores, but one more thread only for every `PACKAGES_PER_WORKER` packages.
 */
export function threadsFor(jobs: Jobs, packages: number): number {
  if (typeof jobs === 'number') return Math.min(jobs, packages);
  return Math.min(jobs.cores, packages, 1 + Math.floor(packages / PACKAGES_PER_WORKER));
}

/** Fills in the outcomes of the packages the build cache holds; the others, left to build, by index with their lookups, in order. */
async function takeCached(tasks: readonly PlanTask[], hosts: PluginHosts, settle: (at: number, outcome: PlanOutcome) => void, carryOver?: CarryOver): Promise<Map<number, CacheLookup>> {
  const left = new Map<number, CacheLookup>();
  for (const [at, task] of tasks.entries()) {
    const found = await lookUpPlan(task.target, task.flags, task.ownersRelativeTo, { hosts, carryOver });
    if (found.plan) settle(at, { plan: found.plan });
    else left.set(at, found);
  }
  return left;
}
