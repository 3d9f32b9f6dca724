// Kubernetes quantities the way apimachinery's resource.Quantity reads and prints them: a typed
// struct writes `1024Mi` back as `1Gi`, `0.5` as `500m`, and a bare number as a string.

const DECIMAL_SUFFIXES: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Record<string, number> = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 };
const DECIMAL_BY_EXPONENT = new Map(Object.entries(DECIMAL_SUFFIXES).map(([suffix, exponent]) => [exponent, suffix]));
const BINARY_BY_POWER = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

const QUANTITY = /^([+-]?)(\d*)(?:\.(\d*))?(?:([eE][+-]?\d+)|([a-zA-Z]*))$/;

type Format = 'BinarySI' | 'DecimalSI' | 'DecimalExponent';

interface Parsed {
  /** The value as numerator / denominator, both BigInt, denominator positive. */
  numerator: bigint;
  denominator: bigint;
  format: Format;
}

function parse(text: string): Parsed | undefined {
  const match = QUANTITY.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction = '', exponentPart, suffix] = match;
  if (whole === '' && fraction === '') return undefined;
  let numerator = BigInt(`${whole}${fraction}` || '0');
  let denominator = 10n ** BigInt(fraction.length);
  let format: Format;
  if (exponentPart !== undefined) {
    const exponent = Number(exponentPart.slice(1));
    if (exponent >= 0) numerator *= 10n ** BigInt(exponent);
    else denominator *= 10n ** BigInt(-exponent);
    format = 'DecimalExponent';
  } else if (suffix in BINARY_SUFFIXES) {
    numerator *= 1024n ** BigInt(BINARY_SUFFIXES[suffix]);
    format = 'BinarySI';
  } else if (suffix in DECIMAL_SUFFIXES) {
    const exponent = DECIMAL_SUFFIXES[suffix];
    if (exponent >= 0) numerator *= 10n ** BigInt(exponent);
    else denominator *= 10n ** BigInt(-exponent);
    format = 'DecimalSI';
  } else {
    return undefined;
  }
  return { numerator: sign === '-' ? -numerator : numerator, denominator, format };
}

/** The value in units of 10^-9, rounded away from zero as Quantity rounds finer values up. */
function nanos({ numerator, denominator }: Parsed): bigint {
  const scaled = numerator * 1_000_000_000n;
  const quotient = scaled / denominator;
  return scaled % denominator === 0n ? quotient : quotient + (scaled < 0n ? -1n : 1n);
}

function decimal(value: bigint, format: Format): string {
  if (value === 0n) return '0';
  let mantissa = value;
  let exponent = -9;
  while (mantissa % 10n === 0n) {
    mantissa /= 10n;
    exponent += 1;
  }
  const remainder = ((exponent % 3) + 3) % 3;
  if (remainder !== 0) {
    mantissa *= 10n ** BigInt(remainder);
    exponent -= remainder;
  }
  if (format === 'DecimalExponent') return exponent === 0 ? `${mantissa}` : `${mantissa}e${exponent}`;
  const suffix = DECIMAL_BY_EXPONENT.get(exponent);
  return suffix === undefined ? `${mantissa}e${exponent}` : `${mantissa}${suffix}`;
}

/** A quantity in Quantity's canonical form, or undefined when Kubernetes would not read it. */
export function canonicalQuantity(input: string | number): string | undefined {
  const parsed = parse(typeof input === 'number' ? numberText(input) : input.trim());
  if (!parsed) return undefined;
  const value = nanos(parsed);
  if (parsed.format === 'BinarySI' && value % 1_000_000_000n === 0n) {
    let whole = value / 1_000_000_000n;
    if (whole <= -1024n || whole >= 1024n) {
      let power = 0;
      while (power < 6 && whole % 1024n === 0n) {
        whole /= 1024n;
        power += 1;
      }
      return `${whole}${BINARY_BY_POWER[power]}`;
    }
  }
  return decimal(value, parsed.format === 'BinarySI' ? 'DecimalSI' : parsed.format);
}

function numberText(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 1e21 ? BigInt(value).toString() : String(value);
}
