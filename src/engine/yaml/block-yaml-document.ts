/** A document the block reader read: its value, and a way to read it again from its own lines. */
export interface BlockDocument {
  value: unknown;
  /** A fresh copy of the value, read again from the document's lines alone. */
  reread(): unknown;
  /**
   * Where the deepest entry on `path` that the document holds starts: the line (of the text, from
   * 0) of a map entry's key or a list item's `-`, the root's first line where there is none; and,
   * where the whole path is a map entry, the column its value starts at (its key is read whole
   * before it). Entries inside a flow collection are not told apart: the entry holding the
   * collection answers for them, with the line the collection closes on where it goes on over
   * several lines (`lastLine`).
   */
  entryAt(path: readonly (string | number)[]): { line: number; valueColumn?: number; lastLine?: number };
  /**
   * Where the node at `path`, or its deepest ancestor the document holds, starts, placed as the
   * library places its nodes (a map entry at its key, a list item at its node): line and column
   * from 1. Undefined where the path goes into a flow collection or ends at a list item with
   * nothing in it: the library places those.
   */
  place(path: readonly (string | number)[]): { line: number; column: number } | undefined;
}
