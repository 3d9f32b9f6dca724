import { Composer, isMap, isScalar, isSeq, LineCounter, Parser, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import { kurelErrors, type PropertyPath } from '../../plugin-api/index.js';
import { aliasTargets, resolveAliasesFrom } from '../../plugin-api/kit/index.js';
import { formatPath, type Diagnostic } from '../../plugin-api/diagnostics.js';
import { readBlockDocuments, type BlockDocument } from './block-yaml.js';
import { readJsonDocument, type JsonDocument } from './json-document.js';
import { parseWithEarlyLimits } from './early-limits.js';
import { aliasPastLimit, checkComposed, checkTokens, DEFAULT_INPUT_LIMITS, type InputLimits } from './input-limits.js';
import { AliasesPastLimit } from './block-yaml-anchors.js';

/** An input file as the host read it. */
export interface InputFile {
  /** The name shown in diagnostics (as the user gave it). */
  file: string;
  text: string;
  /** The limits the file is held to; the defaults when absent. */
  limits?: InputLimits;
}

/** The YAML library's reading of a file: its documents that hold something, and where its lines start. */
interface LibraryReading {
  documents: Document.Parsed[];
  lines: LineCounter;
}

/**
 * One YAML document of a file. Its value comes from a fast reader where the file is written in
 * what one reads: the block reader, or the JSON reader for a file of JSON over many lines. The
 * YAML library's reading, with the source positions of its nodes, is made the first time the
 * document itself is asked for. A position is placed by the block reader, which places the nodes
 * of the block collections it read as the library does; otherwise (a node inside a flow
 * collection, say) it is read by the library from as much of the file as holds the node
 * (`LibraryReadings`); in JSON, from the file's own offsets.
 */
export class SourceDocument {
  /** Whether the library's document was handed out, and may since have been changed. */
  private documentTaken = false;
  /** The fast reader's value, until `toJS` hands it out. */
  private unread: { value: unknown } | undefined;

  /**
   * `fast`: a fast reader's reading of the document, where one read the file; the library's
   * readings come from `readings` either way.
   */
  constructor(
    readonly file: string,
    private readonly readings: LibraryReadings,
    private readonly index: number,
    readonly limits: InputLimits = DEFAULT_INPUT_LIMITS,
    private readonly fast?: BlockDocument | JsonDocument,
  ) {
    this.unread = fast && { value: fast.value };
  }

  /** The library's document, with every node's source range. */
  get document(): Document.Parsed {
    this.documentTaken = true;
    return this.readings.whole().documents[this.index];
  }

  /** The document's value, fresh at each call (a caller may change what it is given). */
  toJS(): unknown {
    if (!this.fast || this.documentTaken) return this.document.toJS({ maxAliasCount: -1 });
    const unread = this.unread;
    this.unread = undefined;
    return unread ? unread.value : this.fast.reread();
  }

  /**
   * The document's value to look at, not to change: the one the next `toJS` hands out, where
   * there is one, so that a look costs no second reading.
   */
  peek(): unknown {
    if (!this.documentTaken && this.unread) return this.unread.value;
    return this.toJS();
  }

  /** Where the node at `path` starts, or the nearest ancestor that exists. */
  locate(path: PropertyPath): { line: number; column: number } | undefined {
    const fast = this.fast;
    if (fast && 'positionOf' in fast) return fast.positionOf(path);
    // The block reader places what the text says; a library document handed out may have been changed since.
    const placed = fast && !this.documentTaken ? fast.place(path) : undefined;
    if (placed) return placed;
    const { documents, lines } = fast && this.readings.partWorthReading() ? this.readings.through(fast.entryAt(path)) : this.readings.whole();
    let node: unknown = documents[this.index].contents;
    let offset = rangeStart(node);
    for (const segment of path) {
      const next = child(node, segment);
      if (next === undefined) break;
      offset = next.offset ?? offset;
      node = next.value;
    }
    if (offset === undefined) return undefined;
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  }

  /** A diagnostic placed at `path` in this document. */
  at(path: PropertyPath): Pick<Diagnostic, 'file' | 'line' | 'column' | 'path'> {
    const position = this.locate(path);
    return { file: this.file, line: position?.line, column: position?.column, path: formatPath(path) || undefined };
  }
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as Node | undefined)?.range;
  return range ? range[0] : undefined;
}

