import type { InputLimits } from './input-limits.js';
import { isStringKey, NOT_PLAIN_START, outside, plainValue, readableKey, readQuoted, skipSpaces, SPACE, trimWhite, type ReadValue } from './block-yaml-scalars.js';

/**
 * A flow list or map that closes on its line, of plain and quoted scalars and flow collections;
 * `end` is after it and the spaces after it. Empty entries, keys without values and `:` inside a
 * plain scalar are left to the library, and so is an Application's list of components (`components`)
 * longer than it may be: the library's reading refuses it at the item past the limit.
 */
export function readFlow(text: string, column: number, depth: number, limits: InputLimits, components = false): ReadValue {
  return new FlowReader(text, limits, components ? depth : undefined).collection(column, depth);
}

class FlowReader {
  constructor(
    private readonly text: string,
    private readonly limits: InputLimits,
    /** The depth of the components list, where the collection read is one. */
    private readonly componentsDepth: number | undefined,
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
      if (depth === this.componentsDepth && items.length > this.limits.components) outside();
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
      ({ value, end } = readQuoted(this.text, at));
    } else {
      ({ source: value, end } = this.plain(at, true));
      if (!isStringKey(value)) outside();
    }
    if (this.text[end] !== ':' || this.text.charCodeAt(end + 1) !== SPACE) outside();
    return { value: readableKey(value), end: skipSpaces(this.text, end + 1) };
  }

  private node(at: number, depth: number): ReadValue {
    const first = this.text[at];
    if (first === '[' || first === '{') return this.collection(at, depth);
    if (first === '"' || first === "'") return readQuoted(this.text, at);
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
      if ((character === '#' && text[end - 1] === ' ') || character === '\t') outside();
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
    return { source: trimWhite(text.slice(at, end)), end };
  }
}

/** A character that ends a plain scalar inside a flow collection. */
function endsFlowPlain(character: string): boolean {
  return character === ',' || character === '[' || character === ']' || character === '{' || character === '}' || character === ':';
}
