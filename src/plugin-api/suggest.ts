import { distance } from 'fastest-levenshtein';

/**
 * The names closest to a misspelt one, for a "did you mean" hint: those at the smallest edit
 * distance, compared without case, when that distance is small for the word's length (one edit
 * for three letters or fewer, up to three for long words). Empty when nothing is close.
 */
export function closestNames(word: string, candidates: Iterable<string>): string[] {
  const lower = word.toLowerCase();
  const allowed = Math.max(1, Math.min(3, Math.floor(lower.length / 2)));
  let best = Infinity;
  let found: string[] = [];
  for (const { name, lower: candidate } of comparable(candidates)) {
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

/** Each name once, beside its lower case. */
type Comparable = ReadonlyArray<{ name: string; lower: string }>;

const comparables: ListCache<Comparable> = new WeakMap();

/**
 * Each name once, beside its lower case: worked out once for a list of names, which a file
 * refused at each of its keys compares every key with.
 */
function comparable(candidates: Iterable<string>): Comparable {
  const make = () => [...new Set(candidates)].map((name) => ({ name, lower: name.toLowerCase() }));
  return Array.isArray(candidates) ? ofList(comparables, candidates as readonly string[], make) : make();
}

/** What was worked out of each list of names, beside a copy of the names it was worked out of. */
type ListCache<T> = WeakMap<readonly string[], { names: readonly string[]; value: T }>;

/** What `make` works out of `list`, kept in `cache`: worked out again where the list has changed since. */
function ofList<T>(cache: ListCache<T>, list: readonly string[], make: () => T): T {
  const known = cache.get(list);
  if (known && known.names.length === list.length && known.names.every((name, index) => name === list[index])) return known.value;
  const value = make();
  cache.set(list, { names: [...list], value });
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
  return suggestion || ofList(allowedLists, allowed, () => `allowed: ${[...allowed].sort().join(', ')}`);
}

/** `allowed: a, b` of each list of names: one string for every name refused against the list. */
const allowedLists: ListCache<string> = new WeakMap();

/** A list a reader takes in at a glance. */
const SHORT_LIST = 8;
