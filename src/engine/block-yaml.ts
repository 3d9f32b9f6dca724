import { isScalar, Schema, type ScalarTag } from 'yaml';
import type { InputLimits } from './input-limits.js';

/**
 * Reads the YAML that Applications, profiles and packages are written in — block maps and lists,
 * one-line plain and quoted scalars, flow lists and maps that close on their line, literal block
 * scalars, comments, `---` between documents — straight into the values the YAML library's
 * composer and `toJS` give for the same text, at a small part of their cost.
 *
 * It reads only what it can read exactly. Anything else (anchors, aliases, tags, directives,
 * folded block scalars, plain, quoted or flow values over several lines, tabs, carriage returns,
 * keys that are not strings, a repeated key) and anything the library would refuse or the input
 * limits would stop makes it answer undefined, and the caller reads the text with the library
 * instead. So where it answers, the answer is the library's, and every refusal and every source
 * position still comes from the library.
 */
export function readBlockYaml(text: string, limits: InputLimits): unknown[] | undefined {
  return readBlockDocuments(text, limits)?.map((document) => document.value);
}

/** A document the block reader read: its value, and a way to read it again from its own lines. */
export interface BlockDocument {
  value: unknown;
  /** A fresh copy of the value, read again from the document's lines alone. */
  reread(): unknown;
}

/** The documents of a text with something in them, as `readBlockYaml` reads them. */
export function readBlockDocuments(text: string, limits: InputLimits): BlockDocument[] | undefined {
  if (UNREAD_CHARACTERS.test(text)) return undefined;
  const lines = text.split('\n');
  try {
    return new BlockReader(lines, limits).documents().map(({ value, from, to }) => ({
      value,
      // A document that a marker ends keeps the line break before the marker: an empty last line.
      reread: () => new BlockReader(to < lines.length ? [...lines.slice(from, to), ''] : lines.slice(from), limits).documents()[0].value,
    }));
  } catch (error) {
    if (error === OUTSIDE) return undefined;
    throw error;
  }
}

/** Thrown where the text steps outside what this reader reads exactly. */
const OUTSIDE = Symbol('outside the block subset');

function outside(): never {
  throw OUTSIDE;
}

// Tabs, carriage returns, other control characters, a byte-order mark and Unicode line breaks each
// have rules of their own in YAML; a text with any of them is left to the library.
// eslint-disable-next-line no-control-regex
const UNREAD_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f\u0085\u2028\u2029\ufeff]/;

/** The core schema's scalar tags that an untagged plain scalar is tested against, in the library's order. */
const PLAIN_TAGS: ScalarTag[] = new Schema({}).tags.filter((tag): tag is ScalarTag => tag.default === true && !('collection' in tag && tag.collection) && tag.test !== undefined);

/**
 * Whether a plain scalar could match a core tag other than the string's: every such test admits
 * only the empty text or a text starting with one of these characters.
 */
function mayResolve(source: string): boolean {
  return source === '' || '~nNtTfF0123456789+-.'.includes(source[0]);
}

/** The value the core schema gives a plain scalar, as the composer resolves it. */
function plainValue(source: string): unknown {
  if (!mayResolve(source)) return source;
  for (const tag of PLAIN_TAGS) {
    if (!tag.test!.test(source)) continue;
    const resolved = tag.resolve(source, outside, {});
    return isScalar(resolved) ? resolved.value : resolved;
  }
  return source;
}

/** Whether a plain key resolves to a string (a key such as `80`, `true` or `null` does not). */
function isStringKey(source: string): boolean {
  if (!mayResolve(source)) return true;
  for (const tag of PLAIN_TAGS) if (tag.test!.test(source)) return false;
  return true;
}

const DOUBLE_QUOTED_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
};

/** Characters that start no plain scalar or key this reader reads (`-` is checked apart: it starts one before a character other than a space). */
const NOT_PLAIN_START = new Set(['[', ']', '{', '}', ',', '#', '&', '*', '!', '|', '>', '%', '@', '`', '?', ':']);

/** Keys whose plain text the library treats specially, or that a plain object cannot hold as given. */
const SPECIAL_KEYS = new Set(['<<', '__proto__']);

/** The library refuses an implicit key longer than 1024 characters. */
const MAX_KEY_LENGTH = 1000;

