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
export function copyPresent<T extends Record<string, unknown>>(target: T, source: object, keys: readonly string[]): T {
  // The keys are named by the caller: the source is read as a map of them, whatever its type.
  const from = source as Readonly<Record<string, unknown>>;
  for (const key of keys) {
    if (from[key] !== undefined) (target as Record<string, unknown>)[key] = copyData(from[key]);
  }
  return target;
}
