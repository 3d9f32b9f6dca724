import { isScalar, type ScalarTag } from 'yaml';
import { CORE_SCALAR_TAGS, outside, skipSpaces, SPACE } from './block-yaml-scalars.js';

/**
 * The tags the block reader (`block-yaml.ts`) reads before a scalar: the core schema's scalar tags
 * by their shorthand (`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`), each resolving its
 * scalar's text as the library's composer does when the tag is given. Any other tag (a local one,
 * a verbatim one, a YAML 1.1 tag such as `!!binary`), a tag before a collection, and a core tag
 * whose scalar the library would leave a string with a warning, are the library's to read.
 */

/** A tag the block reader reads: how it resolves the text of the scalar it is given to. */
export interface ScalarTagReading {
  /** The scalar's value, from its text (a quoted scalar's after its escapes, a plain one's after folding). */
  resolve(text: string): unknown;
  /** Whether only a scalar's text is tagged here: the string tag takes a block scalar too. */
  readonly stringTag: boolean;
}

/** The core schema's scalar tags of one name, in the library's order. */
function tagsNamed(name: string): ScalarTag[] {
  return CORE_SCALAR_TAGS.filter((tag) => tag.tag === `tag:yaml.org,2002:${name}`);
}

const STRING: ScalarTagReading = { resolve: (text) => text, stringTag: true };

/**
 * A core tag other than the string's: the first of its tags whose test the text passes (they come
 * in the library's order, as `1.50` would pick the float that keeps its digits), and a text none
 * passes is left to the library.
 */
function testedTag(tags: ScalarTag[]): ScalarTagReading {
  return {
    resolve(text) {
      const tag = tags.find((candidate) => candidate.test?.test(text));
      if (!tag) outside();
      const resolved = tag.resolve(text, outside, {});
      return isScalar(resolved) ? resolved.value : resolved;
    },
    stringTag: false,
  };
}

const READ_TAGS: ReadonlyMap<string, ScalarTagReading> = new Map([
  ['!!str', STRING],
  ...['int', 'float', 'bool', 'null'].map((name) => [`!!${name}`, testedTag(tagsNamed(name))] as const),
]);

/** The tag at `column` and the column after it and the spaces after it; a tag this reader does not read, or one without a space after it, is the library's. */
export function tagAt(text: string, column: number): { tag: ScalarTagReading; end: number } {
  let end = column;
  while (end < text.length && text.charCodeAt(end) !== SPACE) end++;
  const tag = READ_TAGS.get(text.slice(column, end));
  if (tag === undefined || end === text.length) outside();
  return { tag, end: skipSpaces(text, end) };
}
