import { readKey } from './block-yaml-keys.js';

// Where the block reader (`block-yaml.ts`) places the nodes of a document it read, for the
// positions of diagnostics, as the library places them.

/**
 * Where a node starts (line and column from 0; -1 where the reader leaves it to the library) and,
 * for a block collection, its entries: a map's by key, placed at the key; a list's by index, placed
 * at the item's node. A map entry whose value is no block or flow collection is its key's line
 * alone, the column being the map's `keyColumn`: a refusal of a map of a million keys places
 * each, and an object apiece would be most of what the placing holds. `opaque` marks a flow
 * collection, whose entries the reader does not place.
 */
export interface Placed {
  line: number;
  column: number;
  entries?: Map<string | number, Placed | number>;
  /** The column a block collection's entries start at: where a map's keys are, its entries held as lines alone. */
  keyColumn?: number;
  opaque?: true;
}

/** The place of `path` in a document's placed root, or undefined where the library is to place it. */
export function placeIn(root: Placed, path: readonly (string | number)[]): { line: number; column: number } | undefined {
  let node = root;
  for (const segment of path) {
    if (node.opaque) return undefined;
    const next = node.entries?.get(segment);
    if (next === undefined) break;
    // A key whose value holds nothing placed apart: whatever the rest of the path, it is the place.
    if (typeof next === 'number') return { line: next + 1, column: node.keyColumn! + 1 };
    node = next;
  }
  return node.line === -1 ? undefined : { line: node.line + 1, column: node.column + 1 };
}

/**
 * What the block reader tells of the nodes it reads, written down as it reads, placed on the first
 * question (`placeDocument`). A log of numbers for the whole text, not the places themselves: every
 * text read is logged, few are ever asked about, and an object and two arrays for each collection
 * read cost a text of many small maps a third to a half more reading (16,000 services); this log,
 * 1–5%. A map entry is logged as its line alone, its key read from the line again when placed:
 * the keys themselves in the log cost 15–25%.
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

  /** A block map or list starts at `column` of `line`. */
  collection(line: number, column: number): void {
    this.started(line, column);
    this.add(COLLECTION);
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
const COLLECTION = -4;
const FLOW = -5;
const END = -6;

/** The placed root of the document whose events start at `from` in `log`, of the text `lines`. */
export function placeDocument(log: PlaceLog, from: number, lines: readonly string[]): Placed {
  const events = log.logged();
  const placer = new Placer();
  const open: Array<{ entries: Map<string | number, Placed | number>; column: number }> = [];
  for (let index = from; index < events.length; ) {
    const event = events[index++];
    if (event >= 0) {
      const { entries, column } = open[open.length - 1];
      placer.entry(entries, readKey(lines[event], column).key, event, column);
    } else if (event === DOCUMENT) {
      if (index - 1 > from) break;
      placer.document();
    } else if (event === ITEM) placer.item(open[open.length - 1].entries);
    else if (event === STARTED) {
      placer.started(events[index], events[index + 1]);
      index += 2;
    } else if (event === COLLECTION) {
      const column = events[index++];
      open.push({ entries: placer.collection(column), column });
    } else if (event === FLOW) placer.flow();
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
  /** The map entry read last, placed as its key's line until its value turns out to be a collection. */
  private keyIn: Map<string | number, Placed | number> | undefined;
  private key = '';
  private keyLine = 0;
  private keyColumn = 0;

  /** A document's root starts next. */
  document(): void {
    this.root = this.holder = this.awaiting = { line: -1, column: -1 };
    this.keyIn = undefined;
  }

  /** A list's next item starts next, at its node. */
  item(entries: Map<string | number, Placed | number>): void {
    const item: Placed = { line: -1, column: -1 };
    entries.set(entries.size, item);
    this.holder = this.awaiting = item;
    this.keyIn = undefined;
  }

  /** A map's next entry, `key`, starts at `column` of `line`, placed at the key. */
  entry(entries: Map<string | number, Placed | number>, key: string, line: number, column: number): void {
    entries.set(key, line);
    this.keyIn = entries;
    this.key = key;
    this.keyLine = line;
    this.keyColumn = column;
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

  /** The entries of the block collection that starts at `column`, placed in the entry that holds it. */
  collection(column: number): Map<string | number, Placed | number> {
    const entries = new Map<string | number, Placed | number>();
    const holder = this.held();
    if (holder) {
      holder.entries = entries;
      holder.keyColumn = column;
    }
    this.holder = undefined;
    return entries;
  }

  /** The node read is a flow collection: nothing in it is placed. */
  flow(): void {
    const holder = this.held();
    if (holder) holder.opaque = true;
  }

  /** The entry whose node is being read, the last map entry made one of its own. */
  private held(): Placed | undefined {
    if (this.keyIn !== undefined) {
      const entry: Placed = { line: this.keyLine, column: this.keyColumn };
      this.keyIn.set(this.key, entry);
      this.keyIn = undefined;
      this.holder = entry;
    }
    return this.holder;
  }
}
