import { KurelError, type Diagnostic, type DiagnosticPlace } from './diagnostics.js';
import { CATALOGUE, type Catalogue, type KurelErrorCode, type KurelErrorName, type Severity } from './error-codes.js';

/** A diagnostic of one catalogued code: its `code` is that code's literal. */
export interface CataloguedDiagnostic<Code extends KurelErrorCode> extends Diagnostic {
  code: Code;
}

/**
 * The factory of one code. Called, it returns the refusal to throw; `diagnostic` makes the same
 * finding for a stage that collects several before refusing.
 */
export interface CodeFactory<Code extends KurelErrorCode> {
  (message: string, place?: DiagnosticPlace): KurelError;
  readonly code: Code;
  readonly severity: Severity;
  /** What the code means, for the reference of codes and for plugin authors. */
  readonly meaning: string;
  diagnostic(message: string, place?: DiagnosticPlace): CataloguedDiagnostic<Code>;
}

export type KurelErrors = { readonly [Name in KurelErrorName]: CodeFactory<Catalogue[Name]['code']> };

function factory<Code extends KurelErrorCode>(code: Code, meaning: string, severity: Severity): CodeFactory<Code> {
  const diagnostic = (message: string, place: DiagnosticPlace = {}): CataloguedDiagnostic<Code> => ({ code, severity, message, ...place });
  const refuse = (message: string, place: DiagnosticPlace = {}): KurelError => new KurelError([diagnostic(message, place)]);
  return Object.assign(refuse, { code, severity, meaning, diagnostic });
}

/** One factory per code: `throw kurelErrors.property(text, place)`, or `kurelErrors.property.diagnostic(text, place)` to collect. */
export const kurelErrors = Object.freeze(
  Object.fromEntries(
    Object.entries(CATALOGUE).map(([name, entry]) => [name, factory(entry.code, entry.meaning, 'severity' in entry ? entry.severity : 'error')]),
  ),
) as KurelErrors;

const BY_CODE = new Map<string, CodeFactory<KurelErrorCode>>(Object.values(kurelErrors).map((entry) => [entry.code, entry]));

/** The factory of a catalogued code, or undefined when the code is not in the catalogue. */
export function factoryOf(code: string): CodeFactory<KurelErrorCode> | undefined {
  return BY_CODE.get(code);
}

/** Every catalogued code, in catalogue order. */
export function catalogueCodes(): KurelErrorCode[] {
  return [...BY_CODE.keys()] as KurelErrorCode[];
}
