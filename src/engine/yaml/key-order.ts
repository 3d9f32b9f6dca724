/**
 * The reference's map-key order (go-yaml's): runs of digits compare as numbers, and a letter
 * sorts after any other character.
 */
export function compareKeys(a: string, b: string): number {
  return isAscii(a) && isAscii(b) ? compareAsciiKeys(a, b) : compareKeysByCodePoint(a, b);
}

/**
 * Sorts map keys in place in this order, giving what the library's writer gives with
 * `Array.prototype.sort`. Most maps written hold a few keys of ASCII letters and punctuation:
 * among such keys the order is total, so an insertion sort gives the one order without the work
 * array a comparator sort allocates (and, the keys known to be ASCII, compares them without
 * testing each pair again). Where a key holds a digit (a run of digits compares as a
 * number) or a character outside ASCII, the order need not be transitive (`a1e3` < `a01` < `a10`
 * < `a1e3`), and only the library's own sort gives its result.
 */
export function sortKeys(keys: string[]): void {
  if (keys.length > SMALL_MAP || keys.some((key) => DIGIT_OR_NON_ASCII.test(key))) {
    keys.sort(compareKeys);
    return;
  }
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i];
    let j = i - 1;
    for (; j >= 0 && compareAsciiKeys(keys[j], key) > 0; j--) keys[j + 1] = keys[j];
    keys[j + 1] = key;
  }
}

const SMALL_MAP = 16;
// eslint-disable-next-line no-control-regex
const DIGIT_OR_NON_ASCII = /[0-9]|[^\x00-\x7f]/;

/**
 * The same order on code units, for keys of ASCII characters only (nearly every key written),
 * where a code unit is a code point and a letter is A–Z or a–z: no arrays, no regular
 * expressions, as the emitter sorts the keys of every map it writes.
 */
function compareAsciiKeys(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const ac = a.charCodeAt(i);
    const bc = b.charCodeAt(i);
    if (ac === bc) continue;
    const al = isAsciiLetter(ac);
    const bl = isAsciiLetter(bc);
    if (al && bl) return ac < bc ? -1 : 1;
    if (al || bl) return bl ? -1 : 1;
    let an = 0;
    let bn = 0;
    if (ac === ZERO || bc === ZERO) {
      for (let j = i - 1; j >= 0 && isDigitCode(a.charCodeAt(j)); j--) {
        if (a.charCodeAt(j) !== ZERO) {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    let bi = i;
    for (; ai < a.length && isDigitCode(a.charCodeAt(ai)); ai++) an = an * 10 + (a.charCodeAt(ai) - ZERO);
    for (; bi < b.length && isDigitCode(b.charCodeAt(bi)); bi++) bn = bn * 10 + (b.charCodeAt(bi) - ZERO);
    if (an !== bn) return an < bn ? -1 : 1;
    if (ai !== bi) return ai < bi ? -1 : 1;
    return ac < bc ? -1 : 1;
  }
  return a.length - b.length;
}

/** The order on code points: the definition, used for keys holding any character outside ASCII. */
export function compareKeysByCodePoint(a: string, b: string): number {
  const ar = [...a];
  const br = [...b];
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = isLetter(ar[i]);
    const bl = isLetter(br[i]);
    if (al && bl) return ar[i] < br[i] ? -1 : 1;
    if (al || bl) return bl ? -1 : 1;
    let an = 0;
    let bn = 0;
    if (ar[i] === '0' || br[i] === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    let bi = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10 + Number(ar[ai]);
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10 + Number(br[bi]);
    if (an !== bn) return an < bn ? -1 : 1;
    if (ai !== bi) return ai < bi ? -1 : 1;
    return ar[i] < br[i] ? -1 : 1;
  }
  return ar.length - br.length;
}

const ZERO = 48;

// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/;

function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

function isAsciiLetter(code: number): boolean {
  const lower = code | 32;
  return lower >= 97 && lower <= 122;
}

function isDigitCode(code: number): boolean {
  return code >= ZERO && code <= 57;
}

function isLetter(ch: string): boolean {
  return /\p{L}/u.test(ch);
}

function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}
