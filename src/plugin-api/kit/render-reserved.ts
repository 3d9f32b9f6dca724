import { copyData } from './copy-data.js';
import type { Properties } from '../objects.js';

/**
 * Writes a deep copy of `value` at a dot-separated object-key path of `properties`, creating each
 * object along it that is missing or null. Array items cannot be addressed.
 */
export function writeAtPath(properties: Properties, path: string, value: unknown): void {
  const keys = path.split('.');
  if (path === '' || keys.some((key) => key === '')) throw new Error(`renderReserved: "${path}" is not a dot-separated object-key path`);
  let target: Record<string, unknown> = properties;
  for (const key of keys.slice(0, -1)) {
    const next = target[key];
    if (next === undefined || next === null) target[key] = {};
    else if (typeof next !== 'object' || Array.isArray(next)) throw new Error(`renderReserved: "${path}" passes through "${key}", which is not an object`);
    target = target[key] as Record<string, unknown>;
  }
  target[keys[keys.length - 1]] = copyData(value);
}
