import { Document } from 'yaml';

// How the yaml library writes a one-line scalar as the value of a block map's entry under
// DATA_YAML_OPTIONS (its defaults, no line folded), worked out without building its nodes, which
// the library makes, visits and writes for every value (bench/README.md, "Input limits"). The rules are
// the library's own (stringify/stringifyString.js, stringify/stringifyNumber.js), for the strings
// they are short for; anything else is left to the library.

// A string the library writes quoted because of a character, where and how it stands.
const UNPLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
// Line breaks, and the characters the library escapes in double quotes: their rules are longer.
// Surrogates, paired or not: telling half a pair in the same pattern (with the `u` flag) made it
// the slowest test of a string here.
const LONG_RULES = /[\n\x00-\x08\x0b-\x1f\x7f-\x9f\uD800-\uDFFF]/;
// What the YAML 1.2 core tags read as something other than a string, as one pattern: a plain
// scalar that matches is read back as a number, a boolean or null. The tags' patterns carry no
// flags in the yaml version pinned; the property tests compare every answer with the library's.
const OTHER_TYPES = new RegExp(
  `^(?:${new Document(null).schema.tags
    // As the library asks: a tag read by default, whatever it is read for.
    .filter((tag) => Boolean(tag.default) && tag.tag !== 'tag:yaml.org,2002:str' && tag.test instanceof RegExp)
    .map((tag) => `(?:${(tag.test as RegExp).source})`)
    .join('|')})`,
);

/** `value` as the library writes it after a map key's `: `, or undefined where only the library can tell. */
export function dataScalar(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isSafeInteger(value) && !Object.is(value, -0) ? String(value) : undefined;
  if (typeof value === 'boolean') return String(value);
  if (typeof value !== 'string' || LONG_RULES.test(value)) return undefined;
  if (!UNPLAIN.test(value) && !OTHER_TYPES.test(value)) return value;
  // Quoted: in single quotes where that spares escaping a double quote, in JSON's double quotes otherwise.
  return value.includes('"') && !value.includes("'") ? `'${value}'` : JSON.stringify(value);
}
