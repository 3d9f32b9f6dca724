import { readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/** How large a run's work is, judged by the bytes of its input before anything loads. */
export type RunSize = 'tiny' | 'small' | 'large';

/** Up to this much input V8's baseline compiler is left off (see v8-flags.ts). */
const TINY_INPUT_BYTES = 16 * 1024;
/** Up to this much input V8's young generation keeps its first size (see v8-flags.ts). */
const SMALL_INPUT_BYTES = 256 * 1024;

/**
 * The size of the run `args` (the command line after `kurel`) asks for. `kurel schemas` publishes
 * every registered type whatever it is given: its work is never small.
 */
export function runSize(args: readonly string[]): RunSize {
  if (args[0] === 'schemas') return 'large';
  const bytes = inputBytes(args);
  return bytes <= TINY_INPUT_BYTES ? 'tiny' : bytes <= SMALL_INPUT_BYTES ? 'small' : 'large';
}

/**
 * The bytes of a run's input: the files its arguments name, and the YAML files directly in a
 * folder one names (a package). A flag's `--name=value` counts its value; the folder
 * `-o/--output` names is written, not read.
 */
function inputBytes(args: readonly string[]): number {
  let bytes = 0;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i];
    if (arg === '-o' || arg === '--output') i++;
    if (arg.startsWith('-o') || arg.startsWith('--output')) continue;
    // `--name=value` names its value; any other flag names nothing (its value is the next argument).
    const path = arg.startsWith('--') ? arg.slice(arg.indexOf('=') + 1) : arg;
    if (path === '' || path.startsWith('-')) continue;
    const stat = statOf(path);
    if (stat?.isFile()) bytes += stat.size;
    else if (stat?.isDirectory()) bytes += yamlBytesIn(path);
  }
  return bytes;
}

/**
 * The bytes of the YAML files directly in `folder`: a package's application, values and config.
 * A folder with none but with folders in it is a folder of packages (a fleet), counted as large
 * without reading them all: its run builds every package below it.
 */
function yamlBytesIn(folder: string): number {
  try {
    const entries = readdirSync(folder, { withFileTypes: true });
    const yaml = entries.filter((entry) => /\.ya?ml$/.test(entry.name));
    if (yaml.length === 0 && entries.some((entry) => entry.isDirectory())) return Number.POSITIVE_INFINITY;
    return yaml.reduce((sum, { name }) => sum + (statOf(join(folder, name))?.size ?? 0), 0);
  } catch {
    // An unreadable folder is the command's to report.
    return 0;
  }
}

/**
 * What `path` names, or nothing where it names nothing that can be read (missing, a name too long,
 * a loop of links, a file taken for a folder, no permission): the command reports those, with the
 * file and the reason, once it reads its input.
 */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
