import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_INPUT_LIMITS, overLimit, type BuildInput, type InputFile, type InputLimits, type TransformSettings } from '../engine/index.js';
import { isKurelError, kurelErrors } from '../plugin-api/index.js';

export interface BuildRequest {
  /** `app.yaml` or a package folder holding one. */
  target: string;
  profile?: string;
  values?: string;
  sets: string[];
  capabilityDefinitions: string[];
  strictCapabilities: boolean;
  settings: TransformSettings;
  /** The limits every input file is held to; the defaults when absent. */
  limits?: InputLimits;
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
  const limits = request.limits ?? DEFAULT_INPUT_LIMITS;
  const readInput = (file: string, what: string) => readLimitedInput(file, what, limits);
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
    capabilityDefinitions: [...request.capabilityDefinitions.map((file) => readInput(file, 'reading capability definition file')), ...definitionsFolder(appDir, limits)],
    settings: request.settings,
    strictCapabilities: request.strictCapabilities,
  };
}

/** Every `*.yaml` in `<appDir>/definitions/`; a missing folder is fine. */
function definitionsFolder(appDir: string, limits: InputLimits): InputFile[] {
  const folder = join(appDir, 'definitions');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.yaml') || name.endsWith('.yml'))
    .sort()
    .map((name) => readLimitedInput(join(folder, name), 'reading capability definition file', limits));
}

/**
 * Reads an input file held to its limits. A file over `limits.fileBytes` is refused before it is
 * read whole, at the line and column where it crosses the limit.
 */
export function readLimitedInput(file: string, what: string, limits: InputLimits = DEFAULT_INPUT_LIMITS): InputFile {
  try {
    const size = statSync(file).size;
    if (size > limits.fileBytes) throw overLimit('fileBytes', limits.fileBytes, `${size} bytes`, { file, ...positionOfByte(file, limits.fileBytes) });
    return { file, text: readFileSync(file, 'utf8'), limits };
  } catch (error) {
    if (isKurelError(error)) throw error;
    throw kurelErrors.input(`${what} "${file}": ${describeFsError(error)}`, { file });
  }
}

/** The line and column of the byte at `offset`, reading no further than it. */
function positionOfByte(file: string, offset: number): { line: number; column: number } {
  const head = Buffer.alloc(offset);
  const fd = openSync(file, 'r');
  let read = 0;
  try {
    read = readSync(fd, head, 0, offset, 0);
  } finally {
    closeSync(fd);
  }
  const text = head.subarray(0, read).toString('utf8');
  const lastNewline = text.lastIndexOf('\n');
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) line += 1;
  return { line, column: text.length - lastNewline };
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return String((error as Error)?.message ?? error);
}

