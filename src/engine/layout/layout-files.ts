import type { DeliveryIntent, K8sObject } from '../../plugin-api/index.js';
import { writeObject } from '../yaml/index.js';
import type { LayoutObject } from './model.js';

/**
 * How a delivery tool reads each delivery intent off an object: an annotation and its value. A
 * `list` annotation holds comma-separated options (Argo CD's sync-options), so intents sharing it
 * join, and an option the author already wrote there is kept.
 */
export type IntentAnnotations = Record<DeliveryIntent, { key: string; value: string; list?: boolean }>;

/** `<namespace>-<kind lowercased>-<name>.yaml`; a cluster-scoped object's namespace part is `cluster`. */
export function objectFileName(object: K8sObject): string {
  return `${object.metadata.namespace || 'cluster'}-${object.kind.toLowerCase()}-${object.metadata.name}.yaml`;
}

/** An object's file: the stdout encoding, with its application's delivery intents as the delivery tool's annotations. */
export function objectFileText({ object, delivery }: LayoutObject, intents: IntentAnnotations): string {
  if (delivery.length === 0) return writeObject(object);
  const annotations: Record<string, string> = { ...(object.metadata.annotations ?? {}) };
  for (const intent of delivery) {
    const { key, value, list } = intents[intent];
    const options = list && annotations[key] ? annotations[key].split(',').map((option) => option.trim()) : [];
    annotations[key] = options.includes(value) ? options.join(',') : [...options, value].join(',');
  }
  return writeObject({ ...object, metadata: { ...object.metadata, annotations } });
}

/** A folder's `kustomization.yaml`: the fixed header, then what it lists (`[]` when nothing). */
export function kustomizationFileText(resources: readonly string[]): string {
  const header = 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n';
  if (resources.length === 0) return `${header}resources: []\n`;
  return `${header}resources:\n${resources.map((resource) => `  - ${resource}\n`).join('')}`;
}
