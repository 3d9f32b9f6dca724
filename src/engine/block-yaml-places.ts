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
export function placeIn(root: Placed, path: readonly (string | number)[], from: number): { line: number; column: number } | undefined {
  let node = root;
  for (const segment of path) {
    if (node.opaque) return undefined;
    const next = node.entries?.get(segment);
    if (next === undefined) break;
    // A key whose value holds nothing placed apart: whatever the rest of the path, it is the place.
    if (typeof next === 'number') return { line: from + next + 1, column: node.keyColumn! + 1 };
    node = next;
  }
  return node.line === -1 ? undefined : { line: from + node.line + 1, column: node.column + 1 };
}

/** What the block reader places as it reads a document, told by it node by node. */
export class Placer {
  /** The document's root, once read. */
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

  /** A list's item `index` starts next, at its node. */
  item(entries: Map<string | number, Placed | number>, index: number): void {
    const item: Placed = { line: -1, column: -1 };
    entries.set(index, item);
    this.holder = this.awaiting = item;
    this.keyIn = undefined;
  }

  /** A map's entry `key` starts at `column` of `line`, placed at the key. */
  entry(entries: Map<string | number, Placed | number>, key: string, line: number, column: number): void {
    entries.set(key, line);
    this.keyIn = entries;
    this.key = key;
    this.keyLine = line;
    this.keyColumn = column;
    // A list item left with nothing in it stays the library's to place.
    this.holder = this.awaiting = undefined;
  }

  /** A node starts at `column` of `line`: the entry awaiting its node's start, if any, is placed there. */
  started(line: number, column: number): void {
    if (this.awaiting === undefined) return;
    this.awaiting.line = line;
    this.awaiting.column = column;
    this.awaiting = undefined;
  }

  /** The entries of the block collection that starts at `column` of `line`, placed in the entry that holds it. */
  collection(line: number, column: number): Map<string | number, Placed | number> {
    this.started(line, column);
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
