import type { PropertyPath } from './errors.js';
import type { KurelErrorCode, Severity } from './error-codes.js';

export type { Severity };

/** One finding about the user's input, placed where the user wrote it. */
export interface Diagnostic {
  /** A code of the error catalogue; only its factories make diagnostics. */
  code: KurelErrorCode;
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

/** Where a diagnostic points and whose element it is: everything of it but code, severity and text. */
export type DiagnosticPlace = Omit<Diagnostic, 'code' | 'severity' | 'message'>;

/** Renders a property path the way users read it: `spec.components[0].properties.port`. */
export function formatPath(path: PropertyPath): string {
  // Joined, not appended to a string: V8 keeps each `+=` as a node pointing at both halves, five
  // or six nodes for a path a diagnostic keeps until it is printed, and a refusal of a large file
  // keeps hundreds of thousands.
  const parts: string[] = [];
  for (const segment of path) {
    if (typeof segment === 'number') parts.push(`[${segment}]`);
    else parts.push(parts.length > 0 ? `.${segment}` : segment);
  }
  return parts.join('');
}

/** `file:line:col path: message`, leading with the user's input. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const { file, line, column, path, message } = diagnostic;
  // Joined without a list of the parts: a refusal at each key of a large file prints as many.
  const location = file ? (line !== undefined ? `${file}:${line}:${column ?? 1}` : file) : '';
  const lead = location && path ? `${location} ${path}` : location || path || '';
  return lead ? `${lead}: ${message}` : message;
}

const KUREL_ERROR = Symbol.for('kurel.KurelError');

/**
 * A build refused: one or more error diagnostics, each made by a factory of the error catalogue.
 * Recognised by a registered symbol, so a copy of this module in a bundled plugin is still known.
 */
export class KurelError extends Error {
  readonly [KUREL_ERROR] = true;
  readonly diagnostics: Diagnostic[];

  constructor(diagnostics: [Diagnostic, ...Diagnostic[]] | Diagnostic[]) {
    if (diagnostics.length === 0) throw new TypeError('a KurelError needs at least one diagnostic');
    // The message is each diagnostic on a line, written out the first time it is read (see below).
    super();
    this.name = 'KurelError';
    this.diagnostics = diagnostics;
  }

  /** The class of the first diagnostic's policy refusal; undefined when it is no violation of the policy. */
  get refusalClass(): string | undefined {
    return this.diagnostics[0]?.refusalClass;
  }

  /** The code of the first diagnostic. */
  get code(): KurelErrorCode {
    return this.diagnostics[0]!.code;
  }
}

// A refusal of a large file holds a diagnostic for each of its entries, and the CLI writes them one
// by one: a message of them all, several times the input's size, is written only for who reads it.
const messages = new WeakMap<KurelError, string>();
Object.defineProperty(KurelError.prototype, 'message', {
  configurable: true,
  get(this: KurelError): string {
    let message = messages.get(this);
    if (message === undefined) messages.set(this, (message = this.diagnostics.map(formatDiagnostic).join('\n')));
    return message;
  },
});

export function isKurelError(value: unknown): value is KurelError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[KUREL_ERROR] === true;
}
