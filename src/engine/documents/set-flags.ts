import { kurelErrors } from '../../plugin-api/index.js';
import { describeValue, isPlainObject } from '../../plugin-api/kit/index.js';

/**
 * The command-line value flags, read as Helm's `strvals` reads them (helm pkg/strvals/parser.go):
 * `a.b=1`, `list[0].name=x`, `{a,b}` lists, `\` escaping the next character (`\,`, `\.`, `\=`),
 * and Helm's typing of `--set` values (true/false/null, integers without a leading zero).
 */
export type SetFlagName = '--set' | '--set-string' | '--set-json' | '--set-file';

/** The order Helm applies them in, after the values files. */
export const SET_FLAG_ORDER: readonly SetFlagName[] = ['--set-json', '--set', '--set-string', '--set-file'];

/**
 * A parameter's own value written on the command line, as text: the parameter's declared type
 * reads it (`tag=010` stays "010" for a string parameter), where Helm would have typed it first.
 */
export class FlagText {
  constructor(
    readonly text: string,
    readonly flag: SetFlagName,
  ) {}
}

/** Helm's limits: a deeper name or a larger index is refused. */
const MAX_NESTED_NAME_LEVEL = 30;
const MAX_INDEX = 65536;

export interface SetFlagOptions {
  /** `--set-file`: the text of the file at a path the flag names. */
  readFile?: (path: string) => string | undefined;
}

/**
 * Applies one flag's `key=value[,key=value]` entry to `into`, the values merged so far. Returns
 * the top-level keys it set. A malformed entry is refused with the column where it goes wrong.
 */
export function applySetFlag(flag: SetFlagName, entry: string, into: Record<string, unknown>, options: SetFlagOptions = {}): string[] {
  if (flag === '--set-json' && entry.trim().startsWith('{')) return mergeJsonObject(entry, into);
  const parser = new EntryParser(flag, entry, options);
  const touched: string[] = [];
  while (!parser.atEnd()) touched.push(parser.pair(into));
  return touched;
}

/** The file paths a `--set-file` entry names, so that the host can read them before the build. */
export function setFilePaths(entry: string): string[] {
  const paths: string[] = [];
  applySetFlag('--set-file', entry, {}, {
    readFile: (path) => {
      paths.push(path);
      return '';
    },
  });
  return paths;
}

/** `--set-json '{"a":1}'`: a whole JSON object, merged over the values as a values file is. */
function mergeJsonObject(entry: string, into: Record<string, unknown>): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(entry);
  } catch (error) {
    throw refusal('--set-json', entry, undefined, `not valid JSON: ${(error as Error).message}`);
  }
  if (!isPlainObject(parsed)) throw refusal('--set-json', entry, undefined, `a JSON value given whole must be an object, got ${describeValue(parsed)}`);
  for (const [key, value] of Object.entries(parsed)) into[key] = mergeValues(into[key], value);
  return Object.keys(parsed);
}

/** A later value over an earlier one, as Helm merges values: maps key by key, anything else replaces. */
export function mergeValues(earlier: unknown, later: unknown): unknown {
  if (!isMap(earlier) || !isMap(later)) return later;
  const merged: Record<string, unknown> = { ...earlier };
  for (const [key, value] of Object.entries(later)) merged[key] = mergeValues(earlier[key], value);
  return merged;
}

function refusal(flag: SetFlagName, entry: string, column: number | undefined, problem: string) {
  return kurelErrors.flag(`${column === undefined ? '' : `column ${column}: `}${problem}`, { path: `${flag} ${entry}` });
}

type Read = { text: string; stop: string | undefined };

/** One entry, read character by character with its position, as Helm's rune scanner reads it. */
class EntryParser {
  private position = 0;

  constructor(
    private readonly flag: SetFlagName,
    private readonly entry: string,
    private readonly options: SetFlagOptions,
  ) {}

  atEnd(): boolean {
    return this.position >= this.entry.length;
  }

  /** One `key=value` pair at the top level; the key it set. */
  pair(into: Record<string, unknown>): string {
    const start = this.position;
    const { text: key, stop } = this.until('=[,.');
    this.keyRead(key, stop, start, '');
    this.into(into, key, stop, '', 0, true);
    return key;
  }

