import { createTwoFilesPatch } from 'diff';
import type { K8sObject } from '../plugin-api/index.js';
import { writeObject } from './yaml/index.js';

/** One object's place in a manifest set: its identity, where it stands, its canonical text. */
interface Placed {
  key: string;
  index: number;
  text: string;
}

export interface ObjectChange {
  /** `Kind/namespace/name`, or `Kind/name` when cluster-scoped. */
  object: string;
  status: 'added' | 'removed' | 'changed';
  /** A unified diff of the object's YAML. */
  patch: string;
}

/**
 * How the two sides are named in a patch's `---`/`+++` lines: by default each label is a folder
 * the object's identity is put under (`out/Deployment/shop/web`); with `file`, each label is the
 * file holding the object, and its identity follows it after a tab, where a unified diff keeps a
 * header (`a/cluster/web.yaml<TAB>Deployment/shop/web`).
 */
export interface DiffLabels {
  before: string;
  after: string;
  file?: boolean;
}

export interface ObjectDiff {
  /** Objects added, removed or changed, in the order of the earlier set then the later one's new objects. */
  changes: ObjectChange[];
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
export function diffObjects(before: readonly K8sObject[], after: readonly K8sObject[], labels: DiffLabels): ObjectDiff {
  const old = place(before);
  const now = place(after);
  const changes: ObjectChange[] = [];
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
    const status = !old.has(key) ? 'added' : !now.has(key) ? 'removed' : 'changed';
    const name = (label: string) => (labels.file ? label : `${label}/${key}`);
    const header = labels.file ? key : undefined;
    const patch = createTwoFilesPatch(status === 'added' ? '/dev/null' : name(labels.before), status === 'removed' ? '/dev/null' : name(labels.after), a, b, header, header, { context: 3 });
    changes.push({ object: key, status, patch: patch.replace(/^=+\n/, '') });
  }
  return { changes, moved, same: changes.length === 0 && moved.length === 0 };
}

function kindAndName(key: string): string {
  const parts = key.split('/');
  return `${parts[0]}/${parts[parts.length - 1]}`;
}

function sameButNamespace(a: string, b: string): boolean {
  const strip = (text: string) => text.replace(/^  namespace: .*\n/m, '');
  return strip(a) === strip(b);
}
