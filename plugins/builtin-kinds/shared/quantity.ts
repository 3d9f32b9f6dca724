// Kubernetes resource quantities the way apimachinery's resource.Quantity reads and prints them:
// a typed struct writes `1024Mi` back as `1Gi`, `0.5` as `500m`, `1000` as `1k`.

const QUANTITY = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?\d+)?$/;

const BINARY: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES = Object.entries(BINARY).reverse();
const DECIMAL_SUFFIXES = Object.fromEntries(Object.entries(DECIMAL).map(([suffix, exponent]) => [exponent, suffix]));

type Format = 'BinarySI' | 'DecimalSI' | 'DecimalExponent';

/** A quantity's value in nano-units (rounded up, as apimachinery rounds) and the format it was written in. */
function parse(text: string): { nanos: bigint; format: Format } | undefined {
  const match = QUANTITY.exec(text.trim() === text ? text : '');
  if (!match) return undefined;
  const [, sign, number, suffix = ''] = match;
  const [whole, fraction = ''] = number.split('.');
  let numerator = BigInt((whole || '0') + fraction);
  let denominator = 10n ** BigInt(fraction.length);
  let format: Format;
  if (suffix in BINARY) {
    numerator *= 2n ** BigInt(BINARY[suffix]);
    format = 'BinarySI';
  } else if (suffix in DECIMAL) {
    const exponent = DECIMAL[suffix];
    if (exponent >= 0) numerator *= 10n ** BigInt(exponent);
    else denominator *= 10n ** BigInt(-exponent);
    format = 'DecimalSI';
  } else {
    const exponent = Number(suffix.slice(1));
    if (Math.abs(exponent) > 1000) return undefined;
    if (exponent >= 0) numerator *= 10n ** BigInt(exponent);
    else denominator *= 10n ** BigInt(-exponent);
    format = 'DecimalExponent';
  }
  const scaled = numerator * 1_000_000_000n;
  let nanos = scaled / denominator;
  if (scaled % denominator !== 0n) nanos += 1n;
  return { nanos: sign === '-' ? -nanos : nanos, format };
}

/** The canonical text of a quantity (resource.Quantity's String()), or undefined when it is not one. */
export function canonicalQuantity(value: string | number): string | undefined {
  const parsed = parse(typeof value === 'number' ? numberText(value) : value);
  if (!parsed) return undefined;
  const { nanos } = parsed;
  if (nanos === 0n) return '0';
  const negative = nanos < 0n;
  const magnitude = negative ? -nanos : nanos;
  let format = parsed.format;
  if (format === 'BinarySI' && (magnitude < 1024n * 1_000_000_000n || magnitude % 1_000_000_000n !== 0n)) format = 'DecimalSI';
  const text = format === 'BinarySI' ? binaryText(magnitude / 1_000_000_000n) : decimalText(magnitude, format);
  return negative ? `-${text}` : text;
}

function binaryText(bytes: bigint): string {
  for (const [suffix, exponent] of BINARY_SUFFIXES) {
    const unit = 2n ** BigInt(exponent);
    if (bytes % unit === 0n) return `${bytes / unit}${suffix}`;
  }
  return String(bytes);
}

function decimalText(nanos: bigint, format: Format): string {
  let exponent = -9;
  let mantissa = nanos;
  while (mantissa % 1000n === 0n && (format === 'DecimalExponent' || exponent < 18)) {
    mantissa /= 1000n;
    exponent += 3;
  }
  if (format === 'DecimalExponent') return exponent === 0 ? String(mantissa) : `${mantissa}e${exponent}`;
  return `${mantissa}${DECIMAL_SUFFIXES[exponent]}`;
}

/** A JSON number as Go's decoder hands its text to the quantity parser. */
function numberText(value: number): string {
  if (Number.isInteger(value)) return BigInt(value).toString();
  const text = String(value);
  return text.includes('e') ? value.toFixed(20).replace(/0+$/, '') : text;
}
