/**
 * What a value is, in the words of someone who wrote YAML: `a list`, `a map`, `a string`,
 * `a number`, `true or false`, `null`. Error texts use these, never a Go or JavaScript type name.
 */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' || typeof value === 'bigint') return 'a number';
  if (Array.isArray(value)) return 'a list';
  // The YAML 1.1 tags YAML readers still resolve: a timestamp or binary data is no map to its author.
  if (value instanceof Date) return 'a timestamp (!!timestamp)';
  if (value instanceof Uint8Array) return 'binary data (!!binary)';
  if (typeof value === 'object') return 'a map';
  return 'a value YAML cannot hold';
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'a map',
  array: 'a list',
  null: 'null',
};

/** A schema type (`string`, `integer`, `object`, …) as the value an author would write: `a string`, `a whole number`, `a map`. */
export function typeWords(type: string): string {
  return TYPE_WORDS[type] ?? type;
}
