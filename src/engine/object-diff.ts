import { createTwoFilesPatch } from 'diff';
import type { K8sObject } from '../plugin-api/index.js';
import { writeObject } from './yaml/index.js';

/** One object's place in a manifest set: its identity, where it stands, its canonical text. */
interface Placed {
  key: string;
  index: number;
  text: string;
}

export interface ObjectDiff {
  /** Objects added, removed or changed, each as a unified diff of its YAML. */
  patches: string[];
  /** Objects whose text is the same but whose place changed: another position in the stream, or another namespace. */
  moved: string[];
  same: boolean;
}

/** `Kind/namespace/name`, or `Kind/name` when cluster-scoped: what identifies an object in a set. */
function identity(object: K8sObject): string {
  const namespace = object.metadata?.namespace;
  return `${object.kind}/${namespace ? `${namespace}/` : ''}${object.metadata?.name ?? ''}`;
}

function place(objects: readonly K8sObject[]): Map<string, Placed> {
  const out = new Map<string, Placed>();
  objects.forEach((object, index) => {
    const key = identity(object);
    out.set(key, { key, index, text: writeObject(object) });
  });
  return out;
}

/**
 * Compares two manifest sets object by object, each written the way kurel writes it (keys
 * sorted), so that only content differs: a unified diff per added, removed or changed object,
 * and the objects that only moved.
 */
export function diffObjects(before: readonly K8sObject[], after: readonly K8sObject[], labels: { before: string; after: string }): ObjectDiff {
  const old = place(before);
  const now = place(after);
  const patches: string[] = [];
  const moved: string[] = [];
  const renamed = new Set<string>();
  // An object that changed only its namespace moved: same kind, name and content elsewhere.
  for (const [key, entry] of now) {
    if (old.has(key)) continue;
    const twin = [...old.values()].find((candidate) => !now.has(candidate.key) && !renamed.has(candidate.key) && sameButNamespace(candidate.text, entry.text) && kindAndName(candidate.key) === kindAndName(key));
    if (!twin) continue;
    renamed.add(twin.key);
    renamed.add(key);
    moved.push(`${twin.key} -> ${key}`);
  }
  // Positions compared among the objects both sides hold, so an addition does not move the rest.
  const shared = [...now.keys()].filter((key) => old.has(key));
  const oldOrder = [...old.keys()].filter((key) => now.has(key));
  shared.forEach((key, position) => {
    const was = oldOrder.indexOf(key);
    if (was !== position) moved.push(`${key}: position ${was + 1} -> ${position + 1}`);
  });
  const keys = [...new Set([...old.keys(), ...now.keys()])].filter((key) => !renamed.has(key));
  for (const key of keys) {
    const a = old.get(key)?.text ?? '';
    const b = now.get(key)?.text ?? '';
    if (a === b) continue;
    patches.push(createTwoFilesPatch(old.has(key) ? `${labels.before}/${key}` : '/dev/null', now.has(key) ? `${labels.after}/${key}` : '/dev/null', a, b, undefined, undefined, { context: 3 }).replace(/^=+\n/, ''));
  }
  return { patches, moved, same: patches.length === 0 && moved.length === 0 };
}

function kindAndName(key: string): string {
  const parts = key.split('/');
  return `${parts[0]}/${parts[parts.length - 1]}`;
}

function sameButNamespace(a: string, b: string): boolean {
  const strip = (text: string) => text.replace(/^  namespace: .*\n/m, '');
  return strip(a) === strip(b);
}
