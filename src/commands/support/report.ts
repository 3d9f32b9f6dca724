import type { Diagnostic } from '../../engine/index.js';

/** Writes warnings as `warning: <message>` lines on stderr. */
export function reportWarnings(warnings: readonly Diagnostic[], format: (diagnostic: Diagnostic) => string): void {
  for (const warning of warnings) process.stderr.write(`warning: ${format(warning)}\n`);
}

/** Writes a refusal as `Error: <message>` lines on stderr; the caller exits 1. */
export async function reportFailure(error: unknown): Promise<void> {
  const { formatDiagnostic } = await import('../../engine/index.js');
  for (const diagnostic of await failureDiagnostics(error)) process.stderr.write(`Error: ${formatDiagnostic(diagnostic)}\n`);
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
