import { AliasCount, AliasesPastLimit, anchorAt, nameAt, type AnchorBook } from './block-yaml-anchors.js';
import { readFlow } from './block-yaml-flow.js';
import { tagAt } from './block-yaml-tags.js';
import { isListEntry, keyAt, readKey } from './block-yaml-keys.js';
import { placeDocument, placeIn, PlaceLog, type Placed } from './block-yaml-places.js';
import { blockScalarLines, plainContinuation, quotedLines } from './block-yaml-lines.js';
import { HASH, isOutside, outside, plainValue, readPlain, skipSpaces, SPACE, startsPlain, TAB, UNREAD_CHARACTERS } from './block-yaml-scalars.js';
import type { BlockDocument } from './block-yaml-document.js';
import type { InputLimits } from './input-limits.js';

export type { BlockDocument } from './block-yaml-document.js';

/**
 * Reads the documents of a text (those with something in them) written in the YAML that
 * Applications, profiles and packages are written in — block maps and lists, plain and quoted
 * scalars and flow lists and maps (over several lines too), literal and folded block scalars, the
 * core schema's tags, `!!binary`, `!!timestamp` and local tags before a scalar (`!!str 80`,
 * `!secret x`), anchors and aliases of values (in flow
 * collections too), comments, `---` between documents — straight into the values the YAML
 * library's composer and `toJS` give for the same text, at a small part of their cost. An alias is
 * the anchored value itself (a collection shared, as `toJS` shares it), and the nodes aliases add
 * are counted as the input limits count them.
 *
 * It reads only what it can read exactly. Anything else (other tags, directives, indentation
 * indicators, anchors and aliases as keys or on nothing, an anchor given twice in a document,
 * keys over several lines, a line of a scalar or flow collection not indented past
 * its parent, a plain scalar whose lines hold a comment, a `: ` or an indicator first, a tab but
 * in a comment, a quoted scalar's first line, a block scalar's lines, a plain scalar's text or
 * between a key's `:` and its value,
 * carriage returns but in a Windows line break, keys that are not strings, a repeated key) and
 * anything the library would refuse or the input limits would stop makes it answer undefined, and
 * the caller reads the text with the library instead. So where it answers, the answer is the
 * library's. Every refusal comes from the library but one: a text it reads whole but for an alias
 * past the limit of nodes aliases may add, which the library would refuse at that alias after
 * reading all of it, is refused by throwing `AliasesPastLimit` with the alias. The entries of the
 * block collections it read it places itself (`place`), where the library places their nodes;
 * every other source position comes from the library.
 */
export function readBlockDocuments(text: string, limits: InputLimits): BlockDocument[] | undefined {
  const unixText = readableText(text);
  if (unixText === undefined) return undefined;
  const lines = unixText.split('\n');
  try {
    const reader = new BlockReader(lines, limits, { places: true });
    const documents = reader.documents();
    const log = reader.placeLog!;
    return documents.map(({ value, from, to, logFrom }) => {
      // A document that a marker ends keeps the line break before the marker: an empty last line.
      const own = () => (to < lines.length ? [...lines.slice(from, to), ''] : lines.slice(from));
      // Placed from the reading's log on the first question: most documents are never asked.
      let placed: Placed | undefined;
      return {
        value,
        place: (path: readonly (string | number)[]) => placeIn((placed ??= placeDocument(log, logFrom!)), path, lines),
        reread: () => new BlockReader(own(), limits).documents()[0].value,
        entryAt: (path: readonly (string | number)[]) => {
          const found = new BlockReader(own(), limits, { target: path }).deepestEntry();
          // Where nothing on the path is found, the root's first line answers.
          if (!found) return { line: from };
          return { line: from + found.line, valueColumn: found.valueColumn, lastLine: found.lastLine === undefined ? undefined : from + found.lastLine };
        },
      };
    });
  } catch (error) {
    if (isOutside(error)) return undefined;
    throw error;
  }
}

