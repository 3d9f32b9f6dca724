import { CST, isScalar, Schema, type ScalarTag } from 'yaml';

/**
 * The scalars of the block reader (`block-yaml.ts`) and its flow reader (`block-yaml-flow.ts`):
 * plain and quoted scalars as the YAML library resolves them, the folding of a folded block
 * scalar's lines, and the way out to the library.
 */

/** Thrown where the text steps outside what the block reader reads exactly. */
const OUTSIDE = Symbol('outside the block subset');

export function outside(): never {
  throw OUTSIDE;
}

/** Whether an error is the block reader's way out to the library. */
export function isOutside(error: unknown): boolean {
  return error === OUTSIDE;
}

/** The core schema's scalar tags, in the library's order. */
export const CORE_SCALAR_TAGS: readonly ScalarTag[] = new Schema({}).tags.filter((tag): tag is ScalarTag => !('collection' in tag && tag.collection));

/** Those an untagged plain scalar is tested against. */
const PLAIN_TAGS = CORE_SCALAR_TAGS.filter((tag) => tag.default === true && tag.test !== undefined);

/**
 * Whether a plain scalar could match a core tag other than the string's: every such test admits
 * only the empty text or a text starting with one of these characters.
 */
function mayResolve(source: string): boolean {
  return source === '' || '~nNtTfF0123456789+-.'.includes(source[0]);
}

/** The value the core schema gives a plain scalar, as the composer resolves it. */
export function plainValue(source: string): unknown {
  if (!mayResolve(source)) return source;
  for (const tag of PLAIN_TAGS) {
    if (!tag.test!.test(source)) continue;
    const resolved = tag.resolve(source, outside, {});
    return isScalar(resolved) ? resolved.value : resolved;
  }
  return source;
}

/** Whether a plain key resolves to a string (a key such as `80`, `true` or `null` does not). */
export function isStringKey(source: string): boolean {
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
export const NOT_PLAIN_START = new Set(['[', ']', '{', '}', ',', '#', '&', '*', '!', '|', '>', '%', '@', '`', '?', ':', '\t']);

/** Keys whose plain text the library treats specially, or that a plain object cannot hold as given. */
const SPECIAL_KEYS = new Set(['<<', '__proto__']);

/** The library refuses an implicit key longer than 1024 characters. */
const MAX_KEY_LENGTH = 1000;

/** A key as read, where the block reader may hold it: not too long, and nothing the library treats specially. */
export function readableKey(key: string): string {
  if (key.length > MAX_KEY_LENGTH || SPECIAL_KEYS.has(key)) outside();
  return key;
}

// Carriage returns (but before a line feed), control characters other than the tab, a byte-order
// mark and Unicode line breaks each have rules of their own in YAML; a text with any of them is
// left to the library. A tab is read where it is content or ends a plain scalar (in a comment, a
// quoted or block scalar, a plain scalar's text or after it), and between a key's `:` and its
// value; anywhere else it is separation or indentation, and the library's to read.
// eslint-disable-next-line no-control-regex
export const UNREAD_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f\u0085\u2028\u2029\ufeff]/;

export const SPACE = 0x20;
export const TAB = 0x09;
export const HASH = 0x23;
export const COLON = 0x3a;
const DOUBLE_QUOTE = 0x22;
const BACKSLASH = 0x5c;

export interface ReadValue {
  value: unknown;
  /** The column after the scalar and its trailing spaces. */
  end: number;
}

export function skipSpaces(text: string, column: number): number {
  while (column < text.length && text.charCodeAt(column) === SPACE) column++;
  return column;
}

/** Whether a plain scalar may start at `column`. */
export function startsPlain(text: string, column: number): boolean {
  const first = text[column];
  if (first === undefined || first === '"' || first === "'" || NOT_PLAIN_START.has(first)) return false;
  // `-` starts a plain scalar only when a character other than white space follows it.
  return first !== '-' || (column + 1 < text.length && text.charCodeAt(column + 1) !== SPACE && text.charCodeAt(column + 1) !== TAB);
}

