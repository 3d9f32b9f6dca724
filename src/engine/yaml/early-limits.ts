import { Lexer, Parser, type CST, type LineCounter } from 'yaml';
import { formatPath } from '../../plugin-api/diagnostics.js';
import { collectionPastNestingLimit, nestedTooDeep, overLimit, type InputLimits } from './input-limits.js';

type Collection = CST.BlockMap | CST.BlockSequence | CST.FlowCollection;
type Item = CST.CollectionItem;

/**
 * Parses a file into its token stream as `Parser.parse` does, refusing while it parses what would
 * cost more than the limits allow before the whole file is parsed:
 *
 * - a flow map or list opened past `limits.nestingDepth`: the parser keeps every open collection,
 *   so a file of nothing but `[` would hold millions of them: it is refused at the first one
 *   past the limit. The refusal is the one `checkTokens` gives a parsed document (same text, same
 *   position). A block collection needs a deeper indent per level, so its depth is bounded by
 *   its lines' length, and `checkTokens` holds it to the limit.
 * - an Application with more components than `limits.components`: a file of a few hundred
 *   thousand components is refused after the first item past the limit, not after the whole file
 *   is parsed and composed. The refusal is the one the Application's parse gives (same text, same
 *   position, that of the item past the limit); what this scan cannot place (a list written in a
 *   shape it does not follow) is left to that later check.
 *
 * The list is found on the parser's own stack: the document, its root map, the map under `spec`,
 * then the list under `components`. The stack is looked at only after a `-` or `,`, the two
 * tokens that can start an item.
 */
export function* parseWithEarlyLimits(text: string, lines: LineCounter, limits: InputLimits, file: string): Generator<CST.Token> {
  const parser = new Parser(lines.addNewLine);
  // Parser.parse records the start of the first line itself; fed by hand, it must be told.
  lines.addNewLine(0);
  const list = new ComponentList(limits.components);
  for (const lexeme of new Lexer().lex(text)) {
    yield* parser.next(lexeme);
    if (lexeme === '[' || lexeme === '{') {
      const tooDeep = collectionPastNestingLimit(parser.stack, limits.nestingDepth);
      if (tooDeep !== undefined) {
        const { line, col } = lines.linePos(tooDeep.offset);
        throw nestedTooDeep(limits, limits.nestingDepth + 1, { file, line, column: col });
      }
      continue;
    }
    if (lexeme !== '-' && lexeme !== ',') continue;
    const offender = list.pastLimit(parser.stack);
    if (offender !== undefined) {
      const { line, col } = lines.linePos(offender);
      const index = limits.components;
      throw overLimit('components', index, `component ${index + 1}`, { file, line, column: col, path: formatPath(['spec', 'components', index]) });
    }
  }
  yield* parser.end();
}

/** Follows the components list of the document being parsed; a new document starts over. */
class ComponentList {
  private document: CST.Token | undefined;
  private list: Collection | undefined;

  constructor(private readonly limit: number) {}

  /** The offset of the item past the limit, once one after it has started. */
  pastLimit(stack: CST.Token[]): number | undefined {
    if (stack.length < 4) return undefined;
    if (stack[0] !== this.document) {
      this.document = stack[0];
      this.list = undefined;
    }
    if (this.list === undefined || stack[3] !== this.list) {
      this.list = componentsList(stack);
      if (this.list === undefined) return undefined;
    }
    const items = this.list.items;
    // Items are only ever appended; the one past the limit is whole once a later one has begun.
    if (items.length <= this.limit + 1) return undefined;
    return itemOffset(this.list, items[this.limit]);
  }
}

/** `spec.components` when the stack is inside it and the document is an Application (or does not yet say what it is). */
function componentsList(stack: CST.Token[]): Collection | undefined {
  const [, root, spec, list] = stack;
  if (!isMap(root) || !isMap(spec) || !isSequence(list)) return undefined;
  if (keyText(lastItem(root)?.key) !== 'spec' || keyText(lastItem(spec)?.key) !== 'components') return undefined;
  const kind = root.items.find((item) => keyText(item.key) === 'kind');
  if (kind && keyText(kind.value) !== 'Application') return undefined;
  return list;
}

function isMap(token: CST.Token | undefined): token is CST.BlockMap | CST.FlowCollection {
  return token?.type === 'block-map' || (token?.type === 'flow-collection' && token.start.source === '{');
}

function isSequence(token: CST.Token | undefined): token is CST.BlockSequence | CST.FlowCollection {
  return token?.type === 'block-seq' || (token?.type === 'flow-collection' && token.start.source === '[');
}

function lastItem(collection: Collection): Item | undefined {
  return collection.items[collection.items.length - 1];
}

/** A plain or quoted scalar's text, enough to compare a key with a plain word. */
function keyText(token: CST.Token | null | undefined): string | undefined {
  if (token?.type === 'scalar') return token.source;
  if (token?.type === 'single-quoted-scalar' || token?.type === 'double-quoted-scalar') return token.source.slice(1, -1);
  return undefined;
}

/**
 * Where the composer places an item: at its node (after any anchor or tag), or, for an item with
 * no node, just after its indicator and the spaces that follow it on its line.
 */
function itemOffset(list: Collection, item: Item): number | undefined {
  // Until the list is closed, a flow list holds each item as a key; a `key: value` item starts at its key.
  const node = list.type === 'flow-collection' ? (item.key ?? item.value) : item.value;
  if (node) return node.offset;
  if (list.type === 'flow-collection') return undefined;
  let index = item.start.length - 1;
  while (index >= 0 && ['space', 'comment', 'newline'].includes(item.start[index].type)) index -= 1;
  if (index < 0) return undefined;
  let offset = item.start[index].offset + item.start[index].source.length;
  for (index += 1; item.start[index]?.type === 'space'; index += 1) offset += item.start[index].source.length;
  return offset;
}
