import { type LoweringContext } from 'kurel/plugin-api';
import { formatGoDuration, parseGoDuration } from 'kurel/plugin-kit';

// An interval a role rule writes into a Flux object. Flux's CRDs take an unsigned duration in ms,
// s, m and h only, and the object carries it the way Go prints it, so a positive value below a
// millisecond would reach the cluster as a sub-millisecond Go duration Flux refuses.

const FLUX_DURATION = /^([0-9]+(\.[0-9]+)?(ms|s|m|h))+$/;
const MILLISECOND = 1_000_000n;

/** The interval a Flux object of the rule gets when none is authored. */
export const DEFAULT_FLUX_INTERVAL = '60m';

/** Refuses an authored interval Flux would reject, with the reference's texts. */
export function checkFluxInterval(owner: string, interval: string, ctx: LoweringContext): void {
  const problem = fluxIntervalProblem(interval);
  if (problem !== undefined) ctx.fail(`${owner}: interval "${interval}" is invalid: ${problem}`, ['interval']);
}

/** Why Flux would reject an interval, or undefined when it takes it. */
export function fluxIntervalProblem(interval: string): string | undefined {
  const nanos = FLUX_DURATION.test(interval) ? parseGoDuration(interval) : undefined;
  if (nanos === undefined) return 'must be a Flux duration (unsigned; units ms, s, m, h; e.g. 10m, 1h30m)';
  if (nanos > 0n && nanos < MILLISECOND) return `it would be emitted as "${formatGoDuration(nanos)}", below Flux's millisecond resolution (use 0s or at least 1ms)`;
  return undefined;
}

/** The interval as the Flux object prints it; zero or unset reads as the default. */
export function effectiveFluxInterval(interval: string | undefined): string {
  const nanos = interval === undefined ? 0n : (parseGoDuration(interval) ?? 0n);
  return formatGoDuration(nanos === 0n ? parseGoDuration(DEFAULT_FLUX_INTERVAL)! : nanos);
}