/** A plain scalar's text on its line from `column`; `end` is at its comment's `#`, or the line's end. */
export function readPlain(text: string, column: number): { source: string; end: number } {
  if (!startsPlain(text, column)) outside();
  const comment = commentStart(text, column);
  const source = trimWhite(comment === -1 ? text.slice(column) : text.slice(column, comment));
  // `a: b: c` and `a: b:` are nested maps on one line, which the library refuses.
  if (source.includes(': ') || source.includes(':\t') || source.endsWith(':')) outside();
  return { source, end: comment === -1 ? text.length : comment + 1 };
}

/** Where the space or tab before the line's first comment is, from `from` on; -1 where none is. */
function commentStart(text: string, from: number): number {
  for (let at = text.indexOf('#', from + 1); at !== -1; at = text.indexOf('#', at + 1)) {
    const before = text.charCodeAt(at - 1);
    if (before === SPACE || before === TAB) return at - 1;
  }
  return -1;
}

/**
 * A plain scalar's text without the spaces and tabs after it: YAML's white space, where
 * `trimEnd` would take other Unicode spaces too (a no-break space ends many a value).
 */
export function trimWhite(text: string): string {
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === SPACE || text.charCodeAt(end - 1) === TAB)) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** A quoted scalar that closes on its line; `end` is after the quote and the spaces after it. */
export function readQuoted(text: string, column: number): { value: string; end: number } {
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
  return { value, end: afterClosing(text, at) };
}

/**
 * The column after a closing quote or bracket at `at` and the spaces after it. A comment there
 * needs a space before it: a `#` right after is the library's to refuse.
 */
export function afterClosing(text: string, at: number): number {
  if (text.charCodeAt(at + 1) === HASH) outside();
  return skipSpaces(text, at + 1);
}

/**
 * Where the quoted scalar whose quote is `quote` closes on a line, looking from `from` (after the
 * opening quote, or at the start of a line that continues the scalar); -1 where the line ends
 * inside it. A `''` in single quotes and an escaped character in double quotes (a `\\` at the end
 * of the line escapes the line break) do not close it.
 */
export function closingQuote(text: string, from: number, quote: string): number {
  if (quote === "'") {
    for (let at = text.indexOf("'", from); at !== -1; at = text.indexOf("'", at + 2)) if (text[at + 1] !== "'") return at;
    return -1;
  }
  for (let at = nextQuoteOrEscape(text, from); at !== -1; at = nextQuoteOrEscape(text, at + 2)) if (text.charCodeAt(at) === DOUBLE_QUOTE) return at;
  return -1;
}

/**
 * The value of a quoted scalar over several lines (its text from quote to quote, the lines joined
 * by line breaks), folded as the library folds it: it is the library's own reading of the scalar.
 * Anything it would report (an unknown escape) is the library's to refuse.
 */
export function quotedLinesValue(source: string): string {
  const token = { type: source[0] === '"' ? 'double-quoted-scalar' : 'single-quoted-scalar', offset: 0, indent: 0, source } as const;
  const resolved = CST.resolveAsScalar(token, true, outside);
  if (resolved === null || typeof resolved.value !== 'string') outside();
  return resolved.value;
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
 * The first `kept` lines of a folded block scalar (its indent taken off; an empty one is blank),
 * folded: a line break between two lines of text is a space, and is dropped before blank lines,
 * each of which is a line break; beside a line that starts with white space ("more indented"),
 * every line break is kept.
 */
export function folded(lines: string[], kept: number): string {
  let value = lines[0];
  let spaced = startsWhite(lines[0]);
  let blanks = 0;
  for (let index = 1; index < kept; index++) {
    const line = lines[index];
    if (line === '') {
      blanks += 1;
      continue;
    }
    const lineSpaced = startsWhite(line);
    const breakKept = spaced || lineSpaced;
    value += blanks === 0 ? (breakKept ? '\n' : ' ') : '\n'.repeat(breakKept ? blanks + 1 : blanks);
    value += line;
    spaced = lineSpaced;
    blanks = 0;
  }
  return value;
}

function startsWhite(line: string): boolean {
  return line.charCodeAt(0) === SPACE || line.charCodeAt(0) === TAB;
}
