// Kubernetes quantities the way apimachinery's resource.Quantity reads and writes them: a typed
// object decoded and encoded again prints `1` as "1", `0.5` as "500m", `1024Mi` as "1Gi".

const QUANTITY = /^([+-]?)(\d+)(?:\.(\d*))?(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]))?$/;
const FRACTION_ONLY = /^([+-]?)\.(\d+)(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]))?$/;

const DECIMAL_EXPONENT: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_POWER: Record<string, number> = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 };
const DECIMAL_SUFFIX: Record<number, string> = { [-9]: 'n', [-6]: 'u', [-3]: 'm', 0: '', 3: 'k', 6: 'M', 9: 'G', 12: 'T', 15: 'P', 18: 'E' };
const BINARY_SUFFIX = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

type Format = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

interface Parsed {
  /** The value is `mantissa × 10^scale`. */
  mantissa: bigint;
  scale: number;
  format: Format;
}

function parse(text: string): Parsed | undefined {
  const trimmed = text.trim();
  let sign: string, whole: string, fraction: string, exponent: string | undefined, suffix: string | undefined;
  const match = QUANTITY.exec(trimmed);
  if (match) [, sign, whole, fraction = '', exponent, suffix] = match;
  else {
    const only = FRACTION_ONLY.exec(trimmed);
    if (!only) return undefined;
    [, sign, fraction, exponent, suffix] = only;
    whole = '0';
  }
  let mantissa = BigInt(whole + fraction);
  let scale = -fraction.length;
  let format: Format = 'DecimalSI';
  if (exponent !== undefined) {
    scale += Number(exponent.slice(1));
    format = 'DecimalExponent';
  } else if (suffix !== undefined && suffix in BINARY_POWER) {
    mantissa *= 1024n ** BigInt(BINARY_POWER[suffix]);
    format = 'BinarySI';
  } else {
    scale += DECIMAL_EXPONENT[suffix ?? ''];
  }
  if (sign === '-') mantissa = -mantissa;
  return { mantissa, scale, format };
}

/** Whether `text` is a quantity apimachinery accepts. */
export function isQuantity(text: string): boolean {
  return parse(text) !== undefined;
}

/** The canonical form of a quantity (a string or a JSON number); undefined when it is not one. */
export function canonicalQuantity(value: string | number): string | undefined {
  const parsed = parse(typeof value === 'number' ? numberText(value) : value);
  if (!parsed) return undefined;
  let { mantissa, scale } = parsed;
  if (mantissa === 0n) return '0';
  // Precision stops at nano units; a finer value rounds up, away from zero.
  if (scale < -9) {
    const divisor = 10n ** BigInt(-9 - scale);
    const rounded = mantissa / divisor;
    mantissa = rounded * divisor === mantissa ? rounded : rounded + (mantissa > 0n ? 1n : -1n);
    scale = -9;
  }
  let format = parsed.format;
  if (format === 'BinarySI') {
    const integer = scale >= 0 ? mantissa * 10n ** BigInt(scale) : mantissa % 10n ** BigInt(-scale) === 0n ? mantissa / 10n ** BigInt(-scale) : undefined;
    if (integer === undefined || (integer > -1024n && integer < 1024n)) format = 'DecimalSI';
    else return binaryCanonical(integer);
  }
  while (mantissa % 10n === 0n) {
    mantissa /= 10n;
    scale += 1;
  }
  const shift = ((scale % 3) + 3) % 3;
  mantissa *= 10n ** BigInt(shift);
  scale -= shift;
  if (format === 'DecimalSI' && scale in DECIMAL_SUFFIX) return `${mantissa}${DECIMAL_SUFFIX[scale]}`;
  return scale === 0 ? `${mantissa}` : `${mantissa}e${scale}`;
}

function binaryCanonical(value: bigint): string {
  let power = 0;
  while (power < 6 && value % 1024n === 0n) {
    value /= 1024n;
    power += 1;
  }
  return `${value}${BINARY_SUFFIX[power]}`;
}

/** A JSON number as the text Go reads from it. */
function numberText(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 1e21 ? BigInt(value).toString() : String(value).replace('e+', 'e');
}

/** Compares two quantities by value: negative, zero or positive; undefined when either is not a quantity. */
export function compareQuantities(a: string, b: string): number | undefined {
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) return undefined;
  const scale = Math.min(left.scale, right.scale);
  const l = left.mantissa * 10n ** BigInt(left.scale - scale);
  const r = right.mantissa * 10n ** BigInt(right.scale - scale);
  return l === r ? 0 : l < r ? -1 : 1;
}
