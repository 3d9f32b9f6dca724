import type { PropertyPath } from '../plugin-api/index.js';

export type Severity = 'error' | 'warning';

/** One finding about the user's input, placed where the user wrote it. */
export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  /** The property path inside the file, e.g. `spec.components[0].properties.port`. */
  path?: string;
  component?: string;
  plugin?: string;
  /** Of a violation of the environment policy: what the refusal is about (`replica-maximum`, …). */
  refusalClass?: string;
  /** Which refusal of its code this is, where a code has several (the component label's five). */
  refusal?: string;
}

/** Renders a property path the way users read it: `spec.components[0].properties.port`. */
export function formatPath(path: PropertyPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${segment}` : segment;
  }
  return out;
}

/** `file:line:col path: message`, leading with the user's input. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where: string[] = [];
  if (diagnostic.file) {
    let location = diagnostic.file;
    if (diagnostic.line !== undefined) location += `:${diagnostic.line}:${diagnostic.column ?? 1}`;
    where.push(location);
  }
  if (diagnostic.path) where.push(diagnostic.path);
  const lead = where.join(' ');
  return lead ? `${lead}: ${diagnostic.message}` : diagnostic.message;
}

/** A build refused: one or more error diagnostics. */
export class KurelError extends Error {
  readonly diagnostics: Diagnostic[];

  constructor(diagnostics: Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join('\n'));
    this.name = 'KurelError';
    this.diagnostics = diagnostics;
  }

  /** The class of the first diagnostic's policy refusal; undefined when it is no violation of the policy. */
  get refusalClass(): string | undefined {
    return this.diagnostics[0]?.refusalClass;
  }

  get code(): string {
    return this.diagnostics[0]?.code ?? 'KUREL_ERROR';
  }
}

export function isKurelError(value: unknown): value is KurelError {
  return value instanceof KurelError;
}
