import type { Diagnostic, FluxLayoutPlan, TreeOwner } from '../../engine/index.js';
import { loadApplication, type InputFlagValues } from './input-flags.js';
import { layoutOptions, type LayoutFlagValues } from './layout-flags.js';
import { failureDiagnostics, reportWarnings } from './report.js';

export type LayoutTreeFlags = InputFlagValues & LayoutFlagValues;

/** One package built into its share of the tree; `plan` is undefined when it has no objects (it writes nothing). */
export interface PackagePlan {
  owner: TreeOwner;
  top: string;
  plan?: FluxLayoutPlan;
}

/**
 * Builds one package into its layout plan: plain data in (the target, the flags, the output
 * folder its owner is named from), plain data out, so that packages can be built apart.
 * Warnings are reported as the package is built.
 */
export async function planPackage(target: string | undefined, flags: LayoutTreeFlags, outputDir: string): Promise<PackagePlan> {
  const { host, engine, registry, input, fetch, renderCharts } = await loadApplication(target, flags);
  // The layout flags are checked before the build, so that a mistyped one costs nothing.
  const options = await layoutOptions(flags, input.settings.fluxNamespace);
  const result = await engine.buildFetching(input, registry, fetch, renderCharts);
  await reportWarnings(result.warnings, engine.formatDiagnostic);
  const fromStdin = target === undefined || target === host.STDIN_TARGET;
  // An application on standard input has no source path: it is known by its name.
  const owner: TreeOwner = {
    package: fromStdin ? `-:${result.applicationName}` : host.packagePath(target, outputDir),
    ...(flags.environment !== undefined ? { environment: flags.environment } : {}),
  };
  const top = engine.topDirectory(options.clusterDir, options.environment);
  if (result.objects.length === 0) return { owner, top };
  return { owner, top, plan: engine.planFluxLayout(result.layout, options) };
}

export interface LayoutTreeResult {
  /** The top folder written, or undefined when no package had objects to write. */
  folder?: string;
  written: number;
  removed: Array<{ owner: TreeOwner; files: string[] }>;
}

/**
 * Targets and flags → the layout tree written into `outputDir`: every package (a folder of
 * packages standing for each of them) built in turn, every package's errors collected and
 * reported together, and the tree written once, only when all of them built.
 */
export async function writeLayoutTree(targets: readonly string[], flags: LayoutTreeFlags, outputDir: string): Promise<LayoutTreeResult> {
  const [host, engine] = await Promise.all([import('../../host/index.js'), import('../../engine/index.js')]);
  const packages = targets.length > 0 ? host.expandTargets(targets) : [undefined];
  if (packages.length > 1) {
    const perPackage = ['values', 'set', 'set-string'].filter((name) => (flags[name as 'set'] ?? []).length > 0);
    if (perPackage.length > 0) {
      throw engine.kurelErrors.flag(`--${perPackage[0]} sets the values of one package, and ${packages.length} are built (${packages.join(', ')}); build that package alone, or put its values in its own values.yaml or environments`);
    }
  }
  const plans: PackagePlan[] = [];
  const failures: Diagnostic[] = [];
  for (const target of packages) {
    try {
      plans.push(await planPackage(target, flags, outputDir));
    } catch (error) {
      // Each package's errors lead with its own files; one that names none is told by its package.
      for (const diagnostic of await failureDiagnostics(error)) {
        failures.push(diagnostic.file === undefined && packages.length > 1 ? { ...diagnostic, message: `${target}: ${diagnostic.message}` } : diagnostic);
      }
    }
  }
  if (failures.length > 0) throw new engine.KurelError(failures);
  const written = plans.filter((entry): entry is Required<PackagePlan> => entry.plan !== undefined);
  if (written.length === 0) return { written: 0, removed: [] };
  const unique = new Map(written.map((entry) => [`${entry.owner.package}\0${entry.owner.environment ?? ''}`, entry]));
  return host.writeFluxTree(outputDir, written[0].top, [...unique.values()]);
}
