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
  for (const candidate of new Set(candidates)) {
    if (candidate === word) continue;
    const edits = distance(lower, candidate.toLowerCase());
    if (edits > allowed || edits > best) continue;
    if (edits < best) {
      best = edits;
      found = [];
    }
    found.push(candidate);
  }
  return found.sort().slice(0, 3);
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
  return suggestion || `allowed: ${[...allowed].sort().join(', ')}`;
}

/** A list a reader takes in at a glance. */
const SHORT_LIST = 8;
