import { isWhite, readKey } from './block-yaml-keys.js';
import { COLON } from './block-yaml-scalars.js';

// Where the block reader (`block-yaml.ts`) places the nodes of a document it read, for the
// positions of diagnostics, as the library places them.

/**
 * Where a node starts (line and column from 0; -1 where the reader leaves it to the library) and,
 * for a block collection, its entries: a map's (`map`), placed at their keys; a list's items
 * (`items`), placed at their nodes. `opaque` marks a flow collection, whose entries the reader does
 * not place.
 */
export interface Placed {
  line: number;
  column: number;
  map?: PlacedMap;
  items?: Placed[];
  opaque?: true;
}

/**
 * A block map's entries in order: each one's line, and its node where its value is a block or
 * flow collection. An entry holding a scalar is its line alone, the column being the map's: a
 * refusal of a map of a million keys places each, and an object apiece would be most of what the
 * placing holds. Keys are read from their lines when looked up (`indexOf`).
 */
export class PlacedMap {
  readonly lines: number[] = [];
  readonly nodes: Array<Placed | undefined> = [];
  /** The entry looked up last, and its key. */
  private lastIndex = -1;
  private lastKey = '';
  /** Each key's entry, made on the first look-up not found a few entries after the last. */
  private byKey: Map<string, number> | undefined;

  /** `column` is where the map's keys start. */
  constructor(readonly column: number) {}

  /**
   * The index of the entry whose key is `key`, or -1. The issues of a check come in the order of
   * the object's keys, which is the text's: each is looked for a few entries after the last
   * before any index is made, and a map refused at every one of a million keys is placed without
   * one. A look-up behind the last, or further ahead, makes the index: each map reads its keys
   * once for it, and at most `NEAR` a look-up before.
   */
  indexOf(key: string | number, text: readonly string[]): number {
    if (typeof key !== 'string') return -1;
    if (this.lastIndex !== -1 && key === this.lastKey) return this.lastIndex;
    let found = this.byKey?.get(key);
    if (this.byKey === undefined) {
      const end = Math.min(this.lines.length, this.lastIndex + 1 + NEAR);
      for (let index = this.lastIndex + 1; index < end && found === undefined; index++) if (this.keyIs(index, key, text)) found = index;
      found ??= (this.byKey = this.indexed(text)).get(key);
    }
    if (found === undefined) return -1;
    this.lastIndex = found;
    this.lastKey = key;
    return found;
  }

  /** Whether the key of entry `index` is `key`. */
  private keyIs(index: number, key: string, text: readonly string[]): boolean {
    const line = text[this.lines[index]];
    const colon = this.column + key.length;
    // Most keys are plain and written as they are, their `:` right after them: those are matched
    // without reading the key (a line the reader read holds no comment in its key, and no second
    // `: `). Anything else is read.
    const first = line[this.column];
    const plainAsWritten =
      !isWhite(key, key.length - 1) &&
      first !== '"' &&
      first !== "'" &&
      line.startsWith(key, this.column) &&
      line.charCodeAt(colon) === COLON &&
      (colon + 1 === line.length || isWhite(line, colon + 1));
    return plainAsWritten || readKey(line, this.column).key === key;
  }

  private indexed(text: readonly string[]): Map<string, number> {
    const byKey = new Map<string, number>();
    for (let index = 0; index < this.lines.length; index++) byKey.set(readKey(text[this.lines[index]], this.column).key, index);
    return byKey;
  }
}

/** How many entries after the last one looked up a look-up tries before the map is indexed. */
const NEAR = 16;

/** The place of `path` in a document's placed root, or undefined where the library is to place it; `text` is the document's lines. */
export function placeIn(root: Placed, path: readonly (string | number)[], text: readonly string[]): { line: number; column: number } | undefined {
  let node = root;
  for (const segment of path) {
    if (node.opaque) return undefined;
    if (node.map) {
      const index = node.map.indexOf(segment, text);
      if (index === -1) break;
      const next = node.map.nodes[index];
      // A key whose value holds nothing placed apart: whatever the rest of the path, it is the place.
      if (next === undefined) return { line: node.map.lines[index] + 1, column: node.map.column + 1 };
      node = next;
    } else {
      const next = typeof segment === 'number' ? node.items?.[segment] : undefined;
      if (next === undefined) break;
      node = next;
    }
  }
  return node.line === -1 ? undefined : { line: node.line + 1, column: node.column + 1 };
}

/**
 * What the block reader tells of the nodes it reads, written down as it reads, placed on the first
 * question (`placeDocument`). A log of numbers for the whole text, not the places themselves: every
 * text read is logged, few are ever asked about, and a log of numbers costs the reading little
 * where an object per collection would not. A map entry is logged as its line alone, its key read
 * from the line again when a look-up needs it.
 */
export class PlaceLog {
  private events = new Int32Array(1024);
  private length = 0;
  /** Whether a list item or a root waits for its node's start, as the placing from the log will. */
  private awaiting = false;

  /** A document's root starts next; where its events start in the log. */
  document(): number {
    this.awaiting = true;
    this.add(DOCUMENT);
    return this.length - 1;
  }

