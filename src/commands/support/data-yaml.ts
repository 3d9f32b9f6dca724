import type { stringify as Stringify } from 'yaml';
import { dataScalar } from './data-yaml-scalars.js';
import { DATA_YAML_OPTIONS } from './data-yaml-options.js';

/**
 * Data as `stringify(data, DATA_YAML_OPTIONS)` writes it. The yaml library builds a node for each
 * value and writes it through rules meant for every document; `explain` of 16,000 components took
 * it as long again as the build. Block maps and lists of the scalars `dataScalar` writes are
 * written here, as the library lays them out; each entry of the top map, or item of a list there,
 * holding anything else is written by the library.
 */
export function stringifyData(data: unknown, stringify: typeof Stringify): string {
  const whole = () => stringify(data, DATA_YAML_OPTIONS);
  if (isCollection(data) && isEmpty(data)) return whole();
  if (!isRecord(data)) return (Array.isArray(data) && block(data, '')) || whole();
  let text = '';
  for (const key in data) {
    const value = data[key];
    if (value === undefined) continue;
    text += entry(key, value, '', '', true) ?? topEntryByLibrary(key, value, stringify);
  }
  return text;
}

/** A top entry written by the library: its list a piece at a time, so that one odd item is all it writes. */
function topEntryByLibrary(key: string, value: unknown, stringify: typeof Stringify): string {
  const written = writtenKey(key, true);
  if (!Array.isArray(value) || value.length === 0 || written === undefined) return stringify({ [key]: value }, DATA_YAML_OPTIONS);
  return `${written}:\n${topListItems(key, value, stringify)}`;
}

/**
 * The items of a non-empty list under `key` in the top map, as the library writes them there (the
 * lines after `key:`); the library writes each item the rules here do not. `key` is one `dataScalar`
 * writes.
 */
function topListItems(key: string, items: readonly unknown[], stringify: typeof Stringify): string {
  // What the library writes before the items: `key:` and its line break.
  const before = writtenKey(key, true)!.length + 2;
  let text = '';
  for (const item of items) text += block([item], '  ') ?? stringify({ [key]: [item] }, DATA_YAML_OPTIONS).slice(before);
  return text;
}

/**
 * `topListItems` for a list written an item at a time, where items repeat most of their values
 * from one to the next (a report's diagnostics share a code, a file, a component): each entry of
 * an item is kept, by its place in the item, with its key, its value and the lines it was written
 * as, and written again only where one of them changed. For one list, written once: a value
 * changed in place between two items would be written as it was.
 */
export function topListItemWriter(key: string, stringify: typeof Stringify): (item: unknown) => string {
  const lastKeys: string[] = [];
  const lastValues: unknown[] = [];
  const lastLines: string[] = [];
  const byLibrary = (item: unknown) => topListItems(key, [item], stringify);
  return (item) => {
    if (!isRecord(item)) return byLibrary(item);
    let text = '';
    let place = 0;
    // As `block` writes a map that is an item of a list two in: its first entry on the item's `- `.
    for (const name in item) {
      const value = item[name];
      if (value === undefined) continue;
      let lines: string | undefined = lastLines[place];
      if (lines === undefined || name !== lastKeys[place] || !Object.is(value, lastValues[place])) {
        lines = entry(name, value, place === 0 ? '  - ' : '    ', '    ', false);
        if (lines === undefined) return byLibrary(item);
        lastKeys[place] = name;
        lastValues[place] = value;
        lastLines[place] = lines;
      }
      text += lines;
      place += 1;
    }
    // An empty map is written in flow style, as `block` leaves it.
    return place === 0 ? byLibrary(item) : text;
  };
}

/**
 * `key: value` on a line led by `lead` (the map's indent, or the `- ` of the item the map is), and
 * the lines of a collection under it at `indent` and in; undefined where the library is to write it.
 */
function entry(key: string, value: unknown, lead: string, indent: string, top: boolean): string | undefined {
  const written = top ? writtenKey(key, true) : nestedKey(key);
  if (written === undefined) return undefined;
  if (isCollection(value) && !isEmpty(value)) {
    // A list stands two in from its key, as a map does.
    const lines = block(value, `${indent}  `);
    return lines === undefined ? undefined : `${lead}${written}:\n${lines}`;
  }
  const scalar = flat(value);
  return scalar === undefined ? undefined : `${lead}${written}: ${scalar}\n`;
}

/** A non-empty map or list as lines at `indent`, the first led by `first` instead; or undefined. */
function block(value: readonly unknown[] | Record<string, unknown>, indent: string, first = indent): string | undefined {
  let text = '';
  let lead = first;
  if (isList(value)) {
    for (const item of value) {
      // An item's first line starts on its `- `.
      const lines = isCollection(item) && !isEmpty(item) ? block(item, `${indent}  `, `${lead}- `) : flatItem(item, `${lead}- `);
      if (lines === undefined) return undefined;
      text += lines;
      lead = indent;
    }
    return text;
  }
  for (const key in value) {
    if (value[key] === undefined) continue;
    const lines = entry(key, value[key], lead, indent, false);
    if (lines === undefined) return undefined;
    text += lines;
    lead = indent;
  }
  return text;
}

function flatItem(value: unknown, lead: string): string | undefined {
  const scalar = flat(value);
  return scalar === undefined ? undefined : `${lead}${scalar}\n`;
}

/** A scalar, or an empty collection in flow style. */
function flat(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return dataScalar(value);
  if (Array.isArray(value)) return value.length === 0 ? '[]' : undefined;
  if (isRecord(value)) return isEmpty(value) ? '{}' : undefined;
  return dataScalar(value);
}

/**
 * A key as the library writes it: as a value, but that a key with a line that starts like a
 * document marker is quoted in the top map, and a key written longer than 1,024 characters is an
 * explicit `? ` key.
 */
function writtenKey(key: string, top: boolean): string | undefined {
  const written = dataScalar(key);
  if (written === undefined || written.length > 1024 || (top && written === key && /^(%|---|\.\.\.)/m.test(key))) return undefined;
  return written;
}

/**
 * A key below the top map as `writtenKey` writes it, kept: data repeats its keys in every item of
 * a list, and most are words.
 */
function nestedKey(key: string): string | undefined {
  const known = nestedKeys.get(key);
  if (known !== undefined || nestedKeys.has(key)) return known;
  const written = writtenKey(key, false);
  if (nestedKeys.size < KEYS_KEPT) nestedKeys.set(key, written);
  return written;
}

const nestedKeys = new Map<string, string | undefined>();
const KEYS_KEPT = 10_000;

function isCollection(value: unknown): value is readonly unknown[] | Record<string, unknown> {
  return typeof value === 'object' && (Array.isArray(value) || isRecord(value));
}

function isList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}

function isEmpty(value: readonly unknown[] | Record<string, unknown>): boolean {
  if (isList(value)) return value.length === 0;
  for (const key in value) if (value[key] !== undefined) return false;
  return true;
}

/** A plain object, as JSON would write it; anything else (a Map, a Date, a class) is the library's. */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
