import { formatDiagnostic, type Diagnostic } from '../../plugin-api/diagnostics.js';
import type { OriginFile, ResourceRef } from './function-config.js';

/** One entry of a ResourceList's `results`, as the KRM functions specification's schema has it. */
export interface KrmResult {
  message: string;
  severity: 'error' | 'warning' | 'info';
  resourceRef?: ResourceRef;
  field?: { path: string };
  file?: OriginFile;
  tags?: Record<string, string>;
}

/**
 * What a diagnostic is about, where it can be told: the object (`resourceRef`), the field inside
 * it, and the file the object was read from. The specification lets `field` stand only beside
 * `resourceRef`.
 */
export interface ResultSubject {
  resourceRef?: ResourceRef;
  field?: string;
  file?: OriginFile;
}

/**
 * The results of a run: each diagnostic once, its message as kurel prints it (leading with
 * file:line:col and the property path, since `file` has no place for a line), its code and the
 * component and plugin it names as tags.
 */
export function krmResults(diagnostics: readonly Diagnostic[], subjectOf: (diagnostic: Diagnostic) => ResultSubject = () => ({})): KrmResult[] {
  return diagnostics.map((diagnostic) => {
    const { resourceRef, field, file } = subjectOf(diagnostic);
    const tags: Record<string, string> = { code: diagnostic.code };
    if (diagnostic.component !== undefined) tags.component = diagnostic.component;
    if (diagnostic.plugin !== undefined) tags.plugin = diagnostic.plugin;
    return {
      message: formatDiagnostic(diagnostic),
      severity: diagnostic.severity,
      ...(resourceRef ? { resourceRef, ...(field ? { field: { path: field } } : {}) } : {}),
      ...(file ? { file } : {}),
      tags,
    };
  });
}

/** Whether the results hold an error, which the specification answers with a non-zero exit. */
export function holdsError(results: readonly KrmResult[]): boolean {
  return results.some((result) => result.severity === 'error');
}