const SPACE = 0x20;
const HASH = 0x23;
const DASH = 0x2d;
const COLON = 0x3a;
const DOUBLE_QUOTE = 0x22;
const BACKSLASH = 0x5c;

interface ReadValue {
  value: unknown;
  /** The column after the scalar and its trailing spaces. */
  end: number;
}

class BlockReader {
  /** The line the reader is at: the next one not yet read whole. */
  private line = 0;

  constructor(
    private readonly lines: string[],
    private readonly limits: InputLimits,
  ) {}

  /** Each document's value, and the lines it spans: from its root's first line to the next marker. */
  documents(): Array<{ value: unknown; from: number; to: number }> {
    const found: Array<{ value: unknown; from: number; to: number }> = [];
    let markers = 0;
    let root: { value: unknown; from: number } | undefined;
    for (;;) {
      const indent = this.nextContent();
      if (indent === END) break;
      if (indent === MARKER) {
        this.documentStart();
        markers += 1;
        if (markers >= this.limits.documents) outside();
        if (root) found.push({ ...root, to: this.line });
        root = undefined;
        this.line += 1;
        continue;
      }
      // A second root in one document is the library's to refuse.
      if (root) outside();
      const from = this.line;
      root = { value: this.block(this.line, indent, 1), from };
    }
    if (root) found.push({ ...root, to: this.lines.length });
    return found;
  }

  /** A `---` line with nothing after it but a comment; anything else on it is left to the library. */
  private documentStart(): void {
    const text = this.lines[this.line];
    if (!text.startsWith('---')) outside();
    let column = 3;
    if (column < text.length && text.charCodeAt(column) !== SPACE) outside();
    while (column < text.length && text.charCodeAt(column) === SPACE) column++;
    if (column < text.length && text.charCodeAt(column) !== HASH) outside();
  }

  /**
   * Moves to the next line with content and answers its indent: END past the last line, MARKER at
   * a line that starts with `---` or `...` (a document marker, or text the library reads as one).
   */
  private nextContent(): number {
    for (; this.line < this.lines.length; this.line++) {
      const text = this.lines[this.line];
      if (text.startsWith('---')) return MARKER;
      if (text.startsWith('...')) outside();
      let column = 0;
      while (column < text.length && text.charCodeAt(column) === SPACE) column++;
      if (column === text.length || text.charCodeAt(column) === HASH) continue;
      return column;
    }
    return END;
  }

  /** A block map or list whose first entry starts at `column` of line `line`. */
  private block(line: number, column: number, depth: number): unknown {
    return isListEntry(this.lines[line], column) ? this.list(column, depth) : this.map(column, depth);
  }

  /** A block list whose entries start at `indent`; the first one on the current line. */
  private list(indent: number, depth: number): unknown[] {
    if (depth > this.limits.nestingDepth) outside();
    const items: unknown[] = [];
    for (;;) {
      const text = this.lines[this.line];
      const column = skipSpaces(text, indent + 1);
      if (column === text.length || text.charCodeAt(column) === HASH) {
        this.line += 1;
        const next = this.nextContent();
        items.push(next !== END && next !== MARKER && next > indent ? this.block(this.line, next, depth + 1) : null);
      } else {
        items.push(this.inline(column, indent, depth + 1));
      }
      // A list longer than an Application may hold components is left to the library, whose
      // reading refuses an Application's list at the item past the limit, before the rest is read.
      if (items.length > this.limits.components) outside();
      const next = this.nextContent();
      if (next === END || next === MARKER || next < indent) return items;
      if (next > indent) outside();
      if (!isListEntry(this.lines[this.line], indent)) return items;
    }
  }

  /** A block map whose keys start at `indent`; the first one on the current line. */
  private map(indent: number, depth: number): Record<string, unknown> {
    if (depth > this.limits.nestingDepth) outside();
    const entries: Record<string, unknown> = {};
    for (;;) {
      const text = this.lines[this.line];
      const { key, end } = readKey(text, indent);
      if (Object.hasOwn(entries, key)) outside();
      if (end === text.length || text.charCodeAt(end) === HASH) {
        this.line += 1;
        const next = this.nextContent();
        if (next !== END && next !== MARKER && next > indent) entries[key] = this.block(this.line, next, depth + 1);
        // A list may stand at its key's own indent.
        else if (next === indent && isListEntry(this.lines[this.line], indent)) entries[key] = this.list(indent, depth + 1);
        else entries[key] = null;
      } else {
        entries[key] = this.scalarLine(text, end, indent, depth + 1);
      }
      const next = this.nextContent();
      if (next === END || next === MARKER || next < indent) return entries;
      if (next > indent || isListEntry(this.lines[this.line], indent)) outside();
    }
  }

