import { type InputFlagValues, loadApplication } from './input-flags.js';
import { layoutOptions, type LayoutFlagValues } from './layout-flags.js';
import { reportWarnings } from './report.js';

/** The flags `build -o DIR --layout flux` writes a tree with. */
export type LayoutTreeFlags = InputFlagValues & LayoutFlagValues & { layout?: string; format: string };

export interface WrittenTree {
  /** The tree's top folder; undefined when the build made no object and nothing was written. */
  folder?: string;
  written: number;
  /** The plugin config the build used, for a build of the same package elsewhere (an earlier revision of it). */
  configFile?: string;
}

/**
 * Builds `target` and writes its Flux tree into `output`, as `kurel build -o OUTPUT --layout
 * flux` does: the one path of a tree to disk, so that `kurel diff` compares with what build
 * writes, not with a second rendering of it.
 */
export async function writeLayoutTree(target: string | undefined, flags: LayoutTreeFlags, output: string | undefined, options: { warnings?: boolean } = {}): Promise<WrittenTree> {
  const { host, engine, registry, input, fetch, renderCharts, configFile, flux } = await loadApplication(target, flags);
  if (!output) throw engine.kurelErrors.flag('--layout flux writes a tree of folders: give the output folder with -o DIR (kurel explain --layout flux shows the tree)');
  if (flags.format !== 'yaml') throw engine.kurelErrors.flag(`--format ${flags.format}: the Flux tree is YAML files, kustomize's and Flux's format`);
  // The layout flags are checked before the build, so that a mistyped one costs nothing.
  const layout = await layoutOptions(flags, input.settings.fluxNamespace, flux);
  const result = await engine.buildFetching(input, registry, fetch, renderCharts);
  if (options.warnings !== false) await reportWarnings(result.warnings, engine.formatDiagnostic);
  if (result.objects.length === 0) return { written: 0, configFile };
  const { folder, written } = host.writeFluxTree(output, engine.planFluxLayout(result.layout, layout));
  return { folder, written, configFile };
}
