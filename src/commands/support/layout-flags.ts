import * as Flags from '@oclif/core/flags';
import type { FluxLayoutOptions } from '../../engine/index.js';
import type { FluxConfig } from '../../host/index.js';

/** The flags of the Flux tree, shared by `build -o DIR --layout flux` and `explain --layout flux`. */
export const layoutFlags = {
  layout: Flags.string({ description: 'write (build -o DIR) or show (explain) the tree of folders Flux applies', options: ['flux'] }),
  placement: Flags.string({ description: 'where the Flux Kustomizations go: all in <top>/flux-system/ (separate), or each in the folder above the one it applies', options: ['separate', 'per-layout'], dependsOn: ['layout'] }),
  'cluster-dir': Flags.string({ description: 'the folder at the top of the tree, inside the output folder (default: clusters/<environment> with --environment, else cluster)', dependsOn: ['layout'] }),
  'source-ref': Flags.string({ description: 'the source every Kustomization reads: KIND/NAME[.NAMESPACE] (default: GitRepository/flux-system, what flux bootstrap creates)', dependsOn: ['layout'] }),
};

export type LayoutFlagValues = { placement?: string; 'cluster-dir'?: string; 'source-ref'?: string; environment?: string };

/**
 * The tree's options: a flag over the config's `flux:` block over the defaults. The Kustomizations'
 * namespace is `flux.namespace`, else the namespace Flux objects go to (`fluxNamespace`).
 */
export async function layoutOptions(flags: LayoutFlagValues, fluxNamespace: string | undefined, flux: FluxConfig = {}): Promise<FluxLayoutOptions> {
  const engine = await import('../../engine/index.js');
  engine.topDirectory(flags['cluster-dir'], flags.environment);
  const defaults = { ...(flux.interval !== undefined ? { interval: flux.interval } : {}), ...(flux.prune !== undefined ? { prune: flux.prune } : {}) };
  const namespace = flux.namespace ?? fluxNamespace;
  return {
    placement: flags.placement === 'per-layout' ? 'per-layout' : 'separate',
    clusterDir: flags['cluster-dir'],
    environment: flags.environment,
    sourceRef: flags['source-ref'] === undefined && flux.sourceRef ? flux.sourceRef : engine.parseSourceRef(flags['source-ref']),
    ...(namespace !== undefined ? { fluxNamespace: namespace } : {}),
    ...(Object.keys(defaults).length > 0 ? { defaults } : {}),
  };
}
