import { type ObjectMeta } from 'kurel/plugin-api';
import { copyData } from 'kurel/plugin-kit';

/**
 * The metadata of a namespaced object a component owns: its name, namespace and the `app`
 * label. The component label is stamped by the engine, not here.
 */
export function ownedMetadata(name: string, namespace: string, labelValue: string): ObjectMeta {
  return { name, namespace, labels: { app: labelValue } };
}

/** Copies the keys of `source` that are present (not undefined) onto `target`. */
export function copyPresent<T extends Record<string, unknown>>(target: T, source: Readonly<Record<string, unknown>>, keys: readonly string[]): T {
  for (const key of keys) {
    if (source[key] !== undefined) (target as Record<string, unknown>)[key] = copyData(source[key]);
  }
  return target;
}
