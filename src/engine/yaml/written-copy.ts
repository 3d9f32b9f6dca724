import { isDataMap, setDataKey } from '../../plugin-api/kit/copy-data.js';
import { writtenKeys } from './emit-writer.js';

/**
 * A map of plain data as the YAML the emitter writes of it reads back: each map with the keys it
 * is written with, in their written order (which JSON keeps), and a list's missing items as null.
 * One-line strings, numbers, booleans and null read back as they are written. Undefined where the
 * emitter leaves the map to the yaml library's documents (a Date, a Map, a class instance, a
 * function), or where a value may read back as another: a bigint reads back as a number, and a
 * string of lines is written as a block scalar, which loses the blanks of its lines where no line
 * holds anything else (`"  \n"` reads back as `"\n"`, as the yaml library writes it).
 */
export function writtenCopy(map: Record<string, unknown>): Record<string, unknown> | undefined {
  try {
    return copyMap(map);
  } catch (error) {
    if (error === READ_BACK_INSTEAD) return undefined;
    throw error;
  }
}

const READ_BACK_INSTEAD = Symbol('read back, not copied');

function copyMap(map: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of writtenKeys(map)) setDataKey(copy, key, copyValue(map[key]));
  return copy;
}

function copyValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null) return value;
  switch (typeof value) {
    case 'string':
      if (value.includes('\n')) throw READ_BACK_INSTEAD;
      return value;
    case 'number':
    case 'boolean':
      return value;
    case 'object':
      if (Array.isArray(value)) {
        const copy = new Array<unknown>(value.length);
        for (let i = 0; i < value.length; i++) copy[i] = copyValue(value[i]);
        return copy;
      }
      if (isDataMap(value)) return copyMap(value);
      throw READ_BACK_INSTEAD;
    default:
      throw READ_BACK_INSTEAD;
  }
}
