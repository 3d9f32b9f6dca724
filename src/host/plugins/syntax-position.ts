/** Where a module that does not parse went wrong, and what the parser said. */
export interface SyntaxPosition {
  file: string;
  line: number;
  column: number;
  message: string;
}

/**
 * jiti's parse failure: `ParseError: <message>` and, on the next line, ` <file>:<line>:<column>`,
 * its column counted from 0 as its parser counts it.
 */
const JITI_PARSE_ERROR = /ParseError: ([^\n]*?)\s*\n\s*(\S.*?):(\d+):(\d+)\s*$/;

/**
 * The position of a syntax error in a module kurel loaded: TypeScript as jiti transpiles it, or
 * JavaScript as Node reads it (its stack opens with `<file>:<line>`, the source line and a caret
 * under the column). Undefined for any other failure.
 */
export function syntaxPosition(error: unknown): SyntaxPosition | undefined {
  const text = String((error as Error)?.message ?? '');
  const parsed = JITI_PARSE_ERROR.exec(text);
  if (parsed) return { file: parsed[2], line: Number(parsed[3]), column: Number(parsed[4]) + 1, message: parsed[1] || 'unexpected token' };
  if (!(error instanceof SyntaxError) || typeof error.stack !== 'string') return undefined;
  const [where, , caret] = error.stack.split('\n');
  const place = /^(?:file:\/\/)?(\/.*|[A-Za-z]:\\.*):(\d+)$/.exec(where ?? '');
  if (!place) return undefined;
  const column = caret && /^\s*\^/.test(caret) ? caret.indexOf('^') + 1 : 1;
  return { file: place[1], line: Number(place[2]), column, message: error.message };
}
