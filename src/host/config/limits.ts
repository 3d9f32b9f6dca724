import { DEFAULT_INPUT_LIMITS, MAX_NESTING_DEPTH, type InputLimits } from '../../engine/index.js';
import { kurelErrors } from '../../plugin-api/index.js';

/**
 * Reads the config's `limits`: any of `fileBytes`, `nestingDepth`, `aliasNodes`, `documents`,
 * `components`, each a positive whole number that replaces its default. `nestingDepth` goes up
 * to `MAX_NESTING_DEPTH`, past which the YAML composer itself would run out of stack.
 */
export function checkLimitsConfig(raw: unknown, file: string): InputLimits {
  if (raw === undefined) return { ...DEFAULT_INPUT_LIMITS };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw kurelErrors.config('limits must be a map of limit names to whole numbers', { file, path: 'limits' });
  const keys = Object.keys(DEFAULT_INPUT_LIMITS) as Array<keyof InputLimits>;
  const limits: InputLimits = { ...DEFAULT_INPUT_LIMITS };
  for (const [key, value] of Object.entries(raw)) {
    if (!keys.includes(key as keyof InputLimits)) throw kurelErrors.config(`unsupported limit "${key}" (allowed: ${keys.join(', ')})`, { file, path: `limits.${key}` });
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw kurelErrors.config(`limits.${key} must be a whole number of at least 1`, { file, path: `limits.${key}` });
    if (key === 'nestingDepth' && value > MAX_NESTING_DEPTH) throw kurelErrors.config(`limits.nestingDepth may be at most ${MAX_NESTING_DEPTH}`, { file, path: 'limits.nestingDepth' });
    limits[key as keyof InputLimits] = value;
  }
  return limits;
}