function child(node: unknown, segment: string | number): { value: unknown; offset?: number } | undefined {
  if (isMap(node)) {
    const pair = pairsByKey(node).get(segment);
    // A map entry is shown at its key, where the user reads the property's name.
    return pair ? { value: pair.value ?? undefined, offset: rangeStart(pair.key) } : undefined;
  }
  if (isSeq(node) && typeof segment === 'number') {
    const item = node.items[segment];
    return item === undefined ? undefined : { value: item, offset: rangeStart(item) };
  }
  return undefined;
}

/** A map's pairs by key, as of `items` and its length (a package's values are written into values, never keys). */
const mapIndexes = new WeakMap<YAMLMap, { items: YAMLMap['items']; length: number; byKey: Map<unknown, Pair> }>();

/**
 * The first pair of each key of `map`, indexed on the first look: a file's diagnostics each look
 * their path up, and a map of many entries with a problem in each was looked through once per
 * problem.
 */
function pairsByKey(map: YAMLMap): Map<unknown, Pair> {
  const known = mapIndexes.get(map);
  if (known && known.items === map.items && known.length === map.items.length) return known.byKey;
  const byKey = new Map<unknown, Pair>();
  for (const pair of map.items) {
    const key = isScalar(pair.key) ? pair.key.value : pair.key;
    if (!byKey.has(key)) byKey.set(key, pair as Pair);
  }
  mapIndexes.set(map, { items: map.items, length: map.items.length, byKey });
  return byKey;
}

/**
 * Parses every YAML document of a file. A syntax error is refused with its line and column.
 * Documents are read as YAML 1.2 core, except that aliases are expanded. The file is held to its
 * limits (an Application's components while it is parsed, nesting and documents before anything
 * is composed, aliases and repeated keys after),
 * so that the work grows linearly with its size.
 *
 * A file a fast reader reads (the block reader, or the JSON reader) is not read whole by the
 * library until its document is asked for: each answers only where the library would accept the
 * file and give the same values, and a position is placed by the reader or read from the lines up to its node.
 */
export function parseSource(input: InputFile): SourceDocument[] {
  const limits = input.limits ?? DEFAULT_INPUT_LIMITS;
  const readings = new LibraryReadings(input, limits);
  const read = readBlockDocumentsWithin(input, limits);
  if (read !== undefined) return read.map((document, index) => new SourceDocument(input.file, readings, index, limits, document));
  const json = readJsonDocument(input.text, limits);
  if (json !== undefined) return [new SourceDocument(input.file, readings, 0, limits, json)];
  return readings.whole().documents.map((_, index) => new SourceDocument(input.file, readings, index, limits));
}

/** The block reader's documents of a file, with an alias past the limit refused as the library refuses it. */
function readBlockDocumentsWithin(input: InputFile, limits: InputLimits): BlockDocument[] | undefined {
  try {
    return readBlockDocuments(input.text, limits);
  } catch (error) {
    if (!(error instanceof AliasesPastLimit)) throw error;
    throw aliasPastLimit(error.name, limits, { file: input.file, line: error.line + 1, column: error.column + 1 });
  }
}

/**
 * The YAML library's readings of a file: the whole file, read once when first asked for, and,
 * for a position in a file the block reader read, as much of it as holds the node. A refusal of
 * one entry of a large file reads the lines up to that entry, not the whole file: the nodes before
 * a line are read the same whatever follows it, in what the block reader reads (the values that
 * go on over the lines after their start are block, plain and quoted scalars, which hold no node,
 * each starting on its entry's line or the next line with content, and flow collections, read
 * through the line they close on). Past a
 * few such readings, or once they add up to the file, the whole file is read and answers every
 * later question: many refusals cost a few readings at most.
 */
class LibraryReadings {
  private wholeReading: LibraryReading | undefined;
  private bytesRead = 0;
  private parts = 0;

