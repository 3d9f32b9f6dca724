import { isScalar, Schema, type ScalarTag } from 'yaml';
import { CORE_SCALAR_TAGS, outside, skipSpaces, SPACE } from './block-yaml-scalars.js';

/**
 * The tags the block reader (`block-yaml.ts`) reads before a scalar, each resolving its scalar's
 * text as the library's composer does when the tag is given:
 * - the core schema's scalar tags by their shorthand (`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`);
 * - the YAML 1.1 scalar tags the library knows beside the core schema (`!!binary`, `!!timestamp`);
 * - a local tag (`!secret`), which the library leaves unresolved, with a warning, and reads as a string.
 * A verbatim tag, a tag with a handle of its own or an escape in it, a tag before a collection,
 * and a scalar the library would refuse or leave a string under its tag, are the library's to read.
 */

/** A tag the block reader reads: how it resolves the text of the scalar it is given to. */
export interface ScalarTagReading {
  /** The scalar's value, from its text (a quoted scalar's after its escapes, a plain one's after folding). */
  resolve(text: string): unknown;
  /** Whether a block scalar (`|`, `>`) may follow the tag: its text is then what the tag resolves. */
  readonly takesBlockScalar: boolean;
}

/** The core schema's scalar tags of one name, in the library's order. */
function tagsNamed(name: string): ScalarTag[] {
  return CORE_SCALAR_TAGS.filter((tag) => tag.tag === `tag:yaml.org,2002:${name}`);
}

const STRING: ScalarTagReading = { resolve: (text) => text, takesBlockScalar: true };

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
    takesBlockScalar: false,
  };
}

/** The YAML 1.1 scalar tags the library resolves when a scalar is given one, though no untagged scalar takes them. */
const KNOWN_TAGS = new Schema({ resolveKnownTags: true }).knownTags;

/**
 * A known tag: a text its test refuses (a timestamp that is not one) is the library's to refuse.
 * Base64 is often written as a block scalar; the library hands a block scalar's text to the tag as
 * it hands a plain one's.
 */
function knownTag(name: 'binary' | 'timestamp'): ScalarTagReading {
  const tag = KNOWN_TAGS[`tag:yaml.org,2002:${name}`] as ScalarTag;
  return {
    resolve(text) {
      if (tag.test && !tag.test.test(text)) outside();
      const resolved = tag.resolve(text, outside, {});
      return isScalar(resolved) ? resolved.value : resolved;
    },
    takesBlockScalar: name === 'binary',
  };
}

/**
 * A local tag whose name the library takes as written: letters, digits and `-`, `_`, `.` (an escape
 * such as `%21` it would decode first, and a second `!` would make the first part a handle).
 */
const LOCAL_TAG = /^![A-Za-z0-9._-]+$/;

const READ_TAGS: ReadonlyMap<string, ScalarTagReading> = new Map([
  ['!!str', STRING],
  ...['int', 'float', 'bool', 'null'].map((name) => [`!!${name}`, testedTag(tagsNamed(name))] as const),
  ['!!binary', knownTag('binary')],
  ['!!timestamp', knownTag('timestamp')],
]);

/** The tag at `column` and the column after it and the spaces after it; a tag this reader does not read, or one without a space after it, is the library's. */
export function tagAt(text: string, column: number): { tag: ScalarTagReading; end: number } {
  let end = column;
  while (end < text.length && text.charCodeAt(end) !== SPACE) end++;
  const name = text.slice(column, end);
  const tag = READ_TAGS.get(name) ?? (LOCAL_TAG.test(name) ? STRING : undefined);
  if (tag === undefined || end === text.length) outside();
  return { tag, end: skipSpaces(text, end) };
}
