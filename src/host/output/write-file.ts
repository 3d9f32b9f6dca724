import { lstatSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kurelErrors } from '../../plugin-api/index.js';
import { describeFsError } from '../files/fs-error.js';
import { makeFolders } from '../files/make-folders.js';

/**
 * Writes `<dir>/<name>.yaml` (or `.json`) atomically: the bytes go to a temporary file in the same
 * folder, which is then renamed over the target, so a reader never sees half a file. Only that one
 * file is replaced: the rest of the folder stays as it is. A symbolic link standing at the target
 * is refused rather than replaced or written through, and a name that would leave `dir` is refused.
 */
export function writeOutputFile(dir: string, name: string, content: string, extension: 'yaml' | 'json' = 'yaml'): string {
  if (name === '' || name.includes('/') || name.includes('\\') || name.startsWith('.') || name.includes('\0')) {
    throw kurelErrors.output(`refusing to write "${name}.${extension}": an output file is named after its application and stays inside "${dir}"`, { file: dir });
  }
  try {
    makeFolders(dir, 0o755);
  } catch (error) {
    throw kurelErrors.input(`creating output directory "${dir}": ${describeFsError(error, dir)}`, { file: dir });
  }
  const target = join(dir, `${name}.${extension}`);
  if (isSymbolicLink(target)) {
    throw kurelErrors.output(`refusing to write output file "${target}": it is a symbolic link, and kurel writes through none; remove it yourself`, { file: target });
  }
  const temporary = join(dir, `.${name}.${extension}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, content, { flag: 'wx', mode: 0o644 });
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw kurelErrors.input(`writing output file "${target}": ${describeFsError(error, target)}`, { file: target });
  }
  return target;
}

function isSymbolicLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
