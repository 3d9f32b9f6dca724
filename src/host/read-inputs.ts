import { existsSync, fstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { type BuildInput, type InputFile, type TransformSettings } from '../engine/index.js';
import { kurelErrors } from '../plugin-api/index.js';

export interface BuildRequest {
  /** `app.yaml` or a package folder holding one. */
  target: string;
  profile?: string;
  /** `--values` files, in order; `values.yaml` beside `kurel.yaml` is read before them. */
  values?: string[];
  sets: string[];
  setStrings?: string[];
  capabilityDefinitions: string[];
  strictCapabilities: boolean;
  settings: TransformSettings;
}

/** The target that means "read the application from standard input", as `-` means for kubectl and helm. */
export const STDIN_TARGET = '-';
/** How positions in an application read from standard input are reported. */
export const STDIN_FILE = '<stdin>';

/**
 * The target when none is given: standard input when something is piped or redirected into it,
 * otherwise nothing (a terminal, or /dev/null, has no application to give).
 */
export function defaultTarget(): string | undefined {
  try {
    const stats = fstatSync(0);
    return stats.isFIFO() || stats.isFile() || stats.isSocket() ? STDIN_TARGET : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the application is: its file and its folder (package mode when `kurel.yaml` sits beside it).
 * An application on standard input has the current folder as its folder, for the plugin config.
 */
export function locateApplication(target: string): { appFile: string; appDir: string } {
  if (target === STDIN_TARGET) return { appFile: STDIN_TARGET, appDir: process.cwd() };
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
  const fromStdin = appFile === STDIN_TARGET;
  const application = fromStdin ? readStdin() : readInput(appFile, 'reading application file');
  // An application on standard input is a single document: it has no package or definitions beside it.
  const packageFile = join(appDir, 'kurel.yaml');
  const packageMode = !fromStdin && existsSync(packageFile);
  const valuesFiles = request.values ?? [];
  const setStrings = request.setStrings ?? [];
  if (!packageMode && (valuesFiles.length > 0 || request.sets.length > 0 || setStrings.length > 0)) {
    throw kurelErrors.flag(`--values and --set require a kurel.yaml package descriptor in "${appDir}"`);
  }
  return {
    application,
    profile: request.profile !== undefined ? readInput(request.profile, 'reading profile file') : undefined,
    package: packageMode ? readInput(packageFile, 'reading package file') : undefined,
    values: packageMode ? layeredValues(appDir, valuesFiles) : [],
    sets: request.sets,
    setStrings,
    capabilityDefinitions: [...request.capabilityDefinitions.map((file) => readInput(file, 'reading capability definition file')), ...(fromStdin ? [] : definitionsFolder(appDir))],
    settings: request.settings,
    strictCapabilities: request.strictCapabilities,
  };
}

/**
 * The values files in the order they layer, as a chart's are: the package's own `values.yaml`
 * first (when it has one and it is not named again), then each `--values` file.
 */
function layeredValues(appDir: string, named: readonly string[]): InputFile[] {
  const own = join(appDir, 'values.yaml');
  const ownIsNamed = named.some((file) => resolve(file) === resolve(own));
  const files = existsSync(own) && !ownIsNamed ? [own, ...named] : named;
  return files.map((file) => readInput(file, 'reading values file'));
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

function readStdin(): InputFile {
  let text: string;
  try {
    text = readFileSync(0, 'utf8');
  } catch (error) {
    throw kurelErrors.input(`reading application from standard input: ${describeFsError(error)}`, { file: STDIN_FILE });
  }
  if (text.trim() === '') throw kurelErrors.input('standard input is empty: pipe an Application into kurel, or name app.yaml or a package folder', { file: STDIN_FILE });
  return { file: STDIN_FILE, text };
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