  constructor(
    private readonly input: InputFile,
    private readonly limits: InputLimits,
  ) {}

  whole(): LibraryReading {
    return (this.wholeReading ??= readWithLibrary(this.input, this.limits));
  }

  /** Whether a part is still worth reading (finding its line costs a look through the document too). */
  partWorthReading(): boolean {
    return this.wholeReading === undefined && this.parts < MAX_PART_READINGS;
  }

  /**
   * A reading through an entry: up to its value where it is a map entry the path ends at (its key
   * is what is shown; a value on the same line may be most of the file), else through its line, or
   * the last line of the flow collection it holds, and the next line with content, where a value
   * on the lines below it starts.
   */
  through(entry: { line: number; valueColumn?: number; lastLine?: number }): LibraryReading {
    const text = this.input.text;
    const end = entry.valueColumn === undefined ? endOfNextContentLine(text, entry.lastLine ?? entry.line) : lineStart(text, entry.line) + entry.valueColumn;
    if (this.bytesRead + end > text.length) return this.whole();
    this.bytesRead += end;
    this.parts += 1;
    const lines = new LineCounter();
    const parsed = new Composer({ uniqueKeys: false }).compose(new Parser(lines.addNewLine).parse(text.slice(0, end)));
    return { documents: Array.from(parsed).filter((document) => !isEmptyDocument(document)), lines };
  }
}

const MAX_PART_READINGS = 8;

/** Where `line` (from 0) starts; the text's length past its last line. */
function lineStart(text: string, line: number): number {
  let start = 0;
  for (let index = 0; index < line && start !== -1; index++) start = nextLineStart(text, start);
  return start === -1 ? text.length : start;
}

/** The offset just past the line after `line` (from 0) that holds more than spaces and a comment, or past `line` where none follows. */
function endOfNextContentLine(text: string, line: number): number {
  const start = lineStart(text, line);
  if (start === text.length) return text.length;
  let end = nextLineStart(text, start);
  while (end !== -1) {
    const next = nextLineStart(text, end);
    const content = text.slice(end, next === -1 ? text.length : next).trim();
    end = next;
    if (content !== '' && !content.startsWith('#')) break;
  }
  return end === -1 ? text.length : end;
}

function nextLineStart(text: string, from: number): number {
  const at = text.indexOf('\n', from);
  return at === -1 ? -1 : at + 1;
}

function readWithLibrary(input: InputFile, limits: InputLimits): LibraryReading {
  const lines = new LineCounter();
  const tokens = checkTokens(parseWithEarlyLimits(input.text, lines, limits, input.file), limits, input.file, lines);
  // Repeated keys are found by checkComposed: the library's own check compares each key with every earlier one.
  const list = Array.from(new Composer({ uniqueKeys: false }).compose(tokens));
  for (const document of list) {
    const problem = document.errors[0];
    if (problem) {
      const { line, col } = lines.linePos(problem.pos[0]);
      throw kurelErrors.yamlSyntax(`YAML syntax error: ${firstLine(problem.message)}`, { file: input.file, line, column: col });
    }
    const targets = aliasTargets(document);
    checkComposed(document, targets, limits, input.file, lines);
    resolveAliasesFrom(targets);
  }
  return { documents: list.filter((document) => !isEmptyDocument(document)), lines };
}

/** Parses a file that must hold exactly one YAML document. */
export function parseSingleSource(input: InputFile, what: string): SourceDocument {
  const documents = parseSource(input);
  if (documents.length === 0) throw kurelErrors.envelope(`no documents found in ${what}`, { file: input.file });
  if (documents.length > 1) {
    const second = documents[1].locate([]);
    throw kurelErrors.envelope(`${what} must hold one document, found ${documents.length}`, { file: input.file, line: second?.line, column: second?.column });
  }
  return documents[0];
}

/** A document with nothing in it, such as the one after a trailing `---`. */
function isEmptyDocument(document: Document.Parsed): boolean {
  const contents = document.contents;
  return contents === null || (isScalar(contents) && contents.value === null && contents.source === '' && !contents.tag);
}

function firstLine(message: string): string {
  return message.split('\n')[0];
}
