import * as Flags from '@oclif/core/flags';
import type { ArgoLayoutOptions, ArgoSettings, FluxLayoutOptions, LayoutPlan, LayoutTree } from '../../engine/index.js';

/** The flags of the layout trees, shared by `build -o DIR --layout …` and `explain --layout …`. */
export const layoutFlags = {
  layout: Flags.string({
    description: 'write (build -o DIR) or show (explain) a tree of folders for GitOps: flux (Flux Kustomizations in <top>/flux-system/), or argocd (an Argo CD Application per bundle in <top>/argocd/, from the argocd block of the kurel config, argocd.repoURL required; one root Application you create applies <top>/)',
    options: ['flux', 'argocd'],
  }),
  placement: Flags.string({ description: 'flux only: where the Flux Kustomizations go: all in <top>/flux-system/ (separate), or each in the folder above the one it applies', options: ['separate', 'per-layout'], dependsOn: ['layout'] }),
  'cluster-dir': Flags.string({ description: 'the folder at the top of the tree, inside the output folder (default: cluster)', dependsOn: ['layout'] }),
  'source-ref': Flags.string({ description: 'flux only: the source every Kustomization reads: KIND/NAME[.NAMESPACE] (default: GitRepository/flux-system, what flux bootstrap creates)', dependsOn: ['layout'] }),
};

type LayoutFlagValues = { layout?: string; placement?: string; 'cluster-dir'?: string; 'source-ref'?: string; environment?: string };

/** What the layout flags and the config settle before the build; the application's namespace comes with the build. */
export type LayoutChoice = { layout: 'flux'; options: FluxLayoutOptions } | { layout: 'argocd'; options: Omit<ArgoLayoutOptions, 'namespace'> };

interface LayoutConfig {
  fluxNamespace?: string;
  argocd?: Partial<ArgoSettings>;
  /** The config file, named by a refusal of what it lacks. */
  file?: string;
}

export async function layoutOptions(flags: LayoutFlagValues, config: LayoutConfig): Promise<LayoutChoice> {
  const engine = await import('../../engine/index.js');
  engine.topDirectory(flags['cluster-dir']);
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
  return {
    layout: 'flux',
    options: { placement: flags.placement === 'per-layout' ? 'per-layout' : 'separate', clusterDir: flags['cluster-dir'], sourceRef: engine.parseSourceRef(flags['source-ref']), fluxNamespace: config.fluxNamespace },
  };
}

/** The chosen layout's plan of the build's tree, and how the text of `explain` shows it. */
export async function planLayout(choice: LayoutChoice, tree: LayoutTree, namespace: string): Promise<{ plan: LayoutPlan; text: () => string }> {
  const engine = await import('../../engine/index.js');
  if (choice.layout === 'argocd') {
    const plan = engine.planArgoLayout(tree, { ...choice.options, namespace });
    return { plan, text: () => engine.formatArgoPlan(plan) };
  }
  const plan = engine.planFluxLayout(tree, choice.options);
  return { plan, text: () => engine.formatFluxPlan(plan) };
}
