import { join } from 'node:path';
import type { LayoutPlan } from '../../engine/index.js';
import { writeOwnedFolder } from './owned-folder.js';

/** What a layout's top folder holds, as its ownership record names it: one layout never takes over another's tree. */
export type LayoutKind = 'flux-layout' | 'argocd-layout';

/**
 * Writes a layout's tree under the output folder: its top folder is kurel's own (written only when
 * missing, empty or an earlier tree of the same layout, and replaced whole at once); whatever else
 * the output folder holds is left alone.
 */
export function writeLayoutTree(outputDir: string, plan: LayoutPlan, kind: LayoutKind): { folder: string; written: number } {
  const folder = plan.top === '.' ? outputDir : join(outputDir, plan.top);
  const { written } = writeOwnedFolder(folder, plan.files, { kind });
  return { folder, written };
}
