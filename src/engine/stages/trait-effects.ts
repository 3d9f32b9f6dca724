import type { K8sObject } from '../../plugin-api/index.js';

/** The component's objects as a trait is about to see them, by identity, to tell afterwards what it changed. */
export type ObjectSnapshot = Map<string, { display: string; text: string }>;

const identityOf = (object: K8sObject) => JSON.stringify([object.apiVersion, object.kind, object.metadata?.namespace ?? '', object.metadata?.name]);

const displayOf = (object: K8sObject) => `${object.kind}/${object.metadata?.name}`;

export function snapshotObjects(objects: readonly K8sObject[]): ObjectSnapshot {
  const snapshot: ObjectSnapshot = new Map();
  for (const object of objects) {
    const identity = identityOf(object);
    if (!snapshot.has(identity)) snapshot.set(identity, { display: displayOf(object), text: JSON.stringify(object) });
  }
  return snapshot;
}

/**
 * The objects, as `Kind/name`, a trait changed, added or removed: traits edit their component's
 * objects in place, so only a comparison of their content tells a trait that acted from one whose
 * conditions did not hold (a spread over one replica).
 */
export function changedObjects(before: ObjectSnapshot, after: ObjectSnapshot): string[] {
  const changed: string[] = [];
  for (const [identity, { display, text }] of after) if (before.get(identity)?.text !== text) changed.push(display);
  for (const [identity, { display }] of before) if (!after.has(identity)) changed.push(display);
  return changed;
}
