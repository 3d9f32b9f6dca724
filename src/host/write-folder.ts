import { mkdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { kurelErrors } from '../plugin-api/index.js';

/**
 * Writes a set of files as one folder, atomically: everything goes to a sibling temporary folder,
 * which then takes the target's place. A failure leaves the target as it was.
 */
export function writeFolderAtomically(target: string, files: Record<string, string>): void {
  const destination = resolve(target);
  const staging = `${destination}.kurel-${process.pid}.tmp`;
  const previous = `${destination}.kurel-${process.pid}.old`;
  try {
    rmSync(staging, { recursive: true, force: true });
    for (const [path, content] of Object.entries(files)) {
      const file = join(staging, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
    }
    mkdirSync(dirname(destination), { recursive: true });
    if (existsSync(destination)) renameSync(destination, previous);
    renameSync(staging, destination);
    rmSync(previous, { recursive: true, force: true });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (existsSync(previous) && !existsSync(destination)) renameSync(previous, destination);
    throw kurelErrors.input(`writing output folder "${target}": ${(error as Error).message}`, { file: target });
  }
}
