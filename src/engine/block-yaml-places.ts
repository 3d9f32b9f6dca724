// Where the block reader (`block-yaml.ts`) places the nodes of a document it read, for the
// positions of diagnostics, as the library places them.

/**
 * Where a node starts (line and column from 0; -1 where the reader leaves it to the library) and,
 * for a block collection, its entries: a map's by key, placed at the key; a list's by index, placed
 * at the item's node. `opaque` marks a flow collection, whose entries the reader does not place.
 */
export interface Placed {
  line: number;
  column: number;
  entries?: Map<string | number, Placed>;
  opaque?: true;
}

/** The place of `path` in a document's placed root, or undefined where the library is to place it. */
export function placeIn(root: Placed, path: readonly (string | number)[], from: number): { line: number; column: number } | undefined {
  let node = root;
  for (const segment of path) {
    if (node.opaque) return undefined;
    const next = node.entries?.get(segment);
    if (next === undefined) break;
    node = next;
  }
  return node.line === -1 ? undefined : { line: from + node.line + 1, column: node.column + 1 };
}
