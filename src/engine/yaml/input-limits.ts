import { isAlias, isMap, isScalar, isSeq, type Alias, type Document, type LineCounter, type Node } from 'yaml';
import type { AliasTarget } from '../../plugin-api/kit/index.js';
import type { CST } from 'yaml';
import { kurelErrors, type Diagnostic } from '../../plugin-api/index.js';

/**
 * The limits every input file is held to, so that no input, however written, makes kurel run
 * out of time, memory or stack. Each refusal names the file, line and column where the input
 * crossed the limit, and the config key (`limits.<key>` in the kurel config) that raises it.
 */
export interface InputLimits {
  /** Bytes of one input file. */
  fileBytes: number;
  /** How deep maps and lists may nest in one document (kept well under what the YAML composer's stack holds). */
  nestingDepth: number;
  /** Nodes aliases may add to one document when expanded (an alias counts every node it stands for). */
  aliasNodes: number;
  /** YAML documents in one file. */
  documents: number;
  /** Components in one Application. */
  components: number;
}

/**
 * The defaults admit what a real Application holds with room to spare (16,000 components of a
 * web service and its traits are about 4 MB), and stop a file before it costs more than a few
 * seconds: a file over `fileBytes` is refused before it is read, so that any larger input is
 * answered at once.
 */
export const DEFAULT_INPUT_LIMITS: Readonly<InputLimits> = Object.freeze({
  fileBytes: 16 * 1024 * 1024,
  nestingDepth: 100,
  aliasNodes: 100_000,
  documents: 1_000,
  components: 20_000,
});

/** The most `nestingDepth` may be raised to: deeper, the YAML composer itself runs out of stack. */
export const MAX_NESTING_DEPTH = 400;

const WHAT: Record<keyof InputLimits, string> = {
  fileBytes: 'bytes per input file',
  nestingDepth: 'levels of nesting',
  aliasNodes: 'nodes added by aliases',
  documents: 'documents per file',
  components: 'components per Application',
};

/** The refusal of an input over one of the limits, at the position where it crossed it. */
export function overLimit(key: keyof InputLimits, limit: number, what: string, where: Pick<Diagnostic, 'file' | 'line' | 'column' | 'path'>) {
  return kurelErrors.inputLimit(`${what}: over the limit of ${limit} ${WHAT[key]}; raise limits.${key} in the kurel config to allow it`, where);
}

/**
 * The refusal of the alias `*name` that takes its document past the limit of nodes aliases may
 * add: the same words whichever reader found it.
 */
export function aliasPastLimit(name: string, limits: InputLimits, where: Pick<Diagnostic, 'file' | 'line' | 'column'>) {
  return overLimit('aliasNodes', limits.aliasNodes, `alias *${name} expands the document past its limit`, where);
}

/**
 * Holds the parsed token stream of a file to the nesting and document limits before anything is
 * composed from it (the composer recurses per level, so this walk must come first and uses a
 * stack of its own). Returns the tokens it read.
 */
export function checkTokens(tokens: Iterable<CST.Token>, limits: InputLimits, file: string, lines: LineCounter): CST.Token[] {
  const at = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return { file, line, column: col };
  };
  let documents = 0;
  const read: CST.Token[] = [];
  // Read as the parser yields, so that a file over the document limit is refused before the rest is parsed.
  for (const token of tokens) {
    read.push(token);
    if (token.type !== 'document') continue;
    documents += 1;
    if (documents > limits.documents) throw overLimit('documents', limits.documents, `document ${documents}`, at(token.offset));
    if (!token.value) continue;
    const pending: Array<{ token: CST.Token; depth: number }> = [{ token: token.value, depth: 1 }];
    while (pending.length > 0) {
      const { token: node, depth } = pending.pop()!;
      if (!isCollection(node)) continue;
      if (depth > limits.nestingDepth) throw nestedTooDeep(limits, depth, at(node.offset));
      for (const item of node.items) {
        const entry = item as { key?: CST.Token | null; value?: CST.Token };
        if (entry.key) pending.push({ token: entry.key, depth: depth + 1 });
        if (entry.value) pending.push({ token: entry.value, depth: depth + 1 });
      }
    }
  }
  return read;
}

/**
 * The collection opened `limit + 1` levels deep on a parser's stack of open tokens (the document,
 * then each collection inside the one before), where there is one: the one `checkTokens` would
 * refuse once the document is parsed. Looked through only when the stack is that tall.
 */
export function collectionPastNestingLimit(stack: readonly CST.Token[], limit: number): CST.Token | undefined {
  if (stack.length <= limit) return undefined;
  let depth = 0;
  for (const token of stack) {
    if (!isCollection(token)) continue;
    depth += 1;
    if (depth > limit) return token;
  }
  return undefined;
}