  /** What follows a list's `- ` on its line: a nested list, a map, or a scalar. */
  private inline(column: number, listIndent: number, depth: number): unknown {
    const text = this.lines[this.line];
    if (isListEntry(text, column) || startsKey(text, column)) return this.block(this.line, column, depth);
    return this.scalarLine(text, column, listIndent, depth);
  }

  /**
   * A value that starts on its key's or its `- `'s line: a scalar or a flow collection that ends
   * there, or a literal block scalar. A more indented line after a one-line value would continue
   * it, and is left to the library.
   */
  private scalarLine(text: string, column: number, indent: number, depth: number): unknown {
    if (text[column] === '|') return this.literal(text, column, indent);
    const { value, end } = text[column] === '[' || text[column] === '{' ? readFlow(text, column, depth, this.limits) : readScalar(text, column);
    if (end !== text.length && text.charCodeAt(end) !== HASH) outside();
    this.line += 1;
    const next = this.nextContent();
    if (next !== END && next !== MARKER && next > indent) outside();
    return value;
  }

  /**
   * A literal block scalar (`|`, `|-` or `|+`) whose header is at `column`, under a node at
   * `indent`: its lines are those indented as its first one, with the blank lines among them.
   */
  private literal(text: string, column: number, indent: number): string {
    const chomping = text[column + 1] === '-' || text[column + 1] === '+' ? text[column + 1] : '';
    const header = skipSpaces(text, column + 1 + chomping.length);
    if (header < text.length && (text.charCodeAt(header) !== HASH || header === column + 1 + chomping.length)) outside();
    const lines: string[] = [];
    let contentIndent = -1;
    let line = this.line + 1;
    for (; line < this.lines.length; line++) {
      const body = this.lines[line];
      // The text's last line has no line break after it: empty, it is no line at all; else its
      // missing break changes the value's end, which is the library's to read.
      if (line === this.lines.length - 1) {
        if (body === '') break;
        outside();
      }
      const spaces = skipSpaces(body, 0);
      if (spaces === body.length) {
        // A blank line before the first content line could set the indent; the library's to read.
        if (contentIndent === -1 || spaces > contentIndent) outside();
        lines.push('');
        continue;
      }
      if (contentIndent === -1) {
        if (spaces <= indent) outside();
        contentIndent = spaces;
      }
      if (spaces < contentIndent) break;
      if (body.startsWith('---') || body.startsWith('...')) outside();
      lines.push(body.slice(contentIndent));
    }
    if (contentIndent === -1) outside();
    this.line = line;
    let kept = lines.length;
    while (kept > 0 && lines[kept - 1] === '') kept--;
    const content = lines.slice(0, kept).join('\n');
    if (chomping === '-') return content;
    if (chomping === '+') return `${content}${'\n'.repeat(lines.length - kept + 1)}`;
    return `${content}\n`;
  }
}

const END = -1;
const MARKER = -2;

function skipSpaces(text: string, column: number): number {
  while (column < text.length && text.charCodeAt(column) === SPACE) column++;
  return column;
}

/** A `-` at `column` followed by a space or the end of the line. */
function isListEntry(text: string, column: number): boolean {
  return text.charCodeAt(column) === DASH && (column + 1 === text.length || text.charCodeAt(column + 1) === SPACE);
}

/** Whether a key and its `:` start at `column`. */
function startsKey(text: string, column: number): boolean {
  // Most list items that are not maps hold no `: ` at all: answered without trying to read a key.
  const first = text[column];
  if (first !== '"' && first !== "'" && !hasKeyColon(text, column)) return false;
  try {
    readKey(text, column);
    return true;
  } catch (error) {
    if (error === OUTSIDE) return false;
    throw error;
  }
}

