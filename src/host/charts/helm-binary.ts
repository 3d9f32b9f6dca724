import { execFile, type ExecFileOptions } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { promisify } from 'node:util';

/**
 * Runs a program to its end. Bound at the call, not as the module loads: the bundle loads
 * `child_process` on first use (scripts/bundle/lazy-builtins.mjs), and most runs start no program.
 */
export function runProgram(file: string, args: string[], options: Omit<ExecFileOptions, 'encoding'>) {
  return promisify(execFile)(file, args, { ...options, encoding: 'utf8' });
}

/** The oldest helm whose `template` takes every flag kurel passes. */
const MINIMUM = [3, 8, 0];

export const INSTALL_HELM = 'install Helm 3.8 or later (https://helm.sh/docs/intro/install/) and put it on PATH, or name the binary with --helm-bin or KUREL_HELM';

export interface HelmBinary {
  path: string;
  version: string;
}

/**
 * The helm binary: the --helm-bin flag, else the KUREL_HELM variable, else the first helm on PATH.
 * A binary the user named and kurel cannot run is a problem of its own (`no such file`), not a
 * missing Helm: installing Helm would not mend it.
 */
export function locateHelm(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): { path: string } | { problem: string } {
  const named = flag ?? env.KUREL_HELM;
  if (named) {
    const source = flag !== undefined ? `--helm-bin ${named}` : `KUREL_HELM=${named}`;
    if (!isAbsolute(named) && !named.includes('/')) {
      const found = onPath(named, env);
      return found ? { path: found } : { problem: `${source}: no executable "${named}" on PATH` };
    }
    const path = resolve(named);
    const problem = runnableProblem(path);
    return problem ? { problem: `${source}: ${problem}` } : { path };
  }
  const found = onPath(process.platform === 'win32' ? 'helm.exe' : 'helm', env);
  return found ? { path: found } : { problem: `none was found; ${INSTALL_HELM}` };
}

/** Why a file named as a program cannot be run, or undefined when it can. */
function runnableProblem(path: string): string | undefined {
  let stat;
  try {
    stat = statSync(path);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
  }
  if (stat.isDirectory()) return 'is a folder, not the helm binary';
  return executable(path) ? undefined : 'is not executable (chmod +x it)';
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const folder of (env.PATH ?? '').split(delimiter)) {
    if (!folder) continue;
    const candidate = join(folder, name);
    if (executable(candidate)) return candidate;
  }
  return undefined;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The binary's version, refused when it is older than Helm 3.8 or not helm at all. Returns a problem text or the version. */
export async function helmVersion(path: string): Promise<{ version: string } | { problem: string }> {
  let version: string;
  try {
    version = (await runProgram(path, ['version', '--template', '{{.Version}}'], { timeout: 30_000 })).stdout.trim();
  } catch (error) {
    return { problem: `${path} does not answer "helm version": ${(error as Error).message.split('\n')[0]}` };
  }
  const parts = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version)?.slice(1).map(Number);
  if (!parts) return { problem: `${path} reports the version "${version}", which is not a Helm version` };
  const older = parts[0] !== MINIMUM[0] ? parts[0] < MINIMUM[0] : parts[1] < MINIMUM[1];
  if (older) return { problem: `${path} is Helm ${version}, older than 3.8` };
  return { version };
}
