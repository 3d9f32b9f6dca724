import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Diagnostic, TreeOwner } from '../../engine/index.js';
import type { Shard } from '../../host/index.js';
import type { LayoutTreeFlags, PackagePlan } from './package-plan.js';
import type { Jobs, PlanTask } from './plan-packages.js';
import { planPackages } from './plan-packages.js';
import { reportWarnings } from './report.js';
import { CarriedOwners } from './carried-owners.js';
import { TreeStager } from './tree-stager.js';

export { planPackage, type LayoutTreeFlags, type PackagePlan } from './package-plan.js';

export interface LayoutTreeOptions {
  /** Report each package's warnings (default true). */
  warnings?: boolean;
  /**
   * The folder the packages' owner paths are relative to (default the output folder): a scratch
   * copy of a tree is written as the tree it copies would be.
   */
  ownersRelativeTo?: string;
  /** How many packages are planned at once, each on a worker thread (default 1: in this thread; `{ cores }`: as many as pay, `threadsFor`). */
  jobs?: Jobs;
  /** Plan and write only this shard's packages (`--shard K/N`). */
  shard?: Shard;
  /**
   * The environments to build every package for, each into its own top folder (`--environment
   * dev,prod`); default the one of `flags.environment`.
   */
  environments?: ReadonlyArray<string | undefined>;
}

export interface WrittenTree {
  /** Each top folder written (one per environment) and its files; none when no package had objects. */
  trees: Array<{ folder: string; written: number }>;
  /** What left the tree: files an owner no longer writes. */
  removed: Array<{ owner: TreeOwner; files: string[] }>;
  /** The plugin config the first package's build used, for a build of the same package elsewhere (an earlier revision of it). */
  configFile?: string;
  /** The packages built, and of how many the targets named (more with a shard). */
  packages: { built: number; named: number };
}

/**
 * Targets and flags → the layout tree written into `output`, as `kurel build PKG... -o OUTPUT
 * --layout flux|argocd` does: the one path of a tree to disk (`kurel diff` writes its scratch copies
 * through it). Every package (a folder of packages standing for each of them; of a shard, those
 * of the shard) is planned, every package's errors are collected and reported together, in the
 * packages' order, and the tree is written once, only when all of them built; every other owner's
 * share of the tree is kept.
 */