  private keyRead(key: string, stop: string | undefined, start: number, parent: string): void {
    const name = parent === '' ? key : `${parent}.${key}`;
    if (stop === undefined || stop === ',') throw this.fail(start, `key "${name}" has no value (expected ${name}=value)`);
    if (key === '') throw this.fail(start, `a key is empty${parent === '' ? '' : ` after "${parent}."`} (a "." or "=" inside a key is written \\. or \\=)`);
  }

  /** Reads what follows `key` (already read up to `stop`) into `data`. */
  private into(data: Record<string, unknown>, key: string, stop: string | undefined, parent: string, level: number, topLevel: boolean): void {
    const name = parent === '' ? key : `${parent}.${key}`;
    if (stop === '=') {
      data[key] = this.value(topLevel, name);
      return;
    }
    if (stop === '[') {
      const list = this.existingList(data[key], name);
      data[key] = this.listItem(list, this.index(name), name, level);
      return;
    }
    // stop === '.': a map below the key.
    if (level + 1 > MAX_NESTED_NAME_LEVEL) throw this.fail(this.position - 1, `"${name}" is nested deeper than ${MAX_NESTED_NAME_LEVEL} levels`);
    const existing = data[key];
    if (existing !== undefined && existing !== null && !isMap(existing)) {
      throw this.fail(this.position - 1, `"${name}" holds ${describeHeld(existing)}, not a map, so "${name}.…" cannot be set`);
    }
    const inner: Record<string, unknown> = isMap(existing) ? existing : {};
    const start = this.position;
    const next = this.until('=[,.');
    this.keyRead(next.text, next.stop, start, name);
    this.into(inner, next.text, next.stop, name, level + 1, false);
    data[key] = inner;
  }

  /** What follows `name[i]`: `=value`, another `[j]`, or `.key`. */
  private listItem(list: unknown[], index: number, name: string, level: number): unknown[] {
    const item = `${name}[${index}]`;
    const start = this.position;
    const { text, stop } = this.until('[.=');
    if (text !== '') throw this.fail(start, `unexpected "${text}" after ${item}: expected "=", "." or "["`);
    if (stop === undefined) throw this.fail(start, `key "${item}" has no value (expected ${item}=value)`);
    if (stop === '=') return setIndex(list, index, this.value(false, item));
    if (stop === '[') {
      const nested = this.existingList(list[index], item);
      return setIndex(list, index, this.listItem(nested, this.index(item), item, level));
    }
    // An item that is not yet a map becomes one, as Helm lets indices come out of order.
    const inner: Record<string, unknown> = isMap(list[index]) ? (list[index] as Record<string, unknown>) : {};
    const keyStart = this.position;
    const next = this.until('=[,.');
    this.keyRead(next.text, next.stop, keyStart, item);
    this.into(inner, next.text, next.stop, item, level + 1, false);
    return setIndex(list, index, inner);
  }

  private existingList(existing: unknown, name: string): unknown[] {
    if (existing === undefined || existing === null) return [];
    if (Array.isArray(existing)) return existing;
    throw this.fail(this.position - 1, `"${name}" holds ${describeHeld(existing)}, not a list, so "${name}[…]" cannot be set`);
  }

  /** The index between `[` and `]`. */
  private index(name: string): number {
    const start = this.position;
    const { text, stop } = this.until(']');
    if (stop === undefined) throw this.fail(start - 1, `"${name}[" has no closing "]"`);
    if (!/^[-+]?\d+$/.test(text)) throw this.fail(start, `the index of "${name}[${text}]" is not a whole number`);
    const index = Number.parseInt(text, 10);
    if (index < 0) throw this.fail(start, `the index of "${name}[${text}]" is negative`);
    if (index > MAX_INDEX) throw this.fail(start, `the index of "${name}[${text}]" is over the largest Helm takes, ${MAX_INDEX}`);
    return index;
  }

  /** The value after `=`: a JSON value, a `{a,b}` list, or text up to the next unescaped comma. */
  private value(topLevel: boolean, name: string): unknown {
    if (this.flag === '--set-json') return this.jsonValue(name);
    if (this.entry[this.position] === '{') return this.list(name);
    const { text } = this.until(',');
    return this.read(text, topLevel, name);
  }

