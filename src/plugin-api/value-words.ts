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
  if (typeof value === 'object') return 'a map';
  return 'a value YAML cannot hold';
}
