import { isPlainObject } from './validate.js';

/** A map as the author wrote it: its fields are read without trusting their shapes. */
export type WrittenMap = Record<string, unknown>;

/** The field `key` of `value` where it is a map, else nothing: a read that tolerates any written shape. */
export const fieldOf = (value: unknown, key: string): unknown => (isPlainObject(value) ? value[key] : undefined);
