import * as Flags from '@oclif/core/flags';
import { join } from 'node:path';
import type { Diagnostic, TreeContribution } from '../../engine/index.js';
import { loadApplication, type LoadedApplication } from './input-flags.js';
import { placeInTree, treeOwner, type CarryOver, type LayoutTreeFlags, type PackagePlan, type PlanOptions } from './package-plan.js';

/** The flag of the commands that build a tree of packages: whether unchanged packages come from the build cache. */
export const cacheFlags = {
  cache: Flags.boolean({
    default: true,
    allowNo: true,
    description: 'with --layout: take each package whose inputs, plugins and kurel did not change from the build cache ($KUREL_CACHE_DIR/builds, default ~/.cache/kurel/builds); --no-cache builds every package',
  }),
};

/** Flags that change no package's plan: how many to build at once, which share, where the tree goes, whether to use the cache. */
const FLAGS_OUTSIDE_THE_KEY = new Set(['cache', 'jobs', 'shard', 'output', 'force']);

type PlanPackage = (target: string | undefined, flags: LayoutTreeFlags, ownersRelativeTo: string, options: PlanOptions) => Promise<PackagePlan>;

/**
 * `plan` (a package built into its share of the tree) through the build cache: a package whose key
 * (below) is stored is not built, its stored plan (with its warnings) is taken; any other is built and
 * stored. With `flags.cache` not true (`--no-cache`, or a command without the flag), or for an
 * application on standard input (read once), it is `plan` itself. `lookup`: the package's lookup
 * (`lookUpPlan`), where the caller made it already.
 */
export async function planPackageCached(
  plan: PlanPackage,
  target: string | undefined,
  flags: LayoutTreeFlags & { cache?: boolean },
  ownersRelativeTo: string,
  options: PlanOptions = {},
  lookup?: CacheLookup,
): Promise<PackagePlan> {
  const found = lookup ?? (await lookUpPlan(target, flags, ownersRelativeTo, options));
  if (found.plan) return found.plan;
  if (!found.key) return plan(target, flags, ownersRelativeTo, options);
  const host = await import('../../host/index.js');
  const { value, usedNetwork } = await host.watchNetworkUse(() => plan(target, flags, ownersRelativeTo, { ...options, loaded: found.loaded }));
  // What a chart or a fetched document held is in no file of the package: such a build is not kept.
  if (usedNetwork) return value;
  host.writeBuildCacheEntry(host.buildCacheDir(), found.key, host.kurelBuildIdentity(), encodePlan(value));
  return { ...value, cacheKey: found.key };
}

/** A package's plan as the build cache holds it, or what was read to look it up (none where the cache is not used), for its build. */
export type CacheLookup = { plan: PackagePlan; loaded?: undefined; key?: undefined } | { plan?: undefined; loaded?: LoadedApplication; key?: string };

/**
 * Looks a package up in the build cache, building nothing: its stored plan, where its key is
 * stored. With `flags.cache` not true, or for an application on standard input, the cache is not
 * used; for inputs that cannot be read, the build that follows reports them.
 */
export async function lookUpPlan(target: string | undefined, flags: LayoutTreeFlags & { cache?: boolean }, ownersRelativeTo: string, options: PlanOptions = {}): Promise<CacheLookup> {
  const host = await import('../../host/index.js');
  if (flags.cache !== true || target === undefined || target === host.STDIN_TARGET) return {};
  let loaded: LoadedApplication;
  try {
    loaded = await loadApplication(target, flags, { hosts: options.hosts });
  } catch {
    // The build reads the same inputs and refuses them with its positioned errors.
    return {};
  }
  const key = packageKey(loaded, target, flags, ownersRelativeTo);
  const carried = options.carryOver ? await carriedPlan(loaded, target, flags, ownersRelativeTo, key, options.carryOver) : undefined;
  if (carried) return { plan: carried };
  const stored = decodePlan(host.readBuildCacheEntry(host.buildCacheDir(), key, host.kurelBuildIdentity()));
  return stored ? { plan: { ...stored, cacheKey: key } } : { loaded, key };
}