/**
 * The values of the documents of a text, as `readBlockDocuments` reads them, where it reads them;
 * for a text read once, whose positions nothing asks for.
 */
export function readBlockValues(text: string, limits: InputLimits): unknown[] | undefined {
  const unixText = readableText(text);
  if (unixText === undefined) return undefined;
  try {
    return new BlockReader(unixText.split('\n'), limits).documents().map((document) => document.value);
  } catch (error) {
    if (isOutside(error)) return undefined;
    throw error;
  }
}

/** The text as the block reader reads it, or undefined where it holds what the reader leaves to the library. */
function readableText(text: string): string | undefined {
  // A carriage return before a line feed is part of the line break, to YAML as to the lines read
  // here (a file written on Windows); one alone is left to the library.
  const unixText = text.includes('\r') ? text.replaceAll('\r\n', '\n') : text;
  return UNREAD_CHARACTERS.test(unixText) ? undefined : unixText;
}

class BlockReader implements AnchorBook {
  /** The line the reader is at: the next one not yet read whole. */
  private line = 0;
  /** The key of the entry being read in the map at each depth (1 for the root). */
  private readonly keys: string[] = [];
  /** The values of the document's anchors, by name. */
  private readonly anchors = new Map<string, unknown>();
  /** The nodes the document's aliases stand for, counted as the input limits count them. */
  private readonly aliasCount = new AliasCount();
  /** The first alias that took its document past the limit of nodes aliases may add. */
  private pastLimit: AliasesPastLimit | undefined;
  /** Where an entry is looked for: the path to it, the path being read, and the deepest entry found on it. */
  private readonly search?: { target: readonly (string | number)[]; path: Array<string | number>; found?: { depth: number; line: number; valueColumn?: number; lastLine?: number } };

  /** Where the nodes read start, when asked for (`places`). */
  readonly placeLog: PlaceLog | undefined;
  /** Whether an Application's `spec.components` was read as a block list: a second such list is no Application's. */
  private readComponents = false;

  constructor(
    private readonly lines: string[],
    private readonly limits: InputLimits,
    { target, places = false }: { target?: readonly (string | number)[]; places?: boolean } = {},
  ) {
    if (target) this.search = { target, path: [] };
    if (places) this.placeLog = new PlaceLog();
  }

  /** A node starts at `column` of the current line (logged, when placing). */
  private started(column: number): void {
    this.placeLog?.started(this.line, column);
  }

  /**
   * Where the deepest entry of the target path that the text holds starts; the value's column where
   * the whole path is a map entry; and, where the path goes on inside a flow collection over
   * several lines, the line it closes on.
   */
  deepestEntry(): { line: number; valueColumn?: number; lastLine?: number } | undefined {
    try {
      this.documents();
    } catch (error) {
      if (error !== FOUND) throw error;
    }
    const found = this.search?.found;
    if (!found) return undefined;
    if (found.depth === this.search!.target.length) return { line: found.line, valueColumn: found.valueColumn };
    return { line: found.line, lastLine: found.lastLine };
  }

  /**
   * An entry (a map's key, a list's item) of the collection at `depth` starts at the current line;
   * a map entry's value at `valueColumn`.
   */
  private entered(depth: number, segment: string | number, valueColumn?: number): void {
    const search = this.search!;
    // Entries come in the text's order, each one's below it: one no deeper than the deepest found
    // is past it, and nothing deeper on the path can follow.
    if (search.found && depth <= search.found.depth) throw FOUND;
    search.path.length = depth - 1;
    search.path.push(segment);
    if (depth > search.target.length) return;
    for (let index = 0; index < depth; index++) if (search.path[index] !== search.target[index]) return;
    search.found = { depth, line: this.line, valueColumn };
    if (depth === search.target.length) throw FOUND;
  }

