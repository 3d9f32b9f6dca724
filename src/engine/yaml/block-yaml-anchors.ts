import { outside, skipSpaces, SPACE } from './block-yaml-scalars.js';

/**
 * Anchors and aliases as the block reader (`block-yaml.ts`) reads them: their names, and the count
 * of the nodes aliases add, which the input limits hold a document to.
 */

/** An anchor (`&name`) at `column`, if one is: its name, and where what follows it starts. */
export function anchorAt(text: string, column: number): { name: string; end: number } | undefined {
  return text[column] === '&' ? nameAt(text, column) ?? outside() : undefined;
}

/**
 * The name of the anchor or alias whose `&` or `*` is at `column`, and the column after it and
 * the spaces that follow: a name of letters, digits, `_`, `.` and `-` before a space or the end of
 * the line, or inside a flow collection (`inFlow`) before a `,`, `]` or `}` too (the library ends
 * a name at each of them). Any other is left to the library, which reads more characters into a name.
 */
export function nameAt(text: string, column: number, inFlow = false): { name: string; end: number } | undefined {
  let end = column + 1;
  while (end < text.length && NAME_CHARACTER.test(text[end])) end++;
  if (end === column + 1) return undefined;
  if (end < text.length && text.charCodeAt(end) !== SPACE && !(inFlow && ENDS_FLOW_NAME.has(text[end]))) return undefined;
  return { name: text.slice(column + 1, end), end: skipSpaces(text, end) };
}

const ENDS_FLOW_NAME = new Set([',', ']', '}']);

/** What the block reader knows of a document's anchors, which a flow collection in it may give and use. */
export interface AnchorBook {
  /** Names a node's value, once in its document. */
  define(name: string, value: unknown): void;
  /** The value the alias at `column` of line `line` (whose text is `text`) stands for, and where what follows it starts. */
  alias(text: string, line: number, column: number, inFlow: boolean): { value: unknown; end: number };
}

/**
 * A text the block reader read whole, but for an alias that takes its document past the limit of
 * nodes aliases may add: the first such, in the text's order, by its 0-based line and column. The
 * library would refuse the text there, and nowhere before: it has read nothing else it refuses.
 */
export class AliasesPastLimit {
  constructor(
    readonly name: string,
    readonly line: number,
    readonly column: number,
  ) {}
}

const NAME_CHARACTER = /[A-Za-z0-9_.-]/;

/** Whether a value read is a map or a list: a timestamp (a Date) and binary data (bytes) are scalars, one node each. */
function isCollection(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Uint8Array);
}

/**
 * The nodes a document's aliases add, counted as the input limits count them (each alias adds
 * every node of what it stands for: a collection, each key and each value, and so on down), with
 * each shared value's count kept so that a document is walked once however its aliases nest.
 */
export class AliasCount {
  private total = 0;
  private readonly sizes = new Map<object, number>();

  reset(): void {
    this.total = 0;
    this.sizes.clear();
  }

  /** Adds the nodes of `value` and answers the document's total so far. */
  add(value: unknown): number {
    this.total += this.sizeOf(value);
    return this.total;
  }

  private sizeOf(root: unknown): number {
    if (!isCollection(root)) return 1;
    // Post-order without recursion: a value expanded through aliases may nest deeper than any
    // one collection written in the text.
    const stack: Array<{ value: object; entered: boolean }> = [{ value: root, entered: false }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (this.sizes.has(top.value)) {
        stack.pop();
        continue;
      }
      const children = Array.isArray(top.value) ? top.value : Object.values(top.value);
      if (!top.entered) {
        top.entered = true;
        for (const child of children) if (isCollection(child) && !this.sizes.has(child)) stack.push({ value: child, entered: false });
        continue;
      }
      // The collection, each map key, and each child.
      let size = 1 + (Array.isArray(top.value) ? 0 : children.length);
      for (const child of children) size += isCollection(child) ? this.sizes.get(child)! : 1;
      this.sizes.set(top.value, Math.min(size, Number.MAX_SAFE_INTEGER));
      stack.pop();
    }
    return this.sizes.get(root)!;
  }
}
