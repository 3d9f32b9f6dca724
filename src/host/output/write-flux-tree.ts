import type { FluxLayoutPlan, TreeOwner } from '../../engine/index.js';
import { layoutContribution } from '../../engine/index.js';
import { writeLayoutTree, type LayoutTreeWritten } from './write-layout-tree.js';

/** The kind of output a Flux tree's top folder holds. */
export const FLUX_TREE_KIND = 'flux-layout';

/**
 * Writes owners' Flux plans (one top folder) into the tree under the output folder, keeping every
 * other owner's share; `remove` takes owners out.
 */
export function writeFluxTree(outputDir: string, top: string, plans: ReadonlyArray<{ owner: TreeOwner; plan: FluxLayoutPlan }>, remove: readonly TreeOwner[] = []): LayoutTreeWritten {
  const contributions = plans.map(({ owner, plan }) => layoutContribution(owner, plan));
  return writeLayoutTree(outputDir, { top, kind: FLUX_TREE_KIND, contributions, remove });
}
