// A plugin declares the plugin-API versions it works with as a semver range, and nearly every one
// declares a caret on a plain release (`^1.0.0`: definePlugin's documentation, the built-ins).
// semver reads a range with some twenty regular expressions, which V8 compiles at their first
// use in each process (a code cache keeps none). For that one form the answer is read here; any
// other goes to semver.

/** A release without pre-release or build parts; at most 15 digits a part, so that semver accepts it too. */
const PLAIN_RELEASE = /^(0|[1-9]\d{0,14})\.(0|[1-9]\d{0,14})\.(0|[1-9]\d{0,14})$/;

/**
 * Whether the plain release `version` is in `range`, where the range is `^MAJOR.MINOR.PATCH` on a
 * plain release with a major of 1 or more: the versions from it up to the next major, as semver
 * reads it. Undefined for any other range (a major of 0, a pre-release, spaces, `>=`, `||`, …)
 * and for a version that is not a plain release: those are semver's to answer.
 */
export function plainCaretIncludes(version: string, range: string): boolean | undefined {
  const wanted = range.startsWith('^') ? PLAIN_RELEASE.exec(range.slice(1)) : null;
  const actual = PLAIN_RELEASE.exec(version);
  if (!wanted || !actual) return undefined;
  const [major, minor, patch] = wanted.slice(1).map(Number);
  const [ownMajor, ownMinor, ownPatch] = actual.slice(1).map(Number);
  if (major === 0) return undefined;
  if (ownMajor !== major) return false;
  return ownMinor > minor || (ownMinor === minor && ownPatch >= patch);
}
