import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kurelErrors } from '../../plugin-api/index.js';
import { describeFsError } from '../files/fs-error.js';

/** A temporary output folder, and the function that removes it. */
export interface ScratchFolder {
  dir: string;
  remove: () => void;
}

/** An empty temporary output folder. */
export function scratchFolder(): ScratchFolder {
  const dir = mkdtempSync(join(tmpdir(), 'kurel-compare-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A temporary output folder holding a copy of `outputDir`'s trees, each folder of `tops` inside it
 * (`.` for `outputDir` itself; one per environment): writing a tree into the copy does what writing it into `outputDir`
 * would do, refusals included, and leaves `outputDir` untouched. Symbolic links are copied as links,
 * so that the writer refuses them as it would in `outputDir`.
 */
export function scratchCopy(outputDir: string, tops: readonly string[]): ScratchFolder {
  const scratch = scratchFolder();
  for (const top of tops) {
    const source = join(outputDir, ...top.split('/'));
    if (!existsSync(source)) continue;
    try {
      cpSync(source, join(scratch.dir, ...top.split('/')), { recursive: true, verbatimSymlinks: true });
    } catch (error) {
      scratch.remove();
      throw kurelErrors.input(`reading "${source}": ${describeFsError(error, source)}`, { file: source });
    }
  }
  return scratch;
}
