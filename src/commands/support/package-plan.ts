import type { Diagnostic, TreeContribution, TreeOwner } from '../../engine/index.js';
import type { PluginHosts } from '../../host/index.js';
import { loadApplication, type InputFlagValues, type LoadedApplication } from './input-flags.js';
import { layoutConfig, layoutOptions, planLayout, type LayoutChoice, type LayoutFlagValues } from './layout-flags.js';

/** The flags `build -o DIR --layout flux|argocd` writes a tree with. */
export type LayoutTreeFlags = InputFlagValues & LayoutFlagValues & { format: string };

/**
 * One package built into its share of the tree; `share` is undefined when it has no objects (it
 * writes nothing). Plain data (a worker thread hands it back by structured clone).
 */
export interface PackagePlan {
  owner: TreeOwner;
  top: string;
  share?: TreeContribution;
  /** The plugin config the build used. */
  configFile?: string;
  /** The build's warnings, reported by whoever writes the tree, in the packages' order. */
  warnings: Diagnostic[];
  /** The build-cache key of the plan, where it went through the cache. */
  cacheKey?: string;
  /**
   * The tree holds this package's share as this same plan wrote it (`CarryOver`): it is kept as it
   * is, and the plan has no `share` of its own.
   */
  carried?: true;
}

export interface PlanOptions {
  /** The plugin hosts other packages of this thread started: one for the same config is reused, not loaded again. */
  hosts?: PluginHosts;
  /** The package as `loadApplication` read it for these target and flags, where the caller has read it already. */
  loaded?: LoadedApplication;
  /** Where the tree already holds a package's share as its cached plan wrote it (the cache lookup asks). */
  carryOver?: CarryOver;
}

/**
 * Whether the tree under the top folder `top` holds `owner`'s share as the plan of build-cache key
 * `key` wrote it: that plan's warnings if it does, undefined if not.
 */
export type CarryOver = (top: string, owner: TreeOwner, key: string) => Diagnostic[] | undefined;

/** Where a package's share of the tree goes: the layout's options (its flags over its config) and the top folder they name. */
export async function placeInTree({ engine, input, config, configFile }: LoadedApplication, flags: LayoutTreeFlags): Promise<{ layout: LayoutChoice; top: string }> {
  const layout = await layoutOptions(flags, layoutConfig(input.settings, config, configFile));
  return { layout, top: engine.topDirectory(layout.options.clusterDir, layout.options.environment) };
}

/** The owner a package's share is recorded under: the package (its path, or its name) and the environment built. */
export function treeOwner(pkg: string, flags: { environment?: string }): TreeOwner {
  return { package: pkg, ...(flags.environment !== undefined ? { environment: flags.environment } : {}) };
}

/**
 * Builds one package into its layout plan: plain data in (the target, the flags, the folder its
 * owner path is relative to), plain data out, so that packages can be built apart.
 */
export async function planPackage(target: string | undefined, flags: LayoutTreeFlags, ownersRelativeTo: string, options: PlanOptions = {}): Promise<PackagePlan> {
  const loaded = options.loaded ?? (await loadApplication(target, flags, { hosts: options.hosts }));
  const { host, engine, registry, input, fetch, renderCharts, configFile } = loaded;
  // The layout flags are checked before the build, so that a mistyped one costs nothing.
  const { layout, top } = await placeInTree(loaded, flags);
  const result = await engine.buildFetching(input, registry, fetch, renderCharts);
  const warnings = [...result.warnings];
  const fromStdin = target === undefined || target === host.STDIN_TARGET;
  // An application on standard input has no source path: it is known by its name.
  const owner = treeOwner(fromStdin ? `-:${result.applicationName}` : host.packagePath(target, ownersRelativeTo), flags);
  if (result.objects.length === 0) return { owner, top, configFile, warnings };
  const { plan, appliers } = await planLayout(layout, result.layout, result.namespace);
  return { owner, top, share: engine.layoutContribution(owner, plan, appliers), configFile, warnings };
}
