// Durations the way Go's time.Duration reads and prints them: the reference's typed structs write
// `2160h` back as `2160h0m0s`, `90s` as `1m30s`.

const UNIT_NANOS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  'µs': 1_000n,
  'μs': 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

const TERM = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/y;

/** Parses a Go duration (`1h30m`, `2.5s`, `-5m`) to nanoseconds; undefined when it is not one. */
export function parseGoDuration(text: string): bigint | undefined {
  let rest = text;
  let sign = 1n;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    if (rest[0] === '-') sign = -1n;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0n;
  if (rest === '') return undefined;
  let total = 0n;
  TERM.lastIndex = 0;
  let consumed = 0;
  while (consumed < rest.length) {
    TERM.lastIndex = consumed;
    const match = TERM.exec(rest);
    if (!match) return undefined;
    const [whole, fraction = ''] = match[1].split('.');
    const unit = UNIT_NANOS[match[2]];
    total += BigInt(whole || '0') * unit;
    if (fraction) total += (BigInt(fraction) * unit) / 10n ** BigInt(fraction.length);
    consumed = TERM.lastIndex;
  }
  return sign * total;
}

/** Formats nanoseconds as Go's Duration.String() does. */
export function formatGoDuration(nanos: bigint): string {
  if (nanos === 0n) return '0s';
  const negative = nanos < 0n;
  let value = negative ? -nanos : nanos;
  let out: string;
  if (value < 1_000_000_000n) {
    const [unit, size] = value < 1_000n ? ['ns', 1n] : value < 1_000_000n ? ['µs', 1_000n] : ['ms', 1_000_000n];
    out = fractional(value, size) + unit;
  } else {
    const hours = value / UNIT_NANOS.h;
    value %= UNIT_NANOS.h;
    const minutes = value / UNIT_NANOS.m;
    value %= UNIT_NANOS.m;
    const seconds = fractional(value, UNIT_NANOS.s);
    out = hours > 0n ? `${hours}h${minutes}m${seconds}s` : minutes > 0n ? `${minutes}m${seconds}s` : `${seconds}s`;
  }
  return negative ? `-${out}` : out;
}

function fractional(value: bigint, unit: bigint): string {
  const whole = value / unit;
  const rest = value % unit;
  if (rest === 0n) return String(whole);
  const digits = String(unit).length - 1;
  return `${whole}.${String(rest).padStart(digits, '0').replace(/0+$/, '')}`;
}

/** A duration normalised to Go's form, or undefined when the text is not a Go duration. */
export function normaliseGoDuration(text: string): string | undefined {
  const nanos = parseGoDuration(text);
  return nanos === undefined ? undefined : formatGoDuration(nanos);
}

// The duration syntax Flux's CRDs accept (their OpenAPI pattern): no sign, no ns or us.
const FLUX_DURATION = /^([0-9]+(\.[0-9]+)?(ms|s|m|h))+$/;

/** A duration Flux accepts, as Go prints it (`10m` → `10m0s`, what kure writes), or undefined. */
export function normaliseFluxDuration(text: string): string | undefined {
  return FLUX_DURATION.test(text) ? normaliseGoDuration(text) : undefined;
}
