import type { Diagnostic, TreeContribution, TreeOwner } from '../../engine/index.js';
import { loadApplication, type InputFlagValues } from './input-flags.js';
import { layoutConfig, layoutOptions, planLayout, type LayoutFlagValues } from './layout-flags.js';
import { failureDiagnostics, reportWarnings } from './report.js';

/** The flags `build -o DIR --layout flux|argocd` writes a tree with. */
export type LayoutTreeFlags = InputFlagValues & LayoutFlagValues & { format: string };

export interface LayoutTreeOptions {
  /** Report each package's warnings (default true). */
  warnings?: boolean;
  /**
   * The folder the packages' owner paths are relative to (default the output folder): a scratch
   * copy of a tree is written as the tree it copies would be.
   */
  ownersRelativeTo?: string;
}

/** One package built into its share of the tree; `share` is undefined when it has no objects (it writes nothing). */
export interface PackagePlan {
  owner: TreeOwner;
  top: string;
  share?: TreeContribution;
  /** The plugin config the build used. */
  configFile?: string;
}

/**
 * Builds one package into its layout plan: plain data in (the target, the flags, the folder its
 * owner path is relative to), plain data out, so that packages can be built apart.
 */
export async function planPackage(target: string | undefined, flags: LayoutTreeFlags, ownersRelativeTo: string, options: { warnings?: boolean } = {}): Promise<PackagePlan> {
  const { host, engine, registry, input, fetch, renderCharts, configFile, config } = await loadApplication(target, flags);
  // The layout flags are checked before the build, so that a mistyped one costs nothing.
  const layout = await layoutOptions(flags, layoutConfig(input.settings, config, configFile));
  const result = await engine.buildFetching(input, registry, fetch, renderCharts);
  if (options.warnings !== false) await reportWarnings(result.warnings, engine.formatDiagnostic);
  const fromStdin = target === undefined || target === host.STDIN_TARGET;
  // An application on standard input has no source path: it is known by its name.
  const owner: TreeOwner = {
    package: fromStdin ? `-:${result.applicationName}` : host.packagePath(target, ownersRelativeTo),
    ...(flags.environment !== undefined ? { environment: flags.environment } : {}),
  };
  const top = engine.topDirectory(layout.options.clusterDir, layout.options.environment);
  if (result.objects.length === 0) return { owner, top, configFile };
  const { plan, appliers } = await planLayout(layout, result.layout, result.namespace);
  return { owner, top, share: engine.layoutContribution(owner, plan, appliers), configFile };
}

export interface WrittenTree {
  /** The tree's top folder; undefined when no package had objects and nothing was written. */
  folder?: string;
  written: number;
  /** What left the tree: files an owner no longer writes. */
  removed: Array<{ owner: TreeOwner; files: string[] }>;
  /** The plugin config the first package's build used, for a build of the same package elsewhere (an earlier revision of it). */
  configFile?: string;
}

/**
 * Targets and flags → the layout tree written into `output`, as `kurel build PKG... -o OUTPUT
 * --layout flux|argocd` does: the one path of a tree to disk (`kurel diff` writes its scratch copies
 * through it). Every package (a folder of packages standing for each of them) is built in turn,
 * every package's errors are collected and reported together, and the tree is written once, only
 * when all of them built; every other owner's share of the tree is kept.
 */
export async function writeLayoutTree(targets: readonly string[], flags: LayoutTreeFlags, output: string | undefined, options: LayoutTreeOptions = {}): Promise<WrittenTree> {
  const [host, engine] = await Promise.all([import('../../host/index.js'), import('../../engine/index.js')]);
  const layout = flags.layout === 'argocd' ? 'argocd' : 'flux';
  const tool = layout === 'argocd' ? 'Argo CD' : 'Flux';
  if (!output) throw engine.kurelErrors.flag(`--layout ${layout} writes a tree of folders: give the output folder with -o DIR (kurel explain --layout ${layout} shows the tree)`);
  if (flags.format !== 'yaml') throw engine.kurelErrors.flag(`--format ${flags.format}: the ${tool} tree is YAML files, kustomize's and ${tool}'s format`);
  const packages = targets.length > 0 ? host.expandTargets(targets) : [host.defaultTarget()];
  if (packages.length > 1) {
    const perPackage = (['values', 'set', 'set-string'] as const).filter((name) => (flags[name] ?? []).length > 0);
    if (perPackage.length > 0) {
      throw engine.kurelErrors.flag(`--${perPackage[0]} sets the values of one package, and ${packages.length} are built (${packages.join(', ')}); build that package alone, or put its values in its own values.yaml or environments`);
    }
  }
  const plans: PackagePlan[] = [];
  const failures: Diagnostic[] = [];
  for (const target of packages) {
    try {
      plans.push(await planPackage(target, flags, options.ownersRelativeTo ?? output, options));
    } catch (error) {
      // Each package's errors lead with its own files; one that names none is told by its package.
      for (const diagnostic of await failureDiagnostics(error)) {
        failures.push(diagnostic.file === undefined && packages.length > 1 ? { ...diagnostic, message: `${target}: ${diagnostic.message}` } : diagnostic);
      }
    }
  }
  if (failures.length > 0) throw new engine.KurelError(failures);
  const configFile = plans[0]?.configFile;
  const written = plans.flatMap((entry) => (entry.share ? [entry.share] : []));
  if (written.length === 0) return { written: 0, removed: [], configFile };
  // A package named twice is one owner, written once.
  const unique = new Map(written.map((share) => [`${share.owner.package}\0${share.owner.environment ?? ''}`, share]));
  return { ...host.writeLayoutTree(output, { top: plans[0].top, layout, contributions: [...unique.values()] }), configFile };
}
