import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type BuildInput, type InputFile, type TransformSettings } from '../engine/index.js';
import { kurelErrors } from '../plugin-api/index.js';

export interface BuildRequest {
  /** `app.yaml` or a package folder holding one. */
  target: string;
  profile?: string;
  values?: string;
  sets: string[];
  capabilityDefinitions: string[];
  strictCapabilities: boolean;
  settings: TransformSettings;
}

/** Where the application is: its file and its folder (package mode when `kurel.yaml` sits beside it). */
export function locateApplication(target: string): { appFile: string; appDir: string } {
  let stats;
  try {
    stats = statSync(target);
  } catch (error) {
    throw kurelErrors.input(`accessing "${target}": ${describeFsError(error)}`, { file: target });
  }
  if (stats.isDirectory()) return { appFile: join(target, 'app.yaml'), appDir: target };
  return { appFile: target, appDir: dirname(target) };
}

/** Reads every input file of a build; the engine gets texts only. */
export function readBuildInput(request: BuildRequest): BuildInput {
  const { appFile, appDir } = locateApplication(request.target);
  const application = readInput(appFile, 'reading application file');
  const packageFile = join(appDir, 'kurel.yaml');
  const packageMode = existsSync(packageFile);
  if (!packageMode && (request.values !== undefined || request.sets.length > 0)) {
    throw kurelErrors.flag(`--values and --set require a kurel.yaml package descriptor in "${appDir}"`);
  }
  return {
    application,
    profile: request.profile !== undefined ? readInput(request.profile, 'reading profile file') : undefined,
    package: packageMode ? readInput(packageFile, 'reading package file') : undefined,
    values: request.values !== undefined ? readInput(request.values, 'reading values file') : undefined,
    sets: request.sets,
    capabilityDefinitions: [...request.capabilityDefinitions.map((file) => readInput(file, 'reading capability definition file')), ...definitionsFolder(appDir)],
    settings: request.settings,
    strictCapabilities: request.strictCapabilities,
  };
}

/** Every `*.yaml` in `<appDir>/definitions/`; a missing folder is fine. */
function definitionsFolder(appDir: string): InputFile[] {
  const folder = join(appDir, 'definitions');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.yaml') || name.endsWith('.yml'))
    .sort()
    .map((name) => readInput(join(folder, name), 'reading capability definition file'));
}

export function readInput(file: string, what: string): InputFile {
  try {
    return { file, text: readFileSync(file, 'utf8') };
  } catch (error) {
    throw kurelErrors.input(`${what} "${file}": ${describeFsError(error)}`, { file });
  }
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return String((error as Error)?.message ?? error);
}

