import type { Diagnostic } from '../../engine/index.js';

/** Writes warnings as `warning: <message>` lines on stderr. */
export function reportWarnings(warnings: readonly Diagnostic[], format: (diagnostic: Diagnostic) => string): void {
  for (const warning of warnings) process.stderr.write(`warning: ${format(warning)}\n`);
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
  if (isKurelError(error)) {
    for (const diagnostic of error.diagnostics) process.stderr.write(`Error: ${formatDiagnostic(diagnostic)}\n`);
    return;
  }
  // oclif's own parse errors are the user's: their message is the whole story.
  if (error instanceof Error && 'oclif' in error) {
    const unknownFlags = 'flags' in error && Array.isArray(error.flags) ? (error.flags as string[]) : [];
    const hints = await Promise.all(unknownFlags.map((flag) => flagHint(flag, knownFlags)));
    const hint = hints.filter(Boolean).join('; ');
    const [first, ...rest] = error.message.split('\n');
    process.stderr.write(`Error: ${[`${first}${hint ? ` (${hint})` : ''}`, ...rest].join('\n')}\n`);
    return;
  }
  // Anything else is a defect in kurel or a plugin: show it whole so it can be reported.
  process.stderr.write(`Error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
}

/** The flag meant by one the command does not know: `--json` where `--format json` exists, or the closest name. */
async function flagHint(typed: string, knownFlags: readonly KnownFlag[]): Promise<string> {
  const { didYouMean } = await import('../../plugin-api/suggest.js');
  const word = typed.replace(/^-+/, '').split('=')[0];
  const format = knownFlags.find((flag) => flag.name === 'format');
  if (format?.options?.includes(word)) return `did you mean --format ${word}?`;
  // Any one letter is one edit from any other: a short flag gets no guess.
  return typed.startsWith('--') ? didYouMean(word, knownFlags.map((flag) => flag.name), (name) => `--${name}`) : '';
}