/** The refusal of a map or list `depth` levels deep, past `limits.nestingDepth`. */
export function nestedTooDeep(limits: InputLimits, depth: number, where: Pick<Diagnostic, 'file' | 'line' | 'column' | 'path'>) {
  return overLimit('nestingDepth', limits.nestingDepth, `a map or list nested ${depth} levels deep`, where);
}

/** A map or a list: what nesting counts. */
function isCollection(token: CST.Token): token is CST.BlockMap | CST.BlockSequence | CST.FlowCollection {
  return token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection';
}

/**
 * Counts, in one pass over a composed document, the nodes its aliases stand for (each alias's
 * node given by `targets`), refusing the first alias whose expansion takes the document over the
 * limit, and refuses a key repeated in one map (by its scalar value, with a set per map, where the
 * YAML library compares each key with every earlier one).
 */
export function checkComposed(document: Document.Parsed, targets: ReadonlyMap<Alias, AliasTarget>, limits: InputLimits, file: string, lines: LineCounter): void {
  const at = (node: Node | undefined) => {
    const offset = node?.range?.[0] ?? 0;
    const { line, col } = lines.linePos(offset);
    return { file, line, column: col };
  };
  const sizes = new Map<Node, number>();
  let added = 0;
  const pending: unknown[] = [document.contents];
  while (pending.length > 0) {
    const node = pending.pop();
    // A scalar holds nothing to check: only collections and aliases are walked, one push per
    // item (a spread of a list of a few hundred thousand items would overflow the stack).
    if (isMap(node)) {
      const keys = new Set<unknown>();
      const children: unknown[] = [];
      for (const pair of node.items) {
        if (isScalar(pair.key)) {
          if (keys.has(pair.key.value)) throw kurelErrors.yamlSyntax('YAML syntax error: Map keys must be unique', at(pair.key as Node));
          keys.add(pair.key.value);
        } else if (pair.key !== null && typeof pair.key === 'object') children.push(pair.key);
        if (pair.value !== null && typeof pair.value === 'object' && !isScalar(pair.value)) children.push(pair.value);
      }
      // Pushed last first, so that the nodes are checked in the text's order: the first alias
      // past the limit is the first the text gives, as the block reader finds it.
      for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]);
    } else if (isSeq(node)) {
      for (let index = node.items.length - 1; index >= 0; index--) {
        const item = node.items[index];
        if (item !== null && typeof item === 'object' && !isScalar(item)) pending.push(item);
      }
    } else if (isAlias(node)) {
      const target = targets.get(node);
      if (!target) continue;
      const size = expandedSize(target, targets, sizes);
      if (size === undefined) throw kurelErrors.yamlSyntax(`YAML syntax error: alias *${node.source} stands for a node that holds it`, at(node));
      added += size;
      if (added > limits.aliasNodes) throw aliasPastLimit(node.source, limits, at(node));
    }
  }
}

/**
 * The nodes a node stands for once every alias in it is expanded, memoised so that the document
 * is walked once; undefined when an alias inside it stands for the node itself (a cycle).
 */
function expandedSize(root: Node, targets: ReadonlyMap<Alias, AliasTarget>, sizes: Map<Node, number>): number | undefined {
  const inProgress = new Set<Node>();
  // Post-order without recursion: a node's size is known once its children's are.
  const stack: Array<{ node: Node; entered: boolean }> = [{ node: root, entered: false }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (sizes.has(top.node)) {
      stack.pop();
      continue;
    }
    const children = childrenOf(top.node, targets);
    if (!top.entered) {
      top.entered = true;
      inProgress.add(top.node);
      for (const child of children) {
        if (inProgress.has(child)) return undefined;
        if (!sizes.has(child)) stack.push({ node: child, entered: false });
      }
      continue;
    }
    // An alias is the node it stands for, not one more.
    let size = isAlias(top.node) ? 0 : 1;
    for (const child of children) size += sizes.get(child) ?? 0;
    sizes.set(top.node, Math.min(size, Number.MAX_SAFE_INTEGER));
    inProgress.delete(top.node);
    stack.pop();
  }
  return sizes.get(root);
}

function childrenOf(node: Node, targets: ReadonlyMap<Alias, AliasTarget>): Node[] {
  const nodes = (values: unknown[]) => values.filter((child): child is Node => child !== null && typeof child === 'object');
  if (isMap(node)) return nodes(node.items.flatMap((pair) => [pair.key, pair.value]));
  if (isSeq(node)) return nodes(node.items);
  if (isAlias(node)) return nodes([targets.get(node)]);
  return [];
}
