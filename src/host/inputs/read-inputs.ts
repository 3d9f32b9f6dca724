import { closeSync, existsSync, fstatSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_INPUT_LIMITS, overLimit, setFilePaths, type BuildInput, type InputFile, type InputLimits, type TransformSettings } from '../../engine/index.js';
import { isKurelError, kurelErrors } from '../../plugin-api/index.js';
import { describeFsError } from '../files/fs-error.js';

export interface BuildRequest {
  /** `app.yaml` or a package folder holding one. */
  target: string;
  profile?: string;
  /** `--values` files, in order; `values.yaml` beside `kurel.yaml` is read before them. */
  values?: string[];
  sets: string[];
  setStrings?: string[];
  /** `--set-json` flags, in order. */
  setJsons?: string[];
  /** `--set-file` flags, in order: each file they name is read here, relative to the working folder. */
  setFiles?: string[];
  capabilityDefinitions: string[];
  strictCapabilities: boolean;
  settings: TransformSettings;
  /** The limits every input file is held to; the defaults when absent. */
  limits?: InputLimits;
  /** An application already read (a KRM function's functionConfig): like one on standard input, it has no package beside it. */
  application?: InputFile;
}

/** The target that means "read the application from standard input", as `-` means for kubectl and helm. */
export const STDIN_TARGET = '-';
/** How positions in an application read from standard input are reported. */
export const STDIN_FILE = '<stdin>';

/**
 * The target when none is given: standard input when something is piped or redirected into it,
 * else the current folder when it is a package (it holds app.yaml or kurel.yaml), as `helm
 * template .` is typed there; otherwise nothing (a terminal, or /dev/null, has no application to give).
 */
export function defaultTarget(): string | undefined {
  if (stdinPiped()) return STDIN_TARGET;
  return existsSync('app.yaml') || existsSync('kurel.yaml') ? '.' : undefined;
}

function stdinPiped(): boolean {
  try {
    const stats = fstatSync(0);
    return stats.isFIFO() || stats.isFile() || stats.isSocket();
  } catch {
    return false;
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
  const limits = request.limits ?? DEFAULT_INPUT_LIMITS;
  const readInput = (file: string, what: string) => readLimitedInput(file, what, limits);
  const fromStdin = appFile === STDIN_TARGET;
  const application = request.application ? { ...request.application, limits } : fromStdin ? readStdin(limits) : readInput(appFile, 'reading application file');
  // An application on standard input is a single document: it has no package or definitions beside it.
  const packageFile = join(appDir, 'kurel.yaml');
  const packageMode = !fromStdin && existsSync(packageFile);
  const valuesFiles = request.values ?? [];
  const setStrings = request.setStrings ?? [];
  const setJsons = request.setJsons ?? [];
  const setFiles = request.setFiles ?? [];
  if (!packageMode && (valuesFiles.length > 0 || [request.sets, setStrings, setJsons, setFiles].some((flags) => flags.length > 0))) {
    throw kurelErrors.flag(`--values and --set require a kurel.yaml package descriptor in "${appDir}"`);
  }
  return {
    application,
    profile: request.profile !== undefined ? readInput(request.profile, 'reading profile file') : undefined,
    package: packageMode ? readInput(packageFile, 'reading package file') : undefined,
    values: packageMode ? layeredValues(appDir, valuesFiles, limits) : [],
    sets: request.sets,
    setStrings,
    setJsons,
    setFiles,
    setFileTexts: setFileTexts(setFiles, limits),
    capabilityDefinitions: [...request.capabilityDefinitions.map((file) => readInput(file, 'reading capability definition file')), ...(fromStdin ? [] : definitionsFolder(appDir, limits))],
    settings: request.settings,
    strictCapabilities: request.strictCapabilities,
  };
}

/**
 * The values files in the order they layer, as a chart's are: the package's own `values.yaml`
 * first (when it has one and it is not named again), then each `--values` file.
 */
function layeredValues(appDir: string, named: readonly string[], limits: InputLimits): InputFile[] {
  const own = join(appDir, 'values.yaml');
  const ownIsNamed = named.some((file) => resolve(file) === resolve(own));
  const files = existsSync(own) && !ownIsNamed ? [own, ...named] : named;
  return files.map((file) => readLimitedInput(file, 'reading values file', limits));
}

/** The text of every file the `--set-file` flags name, by the path as written. */
function setFileTexts(entries: readonly string[], limits: InputLimits): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const entry of entries) {
    for (const path of setFilePaths(entry)) {
      if (path in texts) continue;
      let size: number;
      try {
        size = statSync(path).size;
        if (size <= limits.fileBytes) texts[path] = readFileSync(path, 'utf8');
      } catch (error) {
        throw kurelErrors.flag(`reading "${path}": ${describeFsError(error)}`, { path: `--set-file ${entry}` });
      }
      if (size > limits.fileBytes) throw overLimit('fileBytes', limits.fileBytes, `${size} bytes`, { file: path });
    }
  }
  return texts;
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

function readStdin(limits: InputLimits): InputFile {
  let text: string;
  try {
    text = readFileSync(0, 'utf8');
  } catch (error) {
    throw kurelErrors.input(`reading application from standard input: ${describeFsError(error)}`, { file: STDIN_FILE });
  }
  if (text.trim() === '') throw kurelErrors.input('standard input is empty: pipe an Application into kurel, or name app.yaml or a package folder', { file: STDIN_FILE });
  const bytes = Buffer.byteLength(text);
  if (bytes > limits.fileBytes) throw overLimit('fileBytes', limits.fileBytes, `${bytes} bytes`, { file: STDIN_FILE, ...positionOfOffset(Buffer.from(text).subarray(0, limits.fileBytes).toString('utf8')) });
  return { file: STDIN_FILE, text, limits };
}

/** Reads an input file under the default limits. */
export function readInput(file: string, what: string): InputFile {
  return readLimitedInput(file, what);
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
  return positionOfOffset(head.subarray(0, read).toString('utf8'));
}

/** The line and column just past `text`. */
function positionOfOffset(text: string): { line: number; column: number } {
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) line += 1;
  return { line, column: text.length - text.lastIndexOf('\n') };
}
