import { isKurelError, type Diagnostic } from '../plugin-api/diagnostics.js';
import { buildFetching, type BuildInput, type BuildIO } from './build.js';
import type { SealedRegistry } from './registry.js';
import { Refusals } from './run/refusals.js';

export interface CheckResult {
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

/**
 * Every check `build` makes, through generation and the collision checks, with nothing written:
 * the diagnostics come back instead of a refusal. The stages run once. Each stage that can go on
 * without a component it refuses (parsing, authored properties, lowering, the transform, the
 * served-API gate) reports it and goes on without it; the first stage that cannot ends the run,
 * and what it found is added where it is no echo of a component left out.
 */
export async function check(input: BuildInput, registry: SealedRegistry, fetch: BuildIO['fetch'] = async () => ({}), renderCharts?: BuildIO['renderCharts']): Promise<CheckResult> {
  const refusals = new Refusals();
  try {
    const result = await buildFetching({ ...input, collect: refusals }, registry, fetch, renderCharts);
    const errors = refusals.diagnostics;
    return errors.length === 0 ? { errors, warnings: result.warnings } : { errors, warnings: [] };
  } catch (error) {
    if (!isKurelError(error)) throw error;
    refusals.report(error.diagnostics);
    return { errors: refusals.diagnostics, warnings: [] };
  }
}
