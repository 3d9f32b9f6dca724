import { kurelErrors, type CapabilityBinding, type Diagnostic, type DiagnosticPlace } from '../../plugin-api/index.js';
import { copyData } from '../../plugin-api/kit/index.js';
import type { BuildScope } from './scope.js';

/**
 * What one stage reports beside its output: its warnings, in the order it met them, and the
 * capabilities its handlers read. Each stage keeps its own and returns it.
 */
export class StageLog {
  readonly warnings: Diagnostic[] = [];
  readonly consumedCapabilities = new Set<string>();

  warn(message: string, where: DiagnosticPlace = {}): void {
    this.warnings.push(kurelErrors.warning.diagnostic(message, where));
  }

  /** The profile's binding for `key`, recorded as consumed; a copy, so a handler cannot change the profile. */
  capability(scope: BuildScope, key: string): CapabilityBinding | undefined {
    const rendering = scope.profile.bindings.get(key);
    if (!rendering) return undefined;
    this.consumedCapabilities.add(key);
    return { key, rendering: copyData(rendering) };
  }
}

/** What a stage returns beside its output. */
export interface Logged {
  log: StageLog;
}
