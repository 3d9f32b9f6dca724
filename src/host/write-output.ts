import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kurelErrors } from '../plugin-api/index.js';

/**
 * Writes `<dir>/<name>.yaml` atomically: the bytes go to a temporary file in the same folder,
 * which is then renamed over the target, so a reader never sees half a file.
 */
export function writeOutputFile(dir: string, name: string, content: string): string {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
  } catch (error) {
    throw kurelErrors.input(`creating output directory "${dir}": ${(error as Error).message}`, { file: dir });
  }
  const target = join(dir, `${name}.yaml`);
  const temporary = join(dir, `.${name}.yaml.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, content, { mode: 0o644 });
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw kurelErrors.input(`writing output file "${target}": ${(error as Error).message}`, { file: target });
  }
  return target;
}
