import { createTwoFilesPatch } from 'diff';
import type { K8sObject } from '../plugin-api/index.js';
import { readYamlDocuments } from '../plugin-api/kit/index.js';
import { diffObjects, type ObjectChange } from './object-diff.js';

/** One file that differs between two trees. */
export interface FileChange {
  /** The path relative to the output folder, `/`-separated. */
  path: string;
  status: 'added' | 'removed' | 'changed';
  /** A unified diff of the whole file: an added or removed file, or a changed file that holds no Kubernetes objects. */
  patch?: string;
  /** A changed file of Kubernetes objects, object by object. */
  objects?: ObjectChange[];
  /** Objects of a changed file that only changed place in it. */
  moved?: string[];
}

export interface TreeDiff {
  same: boolean;
  /** Sorted by path. */
  files: FileChange[];
}

/**
 * Compares two trees file by file (`before` as `a/PATH`, `after` as `b/PATH`, as git diff names
 * them): added, removed and changed files, sorted by path. A changed file of Kubernetes objects is
 * compared object by object, so a change reads as the objects it changes; any other file (a
 * kustomize `kustomization.yaml`, which has no name) as a unified diff of its text.
 */
export function diffTrees(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): TreeDiff {
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort(compare);
  const files: FileChange[] = [];
  for (const path of paths) {
    const a = before.get(path);
    const b = after.get(path);
    if (a === b) continue;
    if (a === undefined || b === undefined) {
      files.push({ path, status: a === undefined ? 'added' : 'removed', patch: filePatch(path, a, b) });
      continue;
    }
    files.push(changedFile(path, a, b));
  }
  return { same: files.length === 0, files };
}

function changedFile(path: string, a: string, b: string): FileChange {
  const old = kubernetesObjects(path, a);
  const now = kubernetesObjects(path, b);
  if (old && now) {
    const result = diffObjects(old, now, { before: `a/${path}`, after: `b/${path}`, file: true });
    // The same objects written otherwise (another key order, other quoting): the text is what differs.
    if (!result.same) return { path, status: 'changed', objects: result.changes, ...(result.moved.length > 0 ? { moved: result.moved } : {}) };
  }
  return { path, status: 'changed', patch: filePatch(path, a, b) };
}

function filePatch(path: string, a: string | undefined, b: string | undefined): string {
  const patch = createTwoFilesPatch(a === undefined ? '/dev/null' : `a/${path}`, b === undefined ? '/dev/null' : `b/${path}`, a ?? '', b ?? '', undefined, undefined, { context: 3 });
  return patch.replace(/^=+\n/, '');
}

/**
 * The objects of a YAML file when every document in it is a named Kubernetes object; otherwise
 * undefined, and the file is compared as text.
 */
function kubernetesObjects(path: string, text: string): K8sObject[] | undefined {
  if (!/\.ya?ml$/.test(path)) return undefined;
  const objects: K8sObject[] = [];
  for (const document of readYamlDocuments(text)) {
    if (document.errors.length > 0) return undefined;
    const value = document.toJS() as Partial<K8sObject> | null;
    if (value === null) continue;
    if (typeof value !== 'object' || typeof value.apiVersion !== 'string' || typeof value.kind !== 'string' || typeof value.metadata?.name !== 'string') return undefined;
    objects.push(value as K8sObject);
  }
  return objects.length > 0 ? objects : undefined;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