/** Whether a `:` before a space or the end of the line follows `from`. */
function hasKeyColon(text: string, from: number): boolean {
  for (let at = text.indexOf(':', from); at !== -1; at = text.indexOf(':', at + 1)) {
    if (at + 1 === text.length || text.charCodeAt(at + 1) === SPACE) return true;
  }
  return false;
}

/** A string key at `column` and its `:`; `end` is where its value starts, after spaces. */
function readKey(text: string, column: number): { key: string; end: number } {
  const first = text[column];
  let key: string;
  let after: number;
  if (first === '"' || first === "'") {
    const quoted = readQuoted(text, column);
    key = quoted.value;
    after = quoted.end;
  } else {
    if (!startsPlain(text, column)) outside();
    after = column;
    for (;;) {
      after = text.indexOf(':', after + 1);
      if (after === -1) outside();
      if (after + 1 === text.length || text.charCodeAt(after + 1) === SPACE) break;
    }
    key = text.slice(column, after).trimEnd();
    // A comment or a flow indicator inside the key is the library's to read.
    if (/ #|[[\]{},]/.test(key) || !isStringKey(key)) outside();
  }
  if (text.charCodeAt(after) !== COLON || (after + 1 < text.length && text.charCodeAt(after + 1) !== SPACE)) outside();
  if (key.length > MAX_KEY_LENGTH || SPECIAL_KEYS.has(key)) outside();
  return { key, end: skipSpaces(text, after + 1) };
}

/** Whether a plain scalar may start at `column`. */
function startsPlain(text: string, column: number): boolean {
  const first = text[column];
  if (first === undefined || first === '"' || first === "'" || NOT_PLAIN_START.has(first)) return false;
  // `-` starts a plain scalar only when a character other than a space follows it.
  return first !== '-' || (column + 1 < text.length && text.charCodeAt(column + 1) !== SPACE);
}

/** A one-line scalar value at `column`; `end` is after it and its trailing spaces. */
function readScalar(text: string, column: number): ReadValue {
  const first = text[column];
  if (first === '"' || first === "'") {
    const quoted = readQuoted(text, column);
    return { value: quoted.value, end: quoted.end };
  }
  if (!startsPlain(text, column)) outside();
  const comment = text.indexOf(' #', column);
  const source = (comment === -1 ? text.slice(column) : text.slice(column, comment)).trimEnd();
  // `a: b: c` and `a: b:` are nested maps on one line, which the library refuses.
  if (source.includes(': ') || source.endsWith(':')) outside();
  return { value: plainValue(source), end: comment === -1 ? text.length : comment + 1 };
}

/** A quoted scalar that closes on its line; `end` is after the quote and the spaces after it. */
function readQuoted(text: string, column: number): { value: string; end: number } {
  const quote = text[column];
  // Taken a run at a time, between escapes: a character at a time, a long value would be a chain
  // of as many string pieces.
  let value = '';
  let at = column + 1;
  for (;;) {
    const stop = quote === "'" ? text.indexOf("'", at) : nextQuoteOrEscape(text, at);
    if (stop === -1) outside();
    value += text.slice(at, stop);
    if (quote === "'" && text[stop + 1] === "'") {
      value += "'";
      at = stop + 2;
      continue;
    }
    if (quote === '"' && text[stop] === '\\') {
      const escaped = DOUBLE_QUOTED_ESCAPES[text[stop + 1]];
      if (escaped === undefined) outside();
      value += escaped;
      at = stop + 2;
      continue;
    }
    at = stop;
    break;
  }
  const end = skipSpaces(text, at + 1);
  // A comment after a quoted scalar needs a space before it.
  if (end < text.length && text.charCodeAt(end) === HASH && end === at + 1) outside();
  return { value, end };
}

/** Where the next `"` or `\` is, from `from` on; -1 where the line has neither. */
function nextQuoteOrEscape(text: string, from: number): number {
  for (let at = from; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === DOUBLE_QUOTE || code === BACKSLASH) return at;
  }
  return -1;
}

/**
 * A flow list or map that closes on its line, of plain and quoted scalars and flow collections;
 * `end` is after it and the spaces after it. Empty entries, keys without values and `:` inside a
 * plain scalar are left to the library.
 */
function readFlow(text: string, column: number, depth: number, limits: InputLimits): ReadValue {
  return new FlowReader(text, limits).collection(column, depth);
}

