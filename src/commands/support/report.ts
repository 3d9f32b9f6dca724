import type { Diagnostic } from '../../engine/index.js';

/** Writes warnings as `warning: <message>` lines on stderr. */
export function reportWarnings(warnings: readonly Diagnostic[], format: (diagnostic: Diagnostic) => string): void {
  for (const warning of warnings) process.stderr.write(`warning: ${format(warning)}\n`);
}

/** Writes a refusal as `Error: <message>` lines on stderr; the caller exits 1. */
export async function reportFailure(error: unknown): Promise<void> {
  const { isKurelError, formatDiagnostic } = await import('../../engine/index.js');
  if (isKurelError(error)) {
    for (const diagnostic of error.diagnostics) process.stderr.write(`Error: ${formatDiagnostic(diagnostic)}\n`);
    return;
  }
  // oclif's own parse errors are the user's: their message is the whole story.
  if (error instanceof Error && 'oclif' in error) {
    process.stderr.write(`Error: ${error.message}\n`);
    return;
  }
  // Anything else is a defect in kurel or a plugin: show it whole so it can be reported.
  process.stderr.write(`Error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
}