/**
 * The plan of a package whose share the tree holds as its plan of this key wrote it (`CarryOver`):
 * its owner, top folder and warnings, without its share, which is not read from the cache. None
 * where the layout flags do not check out: the build reports them.
 */
async function carriedPlan(loaded: LoadedApplication, target: string, flags: LayoutTreeFlags, ownersRelativeTo: string, key: string, carryOver: CarryOver): Promise<PackagePlan | undefined> {
  let top: string;
  try {
    ({ top } = await placeInTree(loaded, flags));
  } catch {
    return undefined;
  }
  const owner = treeOwner(loaded.host.packagePath(target, ownersRelativeTo), flags);
  const warnings = carryOver(top, owner, key);
  return warnings === undefined ? undefined : { owner, top, configFile: loaded.configFile, warnings, cacheKey: key, carried: true };
}

/**
 * The key of a package's build: everything its plan is made of. The engine is pure, so its input
 * (every file the build read, by name and text: application, package, values, profile,
 * capability definitions, the --set values, the settings the config gives) with the registry
 * (every plugin's name and version, the bytes of a plugin loaded from a file) decides its result;
 * the flags and the config decide the layout; the owner path places it in the tree.
 */
function packageKey({ host, input, plugins, configFile, config }: LoadedApplication, target: string, flags: LayoutTreeFlags, ownersRelativeTo: string): string {
  const { appDir } = host.locateApplication(target);
  const environments = flags.environment === undefined ? undefined : (flags.environments ?? join(appDir, host.ENVIRONMENTS_FILE));
  return host.buildCacheKey({
    kurel: host.kurelBuildIdentity(),
    owner: host.packagePath(target, ownersRelativeTo),
    flags: Object.entries(flags)
      .filter(([name]) => !FLAGS_OUTSIDE_THE_KEY.has(name))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    input,
    environments: environments === undefined ? undefined : [environments, host.fileDigest(environments)],
    config: [configFile, configFile === undefined ? undefined : host.fileDigest(configFile), config],
    plugins: plugins.map((loaded) => ({
      name: loaded.plugin?.meta?.name,
      version: loaded.plugin?.meta?.version,
      specifier: loaded.specifier,
      builtin: loaded.builtin,
      ...(loaded.builtin ? {} : { file: loaded.resolvedFrom, bytes: host.fileDigest(loaded.resolvedFrom) }),
    })),
  });
}

/** A plan as JSON holds it: its maps as lists of entries. */
interface StoredPlan extends Omit<PackagePlan, 'share'> {
  share?: Omit<TreeContribution, 'files' | 'indexes'> & { files: Array<[string, string]>; indexes: Array<[string, unknown]> };
}

function encodePlan(plan: PackagePlan): StoredPlan {
  const { share, ...rest } = plan;
  return { ...rest, ...(share ? { share: { ...share, files: [...share.files], indexes: [...share.indexes] } } : {}) };
}

/** The stored plan, or undefined where the entry is not one (never trusted: the package is built again). */
function decodePlan(value: unknown): PackagePlan | undefined {
  const stored = value as StoredPlan | undefined;
  if (!stored || typeof stored !== 'object' || typeof stored.top !== 'string' || !stored.owner || typeof stored.owner.package !== 'string' || !Array.isArray(stored.warnings)) return undefined;
  if (!stored.warnings.every(isDiagnostic)) return undefined;
  const { share, ...rest } = stored;
  if (share === undefined) return rest;
  if (!Array.isArray(share.files) || !Array.isArray(share.indexes) || !share.claims || !share.files.every(([path, text]) => typeof path === 'string' && typeof text === 'string')) return undefined;
  return { ...rest, share: { ...share, files: new Map(share.files), indexes: new Map(share.indexes) as TreeContribution['indexes'] } };
}

function isDiagnostic(value: unknown): value is Diagnostic {
  const diagnostic = value as Diagnostic;
  return typeof diagnostic === 'object' && diagnostic !== null && typeof diagnostic.code === 'string' && typeof diagnostic.message === 'string';
}
