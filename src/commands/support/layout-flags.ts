import * as Flags from '@oclif/core/flags';
import type { ArgoLayoutOptions, ArgoSettings, FluxLayoutOptions, LayoutPlan, LayoutTree } from '../../engine/index.js';
import type { FluxConfig } from '../../host/index.js';

/** The flags of the layout trees, shared by `build -o DIR --layout …` and `explain --layout …`. */
export const layoutFlags = {
  layout: Flags.string({
    description: 'write (build -o DIR) or show (explain) a tree of folders for GitOps: flux (Flux Kustomizations in <top>/flux-system/), or argocd (an Argo CD Application per bundle in <top>/argocd/, from the argocd block of the kurel config, argocd.repoURL required; one root Application you create applies <top>/)',
    options: ['flux', 'argocd'],
  }),
  placement: Flags.string({ description: 'flux only: where the Flux Kustomizations go: all in <top>/flux-system/ (separate), or each in the folder above the one it applies', options: ['separate', 'per-layout'], dependsOn: ['layout'] }),
  'cluster-dir': Flags.string({ description: 'the folder at the top of the tree, inside the output folder (default: clusters/<environment> with --environment, else cluster)', dependsOn: ['layout'] }),
  'source-ref': Flags.string({ description: 'flux only: the source every Kustomization reads: KIND/NAME[.NAMESPACE] (default: GitRepository/flux-system, what flux bootstrap creates)', dependsOn: ['layout'] }),
};

export type LayoutFlagValues = { layout?: string; placement?: string; 'cluster-dir'?: string; 'source-ref'?: string; environment?: string };

/** What the layout flags and the config settle before the build; the application's namespace comes with the build. */
export type LayoutChoice = { layout: 'flux'; options: FluxLayoutOptions } | { layout: 'argocd'; options: Omit<ArgoLayoutOptions, 'namespace'> };

/** The kurel config's settings a layout reads. */
export interface LayoutConfig {
  /** The namespace Flux objects go to. */
  fluxNamespace?: string;
  flux?: FluxConfig;
  argocd?: Partial<ArgoSettings>;
  /** The config file, named by a refusal of what it lacks. */
  file?: string;
}

/** The layout settings of a loaded application's settings and kurel config. */
export function layoutConfig(settings: { fluxNamespace?: string }, config: { flux?: FluxConfig; argocd?: Partial<ArgoSettings> }, file: string | undefined): LayoutConfig {
  return { fluxNamespace: settings.fluxNamespace, flux: config.flux, argocd: config.argocd, file };
}

/**
 * The tree's options: a flag over the config's `flux:` or `argocd:` block over the defaults. The
 * Kustomizations' namespace is `flux.namespace`, else the namespace Flux objects go to (`fluxNamespace`).
 */
export async function layoutOptions(flags: LayoutFlagValues, config: LayoutConfig): Promise<LayoutChoice> {
  const engine = await import('../../engine/index.js');
  engine.topDirectory(flags['cluster-dir'], flags.environment);
  if (flags.layout === 'argocd') {
    for (const flux of ['placement', 'source-ref'] as const) {
      if (flags[flux] !== undefined) throw engine.kurelErrors.flag(`--${flux} is Flux's: --layout argocd writes one Application per bundle into <top>/argocd/ and reads its source from argocd.repoURL in the kurel config`);
    }
    const argocd = config.argocd ?? {};
    if (argocd.repoURL === undefined) {
      throw engine.kurelErrors.config(`--layout argocd needs the repository Argo CD reads the tree from: set argocd.repoURL in the kurel config${config.file ? '' : ' (none was found: e.g. .kurelrc.yaml beside app.yaml)'}`, {
        ...(config.file ? { file: config.file } : {}),
        path: 'argocd.repoURL',
      });
    }
    return { layout: 'argocd', options: { clusterDir: flags['cluster-dir'], argocd: { ...argocd, repoURL: argocd.repoURL }, environment: flags.environment } };
  }
  const flux = config.flux ?? {};
  const defaults = { ...(flux.interval !== undefined ? { interval: flux.interval } : {}), ...(flux.prune !== undefined ? { prune: flux.prune } : {}) };
  const namespace = flux.namespace ?? config.fluxNamespace;
  return {
    layout: 'flux',
    options: {
      placement: flags.placement === 'per-layout' ? 'per-layout' : 'separate',
      clusterDir: flags['cluster-dir'],
      environment: flags.environment,
      sourceRef: flags['source-ref'] === undefined && flux.sourceRef ? flux.sourceRef : engine.parseSourceRef(flags['source-ref']),
      ...(namespace !== undefined ? { fluxNamespace: namespace } : {}),
      ...(Object.keys(defaults).length > 0 ? { defaults } : {}),
    },
  };
}

/**
 * The chosen layout's plan of the build's tree, the delivery objects that apply its folders (what
 * its owner claims in a tree of several), and how the text of `explain` shows it.
 */
export async function planLayout(
  choice: LayoutChoice,
  tree: LayoutTree,
  namespace: string,
): Promise<{ plan: LayoutPlan; appliers: ReadonlyArray<{ name: string; path: string }>; text: () => string }> {
  const engine = await import('../../engine/index.js');
  if (choice.layout === 'argocd') {
    const plan = engine.planArgoLayout(tree, { ...choice.options, namespace });
    return { plan, appliers: plan.applications, text: () => engine.formatArgoPlan(plan) };
  }
  const plan = engine.planFluxLayout(tree, choice.options);
  return { plan, appliers: plan.kustomizations, text: () => engine.formatFluxPlan(plan) };
}
