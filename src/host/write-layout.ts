import { join } from 'node:path';
import type { FluxLayoutPlan } from '../engine/index.js';
import { writeFolderAtomically } from './write-folder.js';

/**
 * Writes a Flux tree under the output folder: its top folder is kurel's whole, replaced at once;
 * whatever else the output folder holds is left alone.
 */
export function writeFluxTree(outputDir: string, plan: FluxLayoutPlan): { folder: string; written: number } {
  const folder = plan.top === '.' ? outputDir : join(outputDir, plan.top);
  writeFolderAtomically(folder, Object.fromEntries(plan.files));
  return { folder, written: plan.files.size };
}
