import { buildFetching, type BuildInput, type FetchRequest } from './build.js';
import { isKurelError, type Diagnostic } from './diagnostics.js';
import type { SealedRegistry } from './registry.js';

export interface CheckResult {
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

/**
 * Every check `build` makes, through generation and the collision checks, with nothing written:
 * the diagnostics come back instead of a refusal. Stages that can go on past a refusal (authored
 * properties, each component's transform) report every one.
 */
export async function check(
  input: BuildInput,
  registry: SealedRegistry,
  fetch: (requests: FetchRequest[]) => Promise<Record<string, string>> = async () => ({}),
): Promise<CheckResult> {
  try {
    const result = await buildFetching(input, registry, fetch);
    return { errors: [], warnings: result.warnings };
  } catch (error) {
    if (!isKurelError(error)) throw error;
    return { errors: error.diagnostics, warnings: [] };
  }
}
