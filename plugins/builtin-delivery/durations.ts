import type { HandlerContext } from 'kurel/plugin-api';
import { normaliseFluxDuration } from 'kurel/plugin-kit';

/** A duration as Go prints it (`10m` → `10m0s`, what kure writes), or a refusal on its property. */
export function fluxDuration(value: string, property: string, ctx: HandlerContext): string {
  const normalised = normaliseFluxDuration(value);
  if (normalised === undefined) ctx.fail(`${property} "${value}" is not a duration Flux accepts (such as 30s, 10m, 1h30m)`, [property]);
  return normalised;
}
