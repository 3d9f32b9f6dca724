import type { InputLimits } from './input-limits.js';
import { nameAt, type AnchorBook } from './block-yaml-anchors.js';
import { foldedLine, quotedLines } from './block-yaml-lines.js';
import { afterClosing, HASH, isStringKey, NOT_PLAIN_START, outside, plainValue, readableKey, readQuoted, skipSpaces, SPACE, startsPlain, trimWhite, type ReadValue } from './block-yaml-scalars.js';

/** A flow collection the block reader read: its value, the line it closes on, and the column after it and the spaces after it there. */
export interface FlowRead extends ReadValue {
  line: number;
}

/**
 * A flow list or map of plain and quoted scalars and flow collections, from `column` of line
 * `line`, under a node at `indent`. It may go on over the lines after its first: each later line
 * is more indented than `indent`, but the line of the outermost collection's closing bracket,
 * which may stand at `indent` itself. A key ends on its line with its `:`; a value may go on over
 * the lines after it; a last entry may have a `,` after it. A value may be an alias, or carry an
 * anchor before it on its line; both are the document's (`anchors`).
 * Empty entries, keys without values, anchors and aliases as keys and `:` inside a plain scalar
 * are left to the library, and so is an Application's list of components (`components`) longer
 * than it may be: the library's reading refuses it at the item past the limit.
 */
export function readFlow(lines: readonly string[], line: number, column: number, indent: number, depth: number, limits: InputLimits, anchors: AnchorBook, components = false): FlowRead {
  const reader = new FlowReader(lines, line, indent, limits, anchors, components ? depth : undefined);
  const { value, end } = reader.collection(column, depth);
  return { value, end: afterClosing(reader.text, end - 1), line: reader.line };
}

class FlowReader {
  /** The collections open: a closing bracket may stand at the parent's indent only where it closes the outermost. */
  private open = 0;

  constructor(
    private readonly lines: readonly string[],
    /** The line being read. */
    public line: number,
    private readonly indent: number,
    private readonly limits: InputLimits,
    private readonly anchors: AnchorBook,
    /** The depth of the components list, where the collection read is one. */
    private readonly componentsDepth: number | undefined,
  ) {}

  get text(): string {
    return this.lines[this.line];
  }

  /** A collection whose bracket is at `column`; `end` is just after its closing bracket. */
  collection(column: number, depth: number): ReadValue {
    if (depth > this.limits.nestingDepth) outside();
    this.open += 1;
    const read = this.text[column] === '[' ? this.list(column, depth) : this.map(column, depth);
    this.open -= 1;
    return read;
  }

  private list(column: number, depth: number): ReadValue {
    const items: unknown[] = [];
    let at = this.space(column + 1);
    if (this.text[at] === ']') return { value: items, end: at + 1 };
    for (;;) {
      const item = this.node(at, depth + 1);
      items.push(item.value);
      if (depth === this.componentsDepth && items.length > this.limits.components) outside();
      at = this.separator(item.end, ']');
      if (this.text[at] === ']') return { value: items, end: at + 1 };
    }
  }

  private map(column: number, depth: number): ReadValue {
    const entries: Record<string, unknown> = {};
    let at = this.space(column + 1);
    if (this.text[at] === '}') return { value: entries, end: at + 1 };
    for (;;) {
      const key = this.key(at);
      if (Object.hasOwn(entries, key.value)) outside();
      const value = this.node(key.end, depth + 1);
      entries[key.value] = value.value;
      at = this.separator(value.end, '}');
      if (this.text[at] === '}') return { value: entries, end: at + 1 };
    }
  }

  /**
   * From `at` on: past spaces, a comment, and where the line ends inside the collection, the line
   * break and the blank and comment lines after it, to the next thing written. A line more
   * indented than the parent node goes on with the collection; one less indented (a comment line
   * too), or a tab where its indentation ends, is the library's to read.
   */
  private space(at: number): number {
    at = skipSpaces(this.text, at);
    if (at < this.text.length && (this.text.charCodeAt(at) !== HASH || this.text.charCodeAt(at - 1) !== SPACE)) return at;
    for (;;) {
      this.line += 1;
      if (this.line === this.lines.length) outside();
      const text = this.text;
      at = skipSpaces(text, 0);
      if (at === text.length) continue;
      // The library reads a comment line left of the parent's indent in some places and not in
      // others (after a map value, at the line's start): one is left to it wherever it stands.
      if (at > this.indent) {
        if (text.charCodeAt(at) === HASH) continue;
        return at;
      }
      // The outermost collection's closing bracket may stand at the parent's own indent.
      if (at === this.indent && this.open === 1 && (text[at] === ']' || text[at] === '}')) return at;
      outside();
    }
  }

  /** After an entry: a `,` and the next entry's start, or the closing bracket (after a last `,` too). */
  private separator(at: number, close: string): number {
    at = this.space(at);
    const character = this.text[at];
    if (character === close) return at;
    if (character !== ',') outside();
    const next = this.space(at + 1);
    // An empty entry is the library's to refuse.
    if (this.text[next] === ',') outside();
    return next;
  }

