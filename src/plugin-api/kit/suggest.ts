import { distance } from 'fastest-levenshtein';

/**
 * The names closest to a misspelt one, for a "did you mean" hint: those at the smallest edit
 * distance, compared without case, when that distance is small for the word's length (one edit
 * for three letters or fewer, up to three for long words). Empty when nothing is close.
 */
export function closestNames(word: string, candidates: Iterable<string>): string[] {
  const lower = word.toLowerCase();
  const allowed = Math.max(1, Math.min(3, Math.floor(lower.length / 2)));
  const { names, characters } = comparable(candidates);
  if (foreignCharacters(lower, characters, allowed) > allowed) return [];
  let best = Infinity;
  let found: string[] = [];
  for (const { name, lower: candidate } of names) {
    if (name === word) continue;
    // Names whose lengths differ by more than the edits allowed are that many edits apart at least.
    if (Math.abs(candidate.length - lower.length) > allowed) continue;
    const edits = distance(lower, candidate);
    if (edits > allowed || edits > best) continue;
    if (edits < best) {
      best = edits;
      found = [];
    }
    found.push(name);
  }
  return found.sort().slice(0, 3);
}

/** Each name once, beside its lower case, and the characters of the lower cases. */
interface Comparable {
  names: ReadonlyArray<{ name: string; lower: string }>;
  characters: CharacterSet;
}

/** A set of UTF-16 code units: a bit for each of ASCII, a Set for the rest. */
interface CharacterSet {
  ascii: Uint32Array;
  others: Set<number>;
}

function characterSet(words: Iterable<string>): CharacterSet {
  const set: CharacterSet = { ascii: new Uint32Array(4), others: new Set() };
  for (const word of words) {
    for (let index = 0; index < word.length; index++) {
      const code = word.charCodeAt(index);
      if (code < 128) set.ascii[code >> 5] |= 1 << (code & 31);
      else set.others.add(code);
    }
  }
  return set;
}

/**
 * How many of `word`'s characters no name has, counted up to one past `limit`. Each of them is
 * an edit against every name (it can only be replaced or dropped), so a word with more of them
 * than the edits allowed is close to none: a key of a generated or pasted file, compared with a
 * long list of fields, is answered without a distance worked out.
 */
function foreignCharacters(word: string, characters: CharacterSet, limit: number): number {
  let foreign = 0;
  for (let index = 0; index < word.length && foreign <= limit; index++) {
    const code = word.charCodeAt(index);
    const known = code < 128 ? (characters.ascii[code >> 5] & (1 << (code & 31))) !== 0 : characters.others.has(code);
    if (!known) foreign += 1;
  }
  return foreign;
}

const comparables: ListCache<Comparable> = new WeakMap();

/**
 * Each name once, beside its lower case: worked out once for a list of names, which a file
 * refused at each of its keys compares every key with.
 */
function comparable(candidates: Iterable<string>): Comparable {
  const make = (): Comparable => {
    const names = [...new Set(candidates)].map((name) => ({ name, lower: name.toLowerCase() }));
    return { names, characters: characterSet(names.map(({ lower }) => lower)) };
  };
  return Array.isArray(candidates) ? ofList(comparables, candidates as readonly string[], make) : make();
}

/** What was worked out of each list of names, beside a copy of the names it was worked out of. */
type ListCache<T> = WeakMap<readonly string[], { names: readonly string[]; value: T }>;

/**
 * What `make` works out of `list`, kept in `cache`: worked out again where the list has changed
 * since. A frozen list cannot have changed, and is not compared name by name with its copy.
 */
function ofList<T>(cache: ListCache<T>, list: readonly string[], make: () => T): T {
  const known = cache.get(list);
  const frozen = Object.isFrozen(list);
  if (known && (frozen || (known.names.length === list.length && known.names.every((name, index) => name === list[index])))) return known.value;
  const value = make();
  cache.set(list, { names: frozen ? list : [...list], value });
  return value;
}

/** `did you mean "image"?`, or `did you mean "a" or "b"?`; empty when nothing is close. */
export function didYouMean(word: string, candidates: Iterable<string>, quote = (name: string) => `"${name}"`): string {
  const names = closestNames(word, candidates).map(quote);
  if (names.length === 0) return '';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  return `did you mean ${list}?`;
}

/**
 * What a refusal of an unknown name says about the names allowed: a short list whole (the
 * reference's `allowed: a, b`), a long one by the closest names when some are close.
 */
export function allowedOrClosest(word: string, allowed: readonly string[]): string {
  const suggestion = allowed.length > SHORT_LIST ? didYouMean(word, allowed) : '';
  return suggestion || allowedList(allowed);
}

/**
 * What a refusal of an unknown key of a document or config says: the closest names whatever the
 * list's length, since a key misspelt in a short list is as easily missed as in a long one; a
 * short list is shown whole beside them, a long one only when nothing is close.
 */
export function closestAndAllowed(word: string, allowed: readonly string[]): string {
  const suggestion = didYouMean(word, allowed);
  if (!suggestion) return allowedList(allowed);
  return allowed.length > SHORT_LIST ? suggestion : `${suggestion} ${allowedList(allowed)}`;
}

/** `allowed: a, b`: the same string for every name refused against the list. */
export function allowedList(allowed: readonly string[]): string {
  return ofList(allowedLists, allowed, () => `allowed: ${[...allowed].sort().join(', ')}`);
}

/** `allowed: a, b` of each list of names. */
const allowedLists: ListCache<string> = new WeakMap();

/** A list a reader takes in at a glance. */
const SHORT_LIST = 8;