export async function writeLayoutTree(targets: readonly string[], flags: LayoutTreeFlags, output: string | undefined, options: LayoutTreeOptions = {}): Promise<WrittenTree> {
  const [host, engine] = await Promise.all([import('../../host/index.js'), import('../../engine/index.js')]);
  const layout = flags.layout === 'argocd' ? 'argocd' : 'flux';
  const tool = layout === 'argocd' ? 'Argo CD' : 'Flux';
  if (!output) throw engine.kurelErrors.flag(`--layout ${layout} writes a tree of folders: give the output folder with -o DIR (kurel explain --layout ${layout} shows the tree)`);
  if (flags.format !== 'yaml') throw engine.kurelErrors.flag(`--format ${flags.format}: the ${tool} tree is YAML files, kustomize's and ${tool}'s format`);
  const ownersRelativeTo = options.ownersRelativeTo ?? output;
  // No target: standard input when piped, else the current folder when it is a package.
  const named = targets.length > 0 ? host.expandTargets(targets) : [host.defaultTarget()];
  if (named.length > 1) {
    const perPackage = (['values', 'set', 'set-string', 'set-json', 'set-file'] as const).filter((name) => (flags[name] ?? []).length > 0);
    if (perPackage.length > 0) {
      throw engine.kurelErrors.flag(`--${perPackage[0]} sets the values of one package, and ${named.length} are built (${named.join(', ')}); build that package alone, or put its values in its own values.yaml or environments`);
    }
  }
  if (options.shard && named.some((target) => target === undefined || target === host.STDIN_TARGET)) {
    throw engine.kurelErrors.flag('--shard picks packages by their paths, and an application on standard input has none: name the package folders');
  }
  const packages = options.shard ? shareOf(named as string[], options.shard, ownersRelativeTo, host) : named;
  const counted = { built: packages.length, named: named.length };
  const environments = [...new Set(options.environments ?? [flags.environment])];
  if (environments.length > 1 && flags['cluster-dir'] !== undefined) {
    throw engine.kurelErrors.flag(`--cluster-dir ${flags['cluster-dir']} names one top folder, and ${environments.length} environments are built (${environments.join(', ')}): each environment's tree goes to clusters/<environment>; build them one at a time to name their folders`);
  }
  // Environment by environment: the packages of the first have all built while the last are
  // building, and its tree is staged meanwhile (`TreeStager`).
  const tasks = environments.flatMap((environment) => packages.map((target): PlanTask => ({ target, flags: { ...flags, environment }, ownersRelativeTo })));
  const cached = (flags as { cache?: boolean }).cache === true;
  const carried = cached ? new CarriedOwners(host, output, engine.ownerKey) : undefined;
  // Where files are trusted by their stats, and there are packages enough to look up, the trees
  // there are listed and stat'ed on a thread of their own meanwhile.
  const listings =
    cached && tasks.length >= LOOKUPS_TO_LIST_APART ? await host.TreeListings.start(existingTrees(environments, (environment) => host.layoutTreeFolder(output, engine.topDirectory(flags['cluster-dir'], environment)))) : undefined;
  const stager = new TreeStager({
    output,
    layout,
    groups: environments.length,
    perGroup: packages.length,
    trustStamps: cached,
    write: host.prepareLayoutTreeWrite,
    ownerKey: engine.ownerKey,
    committed: carried && ((write, plans) => carried.remember(write, plans)),
    keptFrom: carried && ((top) => carried.keptFrom(top)),
    listings,
  });
  try {
    const outcomes = await planPackages(tasks, options.jobs ?? 1, { ...stager.hooks(), carryOver: carried?.carryOver });
    const plans: PackagePlan[] = [];
    const failures: Diagnostic[] = [];
    outcomes.forEach((outcome, at) => {
      if (outcome.plan) plans.push(outcome.plan);
      // Each package's errors lead with its own files; one that names none is told by its package.
      else for (const diagnostic of outcome.failures) failures.push(diagnostic.file === undefined && named.length > 1 ? { ...diagnostic, message: `${tasks[at].target}: ${diagnostic.message}` } : diagnostic);
    });
    // The warnings of the packages that built come first, as each would print them alone.
    if (options.warnings !== false) await reportWarnings(plans.flatMap((plan) => plan.warnings), engine.formatDiagnostic);
    if (failures.length > 0) throw new engine.KurelError(failures);
    const written = stager.commit();
    return {
      trees: written.map(({ folder, written: files }) => ({ folder, written: files })),
      removed: written.flatMap(({ removed }) => removed),
      configFile: plans[0]?.configFile,
      packages: counted,
    };
  } finally {
    stager.abandon();
    listings?.close();
  }
}

/**
 * Cache lookups (packages × environments) that take longer than a thread takes to start and list
 * a tree, so that the tree is listed by the time it is read: measured on two cores, a thread
 * starts in some 30 ms, lists some 100 files a millisecond, and a lookup takes 0.1-0.15 ms. A
 * build of a few packages into a large tree lists it here: waiting for a thread to start would
 * cost it more (a package of 300 built into their tree: 0.23 s against 0.18 s).
 */
const LOOKUPS_TO_LIST_APART = 256;

/**
 * The top folders the environments' trees go to, by the flags (a config that names another cluster
 * folder writes elsewhere, and its trees are listed when written): those there already.
 */
function existingTrees(environments: ReadonlyArray<string | undefined>, folderOf: (environment: string | undefined) => string): string[] {
  try {
    return environments.map((environment) => resolve(folderOf(environment))).filter((folder) => statSync(folder, { throwIfNoEntry: false })?.isDirectory());
  } catch {
    // Flags the build refuses: it reports them.
    return [];
  }
}

/** The packages of one shard, by their owner paths. */
function shareOf(packages: readonly string[], shard: Shard, ownersRelativeTo: string, host: typeof import('../../host/index.js')): string[] {
  return packages.filter((target) => host.shardOf(host.packagePath(target, ownersRelativeTo), shard.count) === shard.index);
}
