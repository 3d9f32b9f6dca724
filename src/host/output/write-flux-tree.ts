import { join } from 'node:path';
import type { FluxLayoutPlan } from '../../engine/index.js';
import { writeOwnedFolder } from './owned-folder.js';

/**
 * Writes a Flux tree under the output folder: its top folder is kurel's own (written only when
 * missing, empty or an earlier Flux tree, and replaced whole at once); whatever else the output
 * folder holds is left alone.
 */
export function writeFluxTree(outputDir: string, plan: FluxLayoutPlan): { folder: string; written: number } {
  const folder = plan.top === '.' ? outputDir : join(outputDir, plan.top);
  const { written } = writeOwnedFolder(folder, plan.files, { kind: 'flux-layout' });
  return { folder, written };
}
