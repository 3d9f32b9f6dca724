import { Composer, isMap, isScalar, isSeq, LineCounter, type Document, type Node } from 'yaml';
import { kurelErrors, type PropertyPath } from '../plugin-api/index.js';
import { formatPath, type Diagnostic } from './diagnostics.js';
import { parseCountingComponents } from './component-count.js';
import { checkComposed, checkTokens, DEFAULT_INPUT_LIMITS, type InputLimits } from './input-limits.js';

/** An input file as the host read it. */
export interface InputFile {
  /** The name shown in diagnostics (as the user gave it). */
  file: string;
  text: string;
  /** The limits the file is held to; the defaults when absent. */
  limits?: InputLimits;
}

/** One YAML document of a file, with the source positions of its nodes kept. */
export class SourceDocument {
  constructor(
    readonly file: string,
    readonly document: Document.Parsed,
    private readonly lines: LineCounter,
    readonly limits: InputLimits = DEFAULT_INPUT_LIMITS,
  ) {}

  toJS(): unknown {
    return this.document.toJS({ maxAliasCount: -1 });
  }

  /** Where the node at `path` starts, or the nearest ancestor that exists. */
  locate(path: PropertyPath): { line: number; column: number } | undefined {
    let node: unknown = this.document.contents;
    let offset = rangeStart(node);
    for (const segment of path) {
      const next = child(node, segment);
      if (next === undefined) break;
      offset = next.offset ?? offset;
      node = next.value;
    }
    if (offset === undefined) return undefined;
    const { line, col } = this.lines.linePos(offset);
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
    const pair = node.items.find((item) => (isScalar(item.key) ? item.key.value : item.key) === segment);
    // A map entry is shown at its key, where the user reads the property's name.
    return pair ? { value: pair.value ?? undefined, offset: rangeStart(pair.key) } : undefined;
  }
  if (isSeq(node) && typeof segment === 'number') {
    const item = node.items[segment];
    return item === undefined ? undefined : { value: item, offset: rangeStart(item) };
  }
  return undefined;
}

/**
 * Parses every YAML document of a file. A syntax error is refused with its line and column.
 * Documents are read as YAML 1.2 core, except that aliases are expanded. The file is held to its
 * limits (an Application's components while it is parsed, nesting and documents before anything
 * is composed, aliases and repeated keys after),
 * so that the work grows linearly with its size.
 */
export function parseSource(input: InputFile): SourceDocument[] {
  const limits = input.limits ?? DEFAULT_INPUT_LIMITS;
  const lines = new LineCounter();
  const tokens = checkTokens(parseCountingComponents(input.text, lines, limits, input.file), limits, input.file, lines);
  // Repeated keys are found by checkComposed: the library's own check compares each key with every earlier one.
  const list = Array.from(new Composer({ uniqueKeys: false }).compose(tokens));
  for (const document of list) {
    const problem = document.errors[0];
    if (problem) {
      const { line, col } = lines.linePos(problem.pos[0]);
      throw kurelErrors.yamlSyntax(`YAML syntax error: ${firstLine(problem.message)}`, { file: input.file, line, column: col });
    }
    checkComposed(document, limits, input.file, lines);
  }
  return list.filter((document) => !isEmptyDocument(document)).map((document) => new SourceDocument(input.file, document, lines, limits));
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
