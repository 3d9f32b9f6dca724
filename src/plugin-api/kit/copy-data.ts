/**
 * A deep copy of plain data: maps (objects whose prototype is `Object.prototype` or null), lists
 * without holes, and scalars, as a document's properties are. The result equals
 * `structuredClone(value)`, which serializes every value through a buffer: a cost a walk does not
 * pay for the small objects a build copies for each element it hands a plugin. Anything else (a Date,
 * a Map, a class instance, a cycle, data nested deeper than any document may be) is left to
 * `structuredClone`, whole. Unlike it, an object reached twice is copied twice, and a list's own
 * keys beside its items are not copied: no document's list has them.
 */
export function copyData<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  try {
    return copyValue(value, 0) as T;
  } catch (error) {
    if (error === NOT_PLAIN) return structuredClone(value);
    throw error;
  }
}

const NOT_PLAIN = Symbol('not plain data');
// Past this a copy is of something no document holds (the input limits stop nesting well short of it), or of a cycle.
const MAX_DEPTH = 1000;

function copyValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') {
    // structuredClone refuses these; the fallback keeps its refusal.
    if (typeof value === 'function' || typeof value === 'symbol') throw NOT_PLAIN;
    return value;
  }
  if (depth > MAX_DEPTH) throw NOT_PLAIN;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) throw NOT_PLAIN;
      copy[i] = copyValue(value[i], depth + 1);
    }
    return copy;
  }
  if (!isDataMap(value)) throw NOT_PLAIN;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    setDataKey(copy, key, copyValue(value[key], depth + 1));
  }
  return copy;
}

/** A map of plain data, as a document holds: an object whose prototype is `Object.prototype` or null. */
export function isDataMap(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Sets `key` on a map being built as its own data key: an own `__proto__` key assigned would set the map's prototype instead. */
export function setDataKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
