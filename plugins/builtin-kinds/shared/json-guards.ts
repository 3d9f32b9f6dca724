import { type JsonObject, type JsonValue } from 'kurel/plugin-api';
import { isPlainObject } from 'kurel/plugin-kit';

// Narrowing for JSON data a handler reads: properties checked against a free-form schema, or
// objects it builds. A key read through an absent or non-object node reads as undefined.

/** A JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return isPlainObject(value);
}

/** The value under `key` of an object node; undefined for anything else. */
export function childOf(node: JsonValue | undefined, key: string): JsonValue | undefined {
  return isJsonObject(node) ? node[key] : undefined;
}