  /** A list's next item starts next, at its node. */
  item(): void {
    this.add(ITEM);
    this.awaiting = true;
  }

  /** A map's next entry starts on `line`, at its map's column. */
  entry(line: number): void {
    this.add(line);
    this.awaiting = false;
  }

  /** A node starts at `column` of `line`. */
  started(line: number, column: number): void {
    if (!this.awaiting) return;
    this.add(STARTED);
    this.add(line);
    this.add(column);
    this.awaiting = false;
  }

  /** A block list starts at `column` of `line`. */
  list(line: number, column: number): void {
    this.started(line, column);
    this.add(LIST);
  }

  /** A block map starts at `column` of `line`, its keys at that column. */
  map(line: number, column: number): void {
    this.started(line, column);
    this.add(MAP);
    this.add(column);
  }

  /** The node read is a flow collection. */
  flow(): void {
    this.add(FLOW);
  }

  /** The block collection read last is read whole. */
  end(): void {
    this.add(END);
  }

  /** The events logged, in order. */
  logged(): Int32Array {
    return this.events.subarray(0, this.length);
  }

  private add(event: number): void {
    if (this.length === this.events.length) {
      const grown = new Int32Array(this.events.length * 2);
      grown.set(this.events);
      this.events = grown;
    }
    this.events[this.length++] = event;
  }
}

// The log's events: a line (from 0) is a map entry's; the others are negative, apart from any line
// or column.
const DOCUMENT = -1;
const ITEM = -2;
const STARTED = -3;
const LIST = -4;
const MAP = -5;
const FLOW = -6;
const END = -7;

/** The placed root of the document whose events start at `from` in `log`. */
export function placeDocument(log: PlaceLog, from: number): Placed {
  const events = log.logged();
  const placer = new Placer();
  const open: Array<PlacedMap | Placed[]> = [];
  for (let index = from; index < events.length; ) {
    const event = events[index++];
    if (event >= 0) placer.entry(open[open.length - 1] as PlacedMap, event);
    else if (event === DOCUMENT) {
      if (index - 1 > from) break;
      placer.document();
    } else if (event === ITEM) placer.item(open[open.length - 1] as Placed[]);
    else if (event === STARTED) {
      placer.started(events[index], events[index + 1]);
      index += 2;
    } else if (event === LIST) open.push(placer.list());
    else if (event === MAP) open.push(placer.map(events[index++]));
    else if (event === FLOW) placer.flow();
    else open.pop();
  }
  return placer.root!;
}

/** Where the nodes of a document start, placed from its log event by event. */
class Placer {
  /** The document's root. */
  root: Placed | undefined;
  /** The entry whose node is read next: a collection read takes it as its own, to place its entries in. */
  private holder: Placed | undefined;
  /** The entry placed where the next node read starts: a list item, or the root. */
  private awaiting: Placed | undefined;
  /** The map whose last entry was read last, placed as its key's line until its value turns out to be a collection. */
  private keyIn: PlacedMap | undefined;

  /** A document's root starts next. */
  document(): void {
    this.root = this.holder = this.awaiting = { line: -1, column: -1 };
    this.keyIn = undefined;
  }

  /** A list's next item starts next, at its node. */
  item(items: Placed[]): void {
    const item: Placed = { line: -1, column: -1 };
    items.push(item);
    this.holder = this.awaiting = item;
    this.keyIn = undefined;
  }

  /** A map's next entry starts on `line`, placed at its key. */
  entry(map: PlacedMap, line: number): void {
    map.lines.push(line);
    map.nodes.push(undefined);
    this.keyIn = map;
    // A list item left with nothing in it stays the library's to place.
    this.holder = this.awaiting = undefined;
  }

  /** A node starts at `column` of `line`: the entry awaiting its node's start is placed there. */
  started(line: number, column: number): void {
    if (this.awaiting === undefined) return;
    this.awaiting.line = line;
    this.awaiting.column = column;
    this.awaiting = undefined;
  }

  /** The items of the block list read next, placed in the entry that holds it. */
  list(): Placed[] {
    const items: Placed[] = [];
    const holder = this.held();
    if (holder) holder.items = items;
    return items;
  }

  /** The entries of the block map read next, whose keys start at `column`, placed in the entry that holds it. */
  map(column: number): PlacedMap {
    const map = new PlacedMap(column);
    const holder = this.held();
    if (holder) holder.map = map;
    return map;
  }

  /** The node read is a flow collection: nothing in it is placed. */
  flow(): void {
    const holder = this.held();
    if (holder) holder.opaque = true;
  }

  /** The entry whose node is being read, the last map entry made one of its own; taken, as a node is read once. */
  private held(): Placed | undefined {
    if (this.keyIn !== undefined) {
      const map = this.keyIn;
      const last = map.lines.length - 1;
      map.nodes[last] = this.holder = { line: map.lines[last], column: map.column };
      this.keyIn = undefined;
    }
    const holder = this.holder;
    this.holder = undefined;
    return holder;
  }
}
