import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import type { K8sObject } from '../../plugin-api/index.js';
import { kurelErrors } from '../../plugin-api/index.js';
import { readYamlDocuments } from '../../plugin-api/kit/index.js';

/** Every object of the YAML files in a folder (an earlier `build -o`), files in name order. */
export function readManifestFolder(folder: string): K8sObject[] {
  const files = (readdirSync(folder, { recursive: true }) as string[])
    .filter((name) => /\.ya?ml$/.test(name) && !name.split(/[\\/]/).some((part) => part.startsWith('.')))
    .sort();
  return files.flatMap((name) => {
    const file = join(folder, name);
    const documents = readYamlDocuments(readFileSync(file, 'utf8'));
    return documents.flatMap((document) => {
      if (document.errors.length > 0) throw kurelErrors.input(`reading "${file}": ${document.errors[0].message.split('\n')[0]}`, { file });
      const value = document.toJS() as K8sObject | null;
      return value && typeof value === 'object' && 'kind' in value ? [value] : [];
    });
  });
}

/** Whether `--against` names a folder, rather than a git revision. */
export function isFolder(against: string): boolean {
  return existsSync(against) && statSync(against).isDirectory();
}

/**
 * The target as it was at a git revision: the git repository holding it is exported at that
 * revision into a temporary folder (the user's checkout and index stay untouched), and the
 * target's path inside that copy is returned with a function that removes the copy.
 */
export function checkoutAtRevision(target: string, revision: string): { target: string; cleanup: () => void } {
  const absolute = resolve(target);
  const where = statSync(absolute).isDirectory() ? absolute : dirname(absolute);
  let root: string;
  try {
    root = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: where, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    execFileSync('git', ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch {
    throw kurelErrors.flag(`--against ${revision}: neither a folder nor a git revision of the repository holding "${target}"`);
  }
  const copy = mkdtempSync(join(tmpdir(), 'kurel-against-'));
  const cleanup = () => rmSync(copy, { recursive: true, force: true });
  try {
    const archive = execFileSync('git', ['archive', '--format=tar', revision], { cwd: root, maxBuffer: 1024 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
    execFileSync('tar', ['-x', '-C', copy], { input: archive, stdio: ['pipe', 'ignore', 'pipe'] });
  } catch (error) {
    cleanup();
    throw kurelErrors.input(`exporting revision ${revision} of "${root}": ${(error as Error).message.split('\n')[0]}`);
  }
  const inside = join(copy, relative(root, absolute));
  if (!existsSync(inside)) {
    cleanup();
    throw kurelErrors.input(`"${target}" does not exist at revision ${revision}`, { file: target });
  }
  return { target: inside, cleanup };
}