  /** Each document's value, and the lines it spans: from its root's first line to the next marker. */
  documents(): Array<{ value: unknown; from: number; to: number; logFrom?: number }> {
    const found: Array<{ value: unknown; from: number; to: number; logFrom?: number }> = [];
    let markers = 0;
    let root: { value: unknown; from: number; logFrom?: number } | undefined;
    for (;;) {
      const indent = this.nextContent();
      if (indent === END) break;
      if (indent === MARKER) {
        this.documentStart();
        markers += 1;
        if (markers >= this.limits.documents) outside();
        if (root) found.push({ ...root, to: this.line });
        root = undefined;
        // Anchors name nodes of their own document.
        this.anchors.clear();
        this.aliasCount.reset();
        this.line += 1;
        continue;
      }
      // A second root in one document is the library's to refuse.
      if (root) outside();
      const from = this.line;
      const logFrom = this.placeLog?.document();
      root = { value: this.block(this.line, indent, 1), from, logFrom };
    }
    if (root) found.push({ ...root, to: this.lines.length });
    if (this.pastLimit) throw this.pastLimit;
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
      if (text.charCodeAt(column) === TAB) outside();
      return column;
    }
    return END;
  }

  /**
   * Whether a list at `depth` is an Application's `spec.components`, as far as the keys read say.
   * One taken for it wrongly is only left to the library.
   */
  private isComponentsList(depth: number): boolean {
    return depth === 3 && this.keys[1] === 'spec' && this.keys[2] === 'components';
  }

  /** A block map or list whose first entry starts at `column` of line `line`. */
  /**
   * The node that starts at `column` of line `line`, on a line of its own: a block list or map, or,
   * under a key or `-` at `parentIndent`, a scalar or flow collection (the root is a collection).
   * An anchor before it (`anchored`) may not name an alias.
   */
  private block(line: number, column: number, depth: number, parentIndent?: number, anchored = false): unknown {
    const text = this.lines[line];
    if (isListEntry(text, column)) return this.list(column, depth);
    if (anchored && text[column] === '*') outside();
    const key = keyAt(text, column);
    if (key === undefined && parentIndent !== undefined) return this.scalarLine(text, column, parentIndent, depth);
    return this.map(column, depth, key);
  }

  /** A block list whose entries start at `indent`; the first one on the current line. */
  private list(indent: number, depth: number): unknown[] {
    if (depth > this.limits.nestingDepth) outside();
    const items: unknown[] = [];
    this.placeLog?.list(this.line, indent);
    // An Application's components are counted by the library's reading, which refuses the list at
    // the item past the limit before the rest is read: a longer list there is left to it.
    const components = this.isComponentsList(depth);
    if (components) {
      // A second such list is no Application's.
      if (this.readComponents) outside();
      this.readComponents = true;
    }
    for (;;) {
      if (this.search) this.entered(depth, items.length);
      this.placeLog?.item();
      const text = this.lines[this.line];
      const start = skipSpaces(text, indent + 1);
      const anchor = anchorAt(text, start);
      const column = anchor?.end ?? start;
      let item: unknown;
      if (column === text.length || text.charCodeAt(column) === HASH) {
        this.line += 1;
        const next = this.nextContent();
        item = next !== END && next !== MARKER && next > indent ? this.block(this.line, next, depth + 1, indent, anchor !== undefined) : null;
      } else {
        item = anchor ? this.anchoredLine(text, column, indent, depth + 1) : this.inline(column, indent, depth + 1);
      }
      if (anchor) this.define(anchor.name, item);
      items.push(item);
      if (components && items.length > this.limits.components) outside();
      const next = this.nextContent();
      if (next === END || next === MARKER || next < indent || (next === indent && !isListEntry(this.lines[this.line], indent))) {
        this.placeLog?.end();
        return items;
      }
      if (next > indent) outside();
    }
  }

  /**
   * A block map whose keys start at `indent`, the first one on the current line; `first` is that
   * key where the caller has read it already.
   */
  private map(indent: number, depth: number, first?: { key: string; end: number }): Record<string, unknown> {
    if (depth > this.limits.nestingDepth) outside();
    const entries: Record<string, unknown> = {};
    this.placeLog?.map(this.line, indent);
    for (;;) {
      const text = this.lines[this.line];
      const { key, end: valueStart } = first ?? readKey(text, indent);
      first = undefined;
      if (Object.hasOwn(entries, key)) outside();
      this.keys[depth] = key;
      if (this.search) this.entered(depth, key, valueStart);
      this.placeLog?.entry(this.line);
      const anchor = anchorAt(text, valueStart);
      const end = anchor?.end ?? valueStart;
      let value: unknown;
      if (end === text.length || text.charCodeAt(end) === HASH) {
        this.line += 1;
        const next = this.nextContent();
        if (next !== END && next !== MARKER && next > indent) value = this.block(this.line, next, depth + 1, indent, anchor !== undefined);
        // A list may stand at its key's own indent.
        else if (next === indent && isListEntry(this.lines[this.line], indent)) value = this.list(indent, depth + 1);
        else value = null;
      } else {
        value = anchor ? this.anchoredLine(text, end, indent, depth + 1) : this.scalarLine(text, end, indent, depth + 1);
      }
      if (anchor) this.define(anchor.name, value);
      entries[key] = value;
      const next = this.nextContent();
      if (next === END || next === MARKER || next < indent) {
        this.placeLog?.end();
        return entries;
      }
      if (next > indent || isListEntry(this.lines[this.line], indent)) outside();
    }
  }

  /** What follows a list's `- ` on its line: a nested list, a map, or a scalar. */
  private inline(column: number, listIndent: number, depth: number): unknown {
    const text = this.lines[this.line];
    if (isListEntry(text, column)) return this.list(column, depth);
    const key = keyAt(text, column);
    if (key) return this.map(column, depth, key);
    return this.scalarLine(text, column, listIndent, depth);
  }

  /**
   * A value that starts on its key's or its `- `'s line: a scalar or a flow collection that ends
   * there, or a literal block scalar. A more indented line after a one-line value would continue
   * it, and is left to the library.
   */
  private scalarLine(text: string, column: number, indent: number, depth: number): unknown {
    // A tagged scalar starts after its tag.
    if (text[column] !== '!') this.started(column);
    if (text[column] === '|' || text[column] === '>') return this.blockScalar(column, indent);
    if (startsPlain(text, column)) return this.plainLines(text, column, indent);
    if (text[column] === '!') return this.taggedLine(text, column, indent);
    if (text[column] === '"' || text[column] === "'") return this.quoted(column, indent);
    if (text[column] === '[' || text[column] === '{') return this.flowLines(column, indent, depth);
    const { value, end } = text[column] === '*' ? this.alias(text, this.line, column, false) : outside();
    this.lineEnds(text, end, indent);
    return value;
  }

  /** A flow collection from `column` of the current line on, under a node at `indent`, on its line or over the lines after it. */
  private flowLines(column: number, indent: number, depth: number): unknown {
    this.placeLog?.flow();
    const read = readFlow(this.lines, this.line, column, indent, depth, this.limits, this, this.isComponentsList(depth));
    // A position inside the collection is read from the lines through its last.
    const found = this.search?.found;
    if (found && read.line > this.line) found.lastLine = read.line;
    this.line = read.line;
    this.lineEnds(this.lines[read.line], read.end, indent);
    return read.value;
  }

  /**
   * A quoted scalar from `column` on, under a node at `indent`: on its line, or over the lines
   * after it to its closing quote, where nothing but a comment may follow.
   */
  private quoted(column: number, indent: number): string {
    const { value, line, end } = quotedLines(this.lines, this.line, column, indent);
    this.line = line;
    this.lineEnds(this.lines[line], end, indent);
    return value;
  }

  /**
   * The end of a value that ends on its line at `end`: nothing but a comment may follow it there,
   * and no more indented line after it (which would continue it). The reader moves past the lines read.
   */
  private lineEnds(text: string, end: number, indent: number): void {
    if (end !== text.length && text.charCodeAt(end) !== HASH) outside();
    this.line += 1;
    const next = this.nextContent();
    if (next !== END && next !== MARKER && next > indent) outside();
  }

  /**
   * A plain scalar from `column` on, and the lines more indented than `indent` that continue it:
   * each line trimmed, one line break between two lines folded into a space, and each blank line
   * among them a line break. Its text is resolved by the core schema, or by the tag given to it.
   */
  private plainLines(text: string, column: number, indent: number, resolve: (text: string) => unknown = plainValue): unknown {
    const { source, end } = readPlain(text, column);
    this.line += 1;
    // A comment ends a plain scalar: a line after it that would continue the scalar is the library's.
    let whole = source;
    if (end === text.length) {
      const continued = plainContinuation(this.lines, this.line, indent);
      whole += continued.text;
      this.line = continued.next;
    }
    const next = this.nextContent();
    if (next !== END && next !== MARKER && next > indent) outside();
    return resolve(whole);
  }

  /**
   * A scalar after a tag on its line (`!!str 80`, `!!int "5"`, `!!binary |`), resolved as the tag
   * says: a plain or quoted scalar, or a block scalar after a tag that takes one. A tag with nothing
   * after it on its line is the library's to read.
   */
  private taggedLine(text: string, column: number, indent: number): unknown {
    const { tag, end: start } = tagAt(text, column);
    this.started(start);
    const first = text[start];
    const resolve = tag.resolve;
    if (first === '|' || first === '>') return tag.takesBlockScalar ? resolve(this.blockScalar(start, indent)) : outside();
    if (startsPlain(text, start)) return this.plainLines(text, start, indent, resolve);
    if (first !== '"' && first !== "'") outside();
    return resolve(this.quoted(start, indent));
  }

  /**
   * The value after an anchor on its line: a scalar, a flow collection or a block scalar.
   * An anchor before a key names the key, not the map, and one before an alias or a list entry is
   * the library's to read.
   */
  private anchoredLine(text: string, column: number, indent: number, depth: number): unknown {
    if (text[column] === '*' || isListEntry(text, column) || keyAt(text, column)) outside();
    return this.scalarLine(text, column, indent, depth);
  }

  /** Names a node's value, once in its document: a name given again is the library's to read. */
  define(name: string, value: unknown): void {
    if (this.anchors.has(name)) outside();
    this.anchors.set(name, value);
  }

  /**
   * The value an alias at `column` stands for: the anchored node's own value, a collection shared
   * as the library shares it. An alias to a name not yet given (or given to a node the alias is
   * inside), and one that takes the document past its limit of nodes added by aliases, are the
   * library's to refuse.
   */
  alias(text: string, line: number, column: number, inFlow: boolean): { value: unknown; end: number } {
    const name = nameAt(text, column, inFlow);
    if (name === undefined || !this.anchors.has(name.name)) outside();
    const value = this.anchors.get(name.name);
    // The text is read on past the alias: the library refuses it there only where it refuses
    // nothing else, which the rest of the text, read, shows.
    if (this.aliasCount.add(value) > this.limits.aliasNodes) this.pastLimit ??= new AliasesPastLimit(name.name, line, column);
    return { value, end: name.end };
  }

  /** A literal or folded block scalar whose header is at `column` of the current line, under a node at `indent`. */
  private blockScalar(column: number, indent: number): string {
    const { value, next } = blockScalarLines(this.lines, this.line, column, indent);
    this.line = next;
    return value;
  }
}

const END = -1;
const MARKER = -2;
/** Thrown where the whole target path has been found: nothing after it is read. */
const FOUND = Symbol('found');
