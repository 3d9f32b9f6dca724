import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, refuse } from '../engine/index.js';

/**
 * Writes `<dir>/<name>.yaml` (or `.json`) atomically: the bytes go to a temporary file in the same folder,
 * which is then renamed over the target, so a reader never sees half a file.
 */
export function writeOutputFile(dir: string, name: string, content: string, extension: 'yaml' | 'json' = 'yaml'): string {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
  } catch (error) {
    throw refuse(ErrorCode.input, `creating output directory "${dir}": ${(error as Error).message}`, { file: dir });
  }
  const target = join(dir, `${name}.${extension}`);
  const temporary = join(dir, `.${name}.${extension}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, content, { mode: 0o644 });
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw refuse(ErrorCode.input, `writing output file "${target}": ${(error as Error).message}`, { file: target });
  }
  return target;
}
