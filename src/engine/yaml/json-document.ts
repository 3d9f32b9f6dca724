import { LineCounter } from 'yaml';
import type { InputLimits } from './input-limits.js';

/** A file read as JSON: its value, a fresh copy, and where the node on a path starts. */
export interface JsonDocument {
  value: unknown;
  /** A fresh copy of the value. */
  reread(): unknown;
  /**
   * Where the node at `path` starts, or the nearest ancestor that exists: a map entry at its key,
   * a list item at its first character (line and column from 1, as the YAML library counts them).
   */
  positionOf(path: readonly (string | number)[]): { line: number; column: number };
}

/**
 * Reads a file written as one JSON object or array, as JSON tools print it: over many lines,
 * which the block reader leaves to the YAML library. JSON is YAML, and the library reads it into
 * the same values `JSON.parse` gives, but it builds a node for every scalar of a flow collection,
 * which the block reader does not.
 *
 * It answers only where the library would accept the file and give the same value: anything
 * `JSON.parse` refuses, a key repeated in one object (JSON keeps the last; YAML refuses it), a
 * value past the input limits, and the characters YAML reads by rules of its own (tabs, a carriage
 * return but in a Windows line break, other control characters, Unicode line breaks, a byte-order
 * mark) make it answer undefined, and the caller reads the text with the library instead.
 */
export function readJsonDocument(text: string, limits: InputLimits): JsonDocument | undefined {
  const start = firstContent(text);
  if (text[start] !== '{' && text[start] !== '[') return undefined;
  if (UNREAD_CHARACTERS.test(text) || LONE_CARRIAGE_RETURN.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const written = scanKeysAndDepth(text, start, limits.nestingDepth);
  if (written === undefined || written !== countKeys(value) || hasComponentsPastLimit(value, limits.components)) return undefined;
  let positions: Positions | undefined;
  return {
    value,
    reread: () => JSON.parse(text),
    positionOf: (path) => (positions ??= new Positions(text, start)).of(path),
  };
}

// eslint-disable-next-line no-control-regex
const UNREAD_CHARACTERS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f\u0085\u2028\u2029\ufeff]/;
const LONE_CARRIAGE_RETURN = /\r(?!\n)/;

function firstContent(text: string): number {
  const match = /[^ \n\r]/.exec(text);
  return match ? match.index : text.length;
}

/**
 * The keys the text writes (a string followed by a colon), in one pass over text `JSON.parse`
 * accepted; undefined where a map or list opens deeper than `nestingDepth` (the library's reading
 * refuses it, where it is placed).
 */
function scanKeysAndDepth(text: string, from: number, nestingDepth: number): number | undefined {
  const tokens = /"(?:[^"\\]|\\.)*"([ \n\r]*:)?|[[{]|[\]}]/g;
  tokens.lastIndex = from;
  let keys = 0;
  let depth = 0;
  for (let match = tokens.exec(text); match !== null; match = tokens.exec(text)) {
    const first = match[0];
    if (first === '{' || first === '[') {
      depth += 1;
      if (depth > nestingDepth) return undefined;
    } else if (first === '}' || first === ']') depth -= 1;
    else if (match[1] !== undefined) keys += 1;
  }
  return keys;
}

/** The keys of every object in a value `JSON.parse` gave (fewer than the text writes where one repeats). */
function countKeys(root: unknown): number {
  let keys = 0;
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object') pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const key in value) {
        keys += 1;
        const item = (value as Record<string, unknown>)[key];
        if (item !== null && typeof item === 'object') pending.push(item);
      }
    }
  }
  return keys;
}

/** Whether `spec.components` is a list longer than the limit: the library's reading refuses it at the item past the limit. */
function hasComponentsPastLimit(value: unknown, limit: number): boolean {
  const spec = isObject(value) ? value.spec : undefined;
  const components = isObject(spec) ? spec.components : undefined;
  return Array.isArray(components) && components.length > limit;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Where a node starts; for a map or list, where each of its entries starts too. */
interface Placed {
  at: number;
  /** A map's entries: each key's offset and the node of its value. */
  entries?: Map<string, { at: number; node: Placed }>;
  items?: Placed[];
}

/**
 * The offsets of every node of the text, read in one pass the first time a position is asked
 * for, so that any number of refusals cost one reading. Read by descent: the text is within the
 * nesting limit.
 */
class Positions {
  private readonly root: Placed;
  private lines: LineCounter | undefined;
  private offset: number;

  constructor(
    private readonly text: string,
    start: number,
  ) {
    this.offset = start;
    this.root = this.node();
  }

  of(path: readonly (string | number)[]): { line: number; column: number } {
    let node = this.root;
    let at = node.at;
    for (const segment of path) {
      const next = typeof segment === 'string' ? node.entries?.get(segment) : undefined;
      if (next) {
        at = next.at;
        node = next.node;
        continue;
      }
      const item = typeof segment === 'number' ? node.items?.[segment] : undefined;
      if (!item) break;
      at = item.at;
      node = item;
    }
    return this.lineAndColumn(at);
  }

  private lineAndColumn(offset: number): { line: number; column: number } {
    const { line, col } = (this.lines ??= linesOf(this.text)).linePos(offset);
    return { line, column: col };
  }

  private node(): Placed {
    this.skipSpace();
    const at = this.offset;
    const opener = this.text[at];
    if (opener === '{') return this.map(at);
    if (opener === '[') return this.list(at);
    this.offset = at + this.token(opener === '"' ? STRING : SCALAR).length;
    return { at };
  }

  private map(at: number): Placed {
    const entries = new Map<string, { at: number; node: Placed }>();
    this.offset += 1;
    while (this.nextIsNot('}')) {
      const keyAt = this.offset;
      const written = this.token(STRING);
      const key = written.includes('\\') ? (JSON.parse(written) as string) : written.slice(1, -1);
      this.offset += written.length;
      this.skipSpace();
      this.offset += 1; // the colon
      entries.set(key, { at: keyAt, node: this.node() });
    }
    return { at, entries };
  }

  private list(at: number): Placed {
    const items: Placed[] = [];
    this.offset += 1;
    while (this.nextIsNot(']')) items.push(this.node());
    return { at, items };
  }

  /** Steps over spaces and a comma; whether the next character is not `closer` (stepped over when it is). */
  private nextIsNot(closer: string): boolean {
    this.skipSpace();
    if (this.text[this.offset] === ',') {
      this.offset += 1;
      this.skipSpace();
    }
    if (this.text[this.offset] !== closer) return true;
    this.offset += 1;
    return false;
  }

  private skipSpace(): void {
    SPACE.lastIndex = this.offset;
    SPACE.exec(this.text);
    this.offset = SPACE.lastIndex;
  }

  private token(pattern: RegExp): string {
    pattern.lastIndex = this.offset;
    return pattern.exec(this.text)![0];
  }
}

const SPACE = /[ \n\r]*/y;
const STRING = /"(?:[^"\\]|\\.)*"/y;
const SCALAR = /[^ \n\r,\]}]+/y;

/** Where each line of the text starts, counted as the YAML library counts the lines of what it reads. */
function linesOf(text: string): LineCounter {
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines.addNewLine(at + 1);
  return lines;
}