  /** A flow map key and its `:` on its line; `end` is where its value starts. */
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
    // The value may follow on the next line.
    if (this.text[end] !== ':' || (end + 1 < this.text.length && this.text.charCodeAt(end + 1) !== SPACE)) outside();
    return { value: readableKey(value), end: this.space(end + 1) };
  }

  private node(at: number, depth: number): ReadValue {
    const first = this.text[at];
    if (first === '&') return this.anchored(at, depth);
    if (first === '*') return this.anchors.alias(this.text, this.line, at, true);
    if (first === '[' || first === '{') return this.collection(at, depth);
    if (first === '"' || first === "'") return this.quoted(at);
    const plain = this.plain(at, false);
    return { value: plainValue(plain.source), end: plain.end };
  }

  /**
   * A value with an anchor before it on its line. An anchor on nothing (before a `,`, a closing
   * bracket, a comment or the line's end), before an alias or before a second anchor is the
   * library's to read.
   */
  private anchored(at: number, depth: number): ReadValue {
    const anchor = nameAt(this.text, at, true) ?? outside();
    const next = this.text[anchor.end];
    if (next === undefined || next === '&' || next === '*' || next === ',' || next === ']' || next === '}' || next === '#') outside();
    const read = this.node(anchor.end, depth);
    this.anchors.define(anchor.name, read.value);
    return read;
  }

  /** A quoted value: on its line, or over the lines after it, each more indented than the parent node. */
  private quoted(at: number): ReadValue {
    const { value, line, end } = quotedLines(this.lines, this.line, at, this.indent);
    this.line = line;
    return { value, end };
  }

  /**
   * A plain scalar inside a flow collection: it ends at a flow indicator, at a key's `:`, or at a
   * comment. A value's scalar that reaches the end of its line goes on over the lines after it
   * that hold more of it (`plainContinues`); a key's is the library's to read.
   */
  private plain(at: number, key: boolean): { source: string; end: number } {
    const text = this.text;
    const first = text[at];
    if (first === undefined || first === '"' || first === "'" || NOT_PLAIN_START.has(first)) outside();
    if (first === '-' && (at + 1 === text.length || text[at + 1] === ' ' || endsFlowPlain(text[at + 1]))) outside();
    const end = plainEnd(text, at, key);
    const source = trimWhite(text.slice(at, end));
    return end === text.length && !key ? this.plainContinues(source) : { source, end };
  }

  /**
   * A value's plain scalar, `source` so far, whose line ended: the lines after it, each more
   * indented than the parent node, that hold more of it, folded as the library folds a plain
   * scalar's lines (a line break a space, each blank line among them a line break). It ends at a
   * line that starts with `,`, `]`, `}` or a comment; one whose text is read other than as a plain
   * scalar's (an indicator first, a `: `) is the library's. `end` is on the line it ends on.
   */
  private plainContinues(source: string): { source: string; end: number } {
    let end = this.text.length;
    let blanks = 0;
    for (let line = this.line + 1; line < this.lines.length; line++) {
      const text = this.lines[line];
      const at = skipSpaces(text, 0);
      if (at === text.length) {
        blanks += 1;
        continue;
      }
      const first = text[at];
      if (first === ',' || first === ']' || first === '}' || first === '#') break;
      if (at <= this.indent || !startsPlain(text, at)) outside();
      const pieceEnd = plainEnd(text, at, false);
      const piece = trimWhite(text.slice(at, pieceEnd));
      source = foldedLine(source, blanks, piece);
      blanks = 0;
      this.line = line;
      end = pieceEnd;
      if (pieceEnd < text.length) break;
    }
    return { source, end };
  }
}

/**
 * Where a plain scalar inside a flow collection that starts at `at` ends on its line: at a flow
 * indicator, a `:` before a space (or, for a key, before the line's end), a comment, or the line's
 * end. A tab in it, and a `:` before a flow indicator, are the library's to read.
 */
function plainEnd(text: string, at: number, key: boolean): number {
  let end = at;
  for (; end < text.length; end++) {
    const character = text[end];
    if (character === '\t') outside();
    if (character === '#' && text[end - 1] === ' ') break;
    if (character === ':') {
      // A `:` before a space ends a key; before anything that may stand in a plain scalar, it is part of it.
      const after = text[end + 1];
      if (after === ' ' || (key && after === undefined)) break;
      if (after === undefined || endsFlowPlain(after)) outside();
      continue;
    }
    if (endsFlowPlain(character)) break;
  }
  if (text[end] === ':' && !key) outside();
  return end;
}

/** A character that ends a plain scalar inside a flow collection. */
function endsFlowPlain(character: string): boolean {
  return character === ',' || character === '[' || character === ']' || character === '{' || character === '}' || character === ':';
}