  /** `{a,b,c}`: each item read as a value is. */
  private list(name: string): unknown[] {
    const open = this.position;
    this.position++;
    const items: unknown[] = [];
    for (;;) {
      const { text, stop } = this.until(',}');
      if (stop === undefined) throw this.fail(open, `the list given to "${name}" has no closing "}"`);
      items.push(this.read(text, false, name));
      if (stop === '}') {
        if (this.entry[this.position] === ',') this.position++;
        else if (!this.atEnd()) throw this.fail(this.position, `unexpected text after the list given to "${name}": separate pairs with ","`);
        return items;
      }
    }
  }

  private read(text: string, topLevel: boolean, name: string): unknown {
    if (this.flag === '--set-file') {
      if (text === '') throw this.fail(this.position, `"${name}" names no file`);
      const contents = this.options.readFile?.(text);
      if (contents === undefined) throw this.fail(this.position, `the file "${text}" given to "${name}" was not read`);
      return topLevel ? new FlagText(contents, this.flag) : contents;
    }
    if (topLevel) return new FlagText(text, this.flag);
    return this.flag === '--set-string' ? text : typedValue(text);
  }

  /** One JSON value (an empty one is null, as in Helm), then a comma or the end. */
  private jsonValue(name: string): unknown {
    const start = this.position;
    while (this.entry[this.position] === ' ' || this.entry[this.position] === '\t') this.position++;
    if (this.atEnd() || this.entry[this.position] === ',') {
      if (!this.atEnd()) this.position++;
      return null;
    }
    const end = jsonValueEnd(this.entry, this.position);
    const text = this.entry.slice(this.position, end);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw this.fail(start, `the value of "${name}" is not valid JSON (${text}): ${(error as Error).message}`);
    }
    this.position = end;
    while (this.entry[this.position] === ' ' || this.entry[this.position] === '\t') this.position++;
    if (this.entry[this.position] === ',') this.position++;
    else if (!this.atEnd()) throw this.fail(this.position, `unexpected text after the JSON value of "${name}": separate pairs with ","`);
    return parsed;
  }

  /** Text up to one of `stops` (consumed), a backslash taking the next character as it is. */
  private until(stops: string): Read {
    let text = '';
    while (this.position < this.entry.length) {
      const char = this.entry[this.position++];
      if (stops.includes(char)) return { text, stop: char };
      if (char === '\\') {
        if (this.position >= this.entry.length) return { text, stop: undefined };
        text += this.entry[this.position++];
      } else {
        text += char;
      }
    }
    return { text, stop: undefined };
  }

  private fail(offset: number, problem: string) {
    return refusal(this.flag, this.entry, Math.max(0, offset) + 1, problem);
  }
}

/** A map of values: not a parameter's own text, which is an object only to JavaScript. */
function isMap(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && !(value instanceof FlagText);
}

function setIndex(list: unknown[], index: number, value: unknown): unknown[] {
  while (list.length <= index) list.push(null);
  list[index] = value;
  return list;
}

function describeHeld(value: unknown): string {
  if (value instanceof FlagText) return `the value "${value.text}"`;
  return describeValue(value);
}

/**
 * Helm's typing of a `--set` value: true, false and null (any case), and an integer written
 * without a leading zero; anything else is a string. An integer JavaScript cannot hold exactly
 * stays a string, rather than changing its digits.
 */
export function typedValue(text: string): unknown {
  const lower = text.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (lower === 'null') return null;
  if (text === '0') return 0;
  if (text !== '' && text[0] !== '0' && /^[-+]?\d+$/.test(text)) {
    const value = Number(text);
    if (Number.isSafeInteger(value)) return value;
  }
  return text;
}

/** Where the JSON value starting at `start` ends: a string, a bracketed value, or a bare token. */
function jsonValueEnd(text: string, start: number): number {
  const first = text[start];
  if (first === '"') return stringEnd(text, start);
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let index = start; index < text.length; index++) {
      const char = text[index];
      if (char === '"') index = stringEnd(text, index) - 1;
      else if (char === '{' || char === '[') depth++;
      else if (char === '}' || char === ']') {
        depth--;
        if (depth === 0) return index + 1;
      }
    }
    return text.length;
  }
  let index = start;
  while (index < text.length && !/[,\s]/.test(text[index])) index++;
  return index;
}

function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === '"') return index + 1;
  }
  return text.length;
}
