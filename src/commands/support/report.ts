import type { Diagnostic } from '../../engine/index.js';

/** Writes warnings as `warning: <message>` lines on stderr. */
export async function reportWarnings(warnings: readonly Diagnostic[], format: (diagnostic: Diagnostic) => string): Promise<void> {
  await writeDiagnostics('warning', warnings, format);
}

/** Where diagnostics are written: stderr, or a stream standing in for it. */
export type Output = NodeJS.WritableStream & { destroyed?: boolean };

/** The most text handed to one write: each write is a system call, and a refusal may hold a line for every entry of a large file. */
const WRITE_CHUNK = 64 * 1024;

/**
 * Writes diagnostics as `<label>: <message>` lines on `stream` (stderr), many lines to a write
 * (see writeInChunks).
 */
export async function writeDiagnostics(
  label: 'Error' | 'warning',
  diagnostics: readonly Diagnostic[],
  format: (diagnostic: Diagnostic) => string,
  stream: Output = process.stderr,
): Promise<void> {
  await writeInChunks(
    (function* lines() {
      for (const diagnostic of diagnostics) yield `${label}: ${format(diagnostic)}\n`;
    })(),
    stream,
  );
}

/**
 * Writes `pieces` on `stream` in order, many to a write. Node writes to a pipe in the background,
 * holding what the reader has not taken yet: a refusal of a large file (a gigabyte of lines) read
 * by a CI log collector was held whole. Once the stream holds a chunk, the next waits for it to
 * drain, and the next piece is made only then.
 */
export async function writeInChunks(pieces: Iterable<string>, stream: Output): Promise<void> {
  let chunk = '';
  for (const piece of pieces) {
    chunk += piece;
    if (chunk.length >= WRITE_CHUNK) {
      if (!stream.write(chunk)) await drained(stream);
      chunk = '';
    }
  }
  if (chunk !== '') stream.write(chunk);
}

/** When `stream` can take more, or can take nothing more (closed, failed): whichever comes first. */
function drained(stream: Output): Promise<void> {
  if (stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      for (const event of ['drain', 'close', 'error'] as const) stream.off(event, done);
      resolve();
    };
    for (const event of ['drain', 'close', 'error'] as const) stream.on(event, done);
  });
}

/** What a command knows of its flags, to suggest the one meant by a flag it does not know. */
export interface KnownFlag {
  name: string;
  char?: string;
  options?: readonly string[];
}

/** Writes a refusal as `Error: <message>` lines on stderr; the caller exits 1. */
export async function reportFailure(error: unknown, knownFlags: readonly KnownFlag[] = []): Promise<void> {
  const { isKurelError, formatDiagnostic } = await import('../../engine/index.js');
  // oclif's own parse errors are the user's: their message is the whole story.
  if (error instanceof Error && 'oclif' in error && !isKurelError(error)) {
    const unknownFlags = 'flags' in error && Array.isArray(error.flags) ? (error.flags as string[]) : [];
    const hints = await Promise.all(unknownFlags.map((flag) => flagHint(flag, knownFlags)));
    const hint = hints.filter(Boolean).join('; ');
    const [first, ...rest] = error.message.split('\n');
    process.stderr.write(`Error: ${[`${first}${hint ? ` (${hint})` : ''}`, ...rest].join('\n')}\n`);
    return;
  }
  await writeDiagnostics('Error', await failureDiagnostics(error), formatDiagnostic);
}

/**
 * Whatever ended a command, as diagnostics: a refusal's own; an oclif parse error's message, which
 * is the user's whole story; anything else is a defect in kurel, `kurelErrors.internal`, in one line, its
 * stack shown only under `KUREL_DEBUG=1`.
 */
export async function failureDiagnostics(error: unknown): Promise<Diagnostic[]> {
  const { isKurelError, kurelErrors } = await import('../../engine/index.js');
  if (isKurelError(error)) return error.diagnostics;
  if (error instanceof Error && 'oclif' in error) return [kurelErrors.flag.diagnostic(error.message)];
  const debug = process.env.KUREL_DEBUG === '1';
  const what = error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error);
  const detail = debug && error instanceof Error && error.stack ? `\n${error.stack}` : ' (set KUREL_DEBUG=1 to see where)';
  return [kurelErrors.internal.diagnostic(`internal error in kurel: ${what}${detail}`)];
}

/** The flag meant by one the command does not know: `--json` where `--format json` exists, or the closest name. */
async function flagHint(typed: string, knownFlags: readonly KnownFlag[]): Promise<string> {
  const { didYouMean } = await import('../../plugin-api/kit/suggest.js');
  const word = typed.replace(/^-+/, '').split('=')[0];
  const format = knownFlags.find((flag) => flag.name === 'format');
  if (format?.options?.includes(word)) return `did you mean --format ${word}?`;
  // Any one letter is one edit from any other: a short flag gets no guess.
  return typed.startsWith('--') ? didYouMean(word, knownFlags.map((flag) => flag.name), (name) => `--${name}`) : '';
}
