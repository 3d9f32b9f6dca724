import { afterClosing, closingQuote, folded, HASH, outside, quotedLinesValue, readQuoted, skipSpaces, startsPlain, trimWhite } from './block-yaml-scalars.js';

/**
 * The scalars of the block reader (`block-yaml.ts`) that go on over the lines after their first:
 * block scalars, the lines that continue a plain scalar, and quoted scalars. Each is read from the
 * text's lines and answers where the reader goes on; anything it does not read exactly is the
 * library's (`outside`).
 */

/**
 * A literal or folded block scalar (`|` or `>`, then `-`, `+` or nothing) whose header is at
 * `column` of line `line`, under a node at `indent`: its lines are those indented as its first
 * one, with the blank lines among them. `next` is the line after it.
 */
export function blockScalarLines(lines: readonly string[], line: number, column: number, indent: number): { value: string; next: number } {
  const text = lines[line];
  const chomping = text[column + 1] === '-' || text[column + 1] === '+' ? text[column + 1] : '';
  const header = skipSpaces(text, column + 1 + chomping.length);
  if (header < text.length && (text.charCodeAt(header) !== HASH || header === column + 1 + chomping.length)) outside();
  const content: string[] = [];
  let contentIndent = -1;
  let next = line + 1;
  for (; next < lines.length; next++) {
    const body = lines[next];
    // The text's last line has no line break after it: empty, it is no line at all; else its
    // missing break changes the value's end, which is the library's to read.
    if (next === lines.length - 1) {
      if (body === '') break;
      outside();
    }
    const spaces = skipSpaces(body, 0);
    if (spaces === body.length) {
      // A blank line before the first content line could set the indent; the library's to read.
      if (contentIndent === -1 || spaces > contentIndent) outside();
      content.push('');
      continue;
    }
    if (contentIndent === -1) {
      if (spaces <= indent) outside();
      contentIndent = spaces;
    }
    if (spaces < contentIndent) break;
    if (body.startsWith('---') || body.startsWith('...')) outside();
    content.push(body.slice(contentIndent));
  }
  if (contentIndent === -1) outside();
  let kept = content.length;
  while (kept > 0 && content[kept - 1] === '') kept--;
  const value = text[column] === '>' ? folded(content, kept) : content.slice(0, kept).join('\n');
  if (chomping === '-') return { value, next };
  if (chomping === '+') return { value: `${value}${'\n'.repeat(content.length - kept + 1)}`, next };
  return { value: `${value}\n`, next };
}

/**
 * The folded text of the lines from `line` on that continue a plain scalar under a node at
 * `indent` ('' where none does), and the line after the last of them (`line` where none does). A
 * line that would end the scalar, or be read other than as text (a comment, a `: `, a tab, an
 * indicator first), is the library's to read.
 */
export function plainContinuation(lines: readonly string[], line: number, indent: number): { text: string; next: number } {
  let text = '';
  let blanks = 0;
  let next = line;
  for (let at = line; at < lines.length; at++) {
    const body = lines[at];
    const spaces = skipSpaces(body, 0);
    if (spaces === body.length) {
      blanks += 1;
      continue;
    }
    if (spaces <= indent) break;
    const content = trimWhite(body.slice(spaces));
    if (!startsPlain(content, 0) || content.includes(' #') || content.includes('\t') || content.includes(': ') || content.endsWith(':')) outside();
    text = foldedLine(text, blanks, content);
    blanks = 0;
    next = at + 1;
  }
  return { text, next };
}

/**
 * A quoted scalar whose opening quote is at `column` of line `line`, under a node at `indent`: on
 * its line, or over the lines after it, each more indented than `indent` (a blank one too) and
 * without a tab, to its closing quote. Answers its value, the line it closes on, and the column
 * after the quote and the spaces after it there.
 */
export function quotedLines(lines: readonly string[], line: number, column: number, indent: number): { value: string; line: number; end: number } {
  const quote = lines[line][column];
  if (closingQuote(lines[line], column + 1, quote) !== -1) return { ...readQuoted(lines[line], column), line };
  const source = [lines[line].slice(column)];
  for (let at = line + 1; at < lines.length; at++) {
    const body = lines[at];
    const spaces = skipSpaces(body, 0);
    if ((spaces < body.length && spaces <= indent) || body.includes('\t')) outside();
    const close = closingQuote(body, 0, quote);
    if (close === -1) {
      source.push(body);
      continue;
    }
    source.push(body.slice(0, close + 1));
    return { value: quotedLinesValue(source.join('\n')), line: at, end: afterClosing(body, close) };
  }
  return outside();
}

/**
 * A plain scalar's text so far, and the next line of it after `blanks` blank lines, folded: one
 * line break between two lines is a space, and each blank line among them a line break.
 */
export function foldedLine(text: string, blanks: number, line: string): string {
  return blanks === 0 ? `${text} ${line}` : `${text}${'\n'.repeat(blanks)}${line}`;
}