class FlowReader {
  constructor(
    private readonly text: string,
    private readonly limits: InputLimits,
  ) {}

  collection(column: number, depth: number): ReadValue {
    if (depth > this.limits.nestingDepth) outside();
    return this.text[column] === '[' ? this.list(column, depth) : this.map(column, depth);
  }

  private list(column: number, depth: number): ReadValue {
    const items: unknown[] = [];
    let at = skipSpaces(this.text, column + 1);
    if (this.text[at] === ']') return { value: items, end: skipSpaces(this.text, at + 1) };
    for (;;) {
      const item = this.node(at, depth + 1);
      items.push(item.value);
      // As in a block list: past the component limit, the library's to read.
      if (items.length > this.limits.components) outside();
      at = this.separator(item.end, ']');
      if (this.text[at] === ']') return { value: items, end: skipSpaces(this.text, at + 1) };
    }
  }

  private map(column: number, depth: number): ReadValue {
    const entries: Record<string, unknown> = {};
    let at = skipSpaces(this.text, column + 1);
    if (this.text[at] === '}') return { value: entries, end: skipSpaces(this.text, at + 1) };
    for (;;) {
      const key = this.key(at);
      if (Object.hasOwn(entries, key.value)) outside();
      const value = this.node(key.end, depth + 1);
      entries[key.value] = value.value;
      at = this.separator(value.end, '}');
      if (this.text[at] === '}') return { value: entries, end: skipSpaces(this.text, at + 1) };
    }
  }

  /** After an entry: a `,` and the next entry's start, or the closing bracket. */
  private separator(at: number, close: string): number {
    const character = this.text[at];
    if (character === close) return at;
    if (character !== ',') outside();
    const next = skipSpaces(this.text, at + 1);
    // A trailing comma or an empty entry is the library's to read.
    if (this.text[next] === ',' || this.text[next] === close) outside();
    return next;
  }

  /** A flow map key and its `: `; `end` is where its value starts. */
  private key(at: number): { value: string; end: number } {
    let value: string;
    let end: number;
    const first = this.text[at];
    if (first === '"' || first === "'") {
      const quoted = readQuoted(this.text, at);
      value = quoted.value;
      end = quoted.end;
    } else {
      const plain = this.plain(at, true);
      if (!isStringKey(plain.source)) outside();
      value = plain.source;
      end = plain.end;
    }
    if (this.text[end] !== ':' || this.text.charCodeAt(end + 1) !== SPACE) outside();
    if (value.length > MAX_KEY_LENGTH || SPECIAL_KEYS.has(value)) outside();
    return { value, end: skipSpaces(this.text, end + 1) };
  }

  private node(at: number, depth: number): ReadValue {
    const first = this.text[at];
    if (first === '[' || first === '{') return this.collection(at, depth);
    if (first === '"' || first === "'") {
      const quoted = readQuoted(this.text, at);
      return { value: quoted.value, end: quoted.end };
    }
    const plain = this.plain(at, false);
    return { value: plainValue(plain.source), end: plain.end };
  }

  /** A plain scalar inside a flow collection: it ends at a flow indicator, or at a key's `:`. */
  private plain(at: number, key: boolean): { source: string; end: number } {
    const text = this.text;
    const first = text[at];
    if (first === undefined || first === '"' || first === "'" || NOT_PLAIN_START.has(first)) outside();
    if (first === '-' && (at + 1 === text.length || text[at + 1] === ' ' || endsFlowPlain(text[at + 1]))) outside();
    let end = at;
    for (; end < text.length; end++) {
      const character = text[end];
      if (character === '#' && text[end - 1] === ' ') outside();
      if (character === ':') {
        // A `:` before a space ends a key; before anything that may stand in a plain scalar, it is part of it.
        const after = text[end + 1];
        if (after === ' ') break;
        if (after === undefined || endsFlowPlain(after)) outside();
        continue;
      }
      if (endsFlowPlain(character)) break;
    }
    if (end === text.length || (text[end] === ':' && !key)) outside();
    return { source: text.slice(at, end).trimEnd(), end };
  }
}

/** A character that ends a plain scalar inside a flow collection. */
function endsFlowPlain(character: string): boolean {
  return character === ',' || character === '[' || character === ']' || character === '{' || character === '}' || character === ':';
}
