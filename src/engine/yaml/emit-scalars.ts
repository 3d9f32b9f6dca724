import { Document, Scalar } from 'yaml';
import { stringifyNumber, stringifyString, type StringifyContext } from 'yaml/util';

/** How kurel writes YAML: sequences at their key's indent, single quotes preferred, no folding, literal blocks. */
export const WRITE_OPTIONS = { indentSeq: false, singleQuote: true, lineWidth: 0, blockQuote: 'literal' } as const;

// Tags a YAML 1.1 reader (Kubernetes tooling) resolves plain scalars to, besides strings.
const YAML11_TAGS = new Document(null, { version: '1.1' }).schema.tags.filter(
  (tag) => tag.default === true && tag.tag !== 'tag:yaml.org,2002:str' && tag.test instanceof RegExp,
);
const YAML11_WORDS = new Set(['y', 'n', 'yes', 'no', 'on', 'off', 'true', 'false', 'null', '~', '']);

/** Whether a string written plain would be read back as something else by a YAML 1.1 reader. */
export function needsTypeQuoting(value: string): boolean {
  if (YAML11_WORDS.has(value.toLowerCase())) return true;
  if (/^[-+]?(\.inf|\.nan)$/i.test(value) || /^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$/.test(value)) return true;
  return YAML11_TAGS.some((tag) => (tag.test as RegExp).test(value));
}

/** Whether the yaml package writes the string plain. */
export function isPlainSafe(value: string): boolean {
  const written = new Document(value).toString({ lineWidth: 0 });
  return !written.startsWith('"') && !written.startsWith("'");
}

/** The style kurel asks of a string scalar: as go-yaml quotes it, or the library's choice (undefined). */
function styleOf(value: string): Scalar.Type | undefined {
  if (value.includes('\n')) return undefined;
  if (needsTypeQuoting(value)) return Scalar.QUOTE_DOUBLE;
  // go-yaml single-quotes a string that cannot be plain even when it holds a single quote
  // (doubling it); the yaml package would switch to double quotes there.
  if (value.includes("'") && !value.includes('"') && !isPlainSafe(value)) return Scalar.QUOTE_SINGLE;
  return undefined;
}

// The context the library's own document writer hands a string scalar under WRITE_OPTIONS: its
// option defaults with ours over them, and a YAML 1.2 core document for the plain-scalar test.
const SCHEMA_DOCUMENT = new Document(null);
const CONTEXT_OPTIONS = {
  blockQuote: WRITE_OPTIONS.blockQuote,
  commentString: (comment: string) => `#${comment}`,
  defaultKeyType: null,
  defaultStringType: Scalar.PLAIN,
  directives: null,
  doubleQuotedAsJSON: false,
  doubleQuotedMinMultiLineLength: 40,
  falseStr: 'false',
  flowCollectionPadding: true,
  indentSeq: WRITE_OPTIONS.indentSeq,
  lineWidth: WRITE_OPTIONS.lineWidth,
  minContentWidth: 20,
  nullStr: 'null',
  simpleKeys: false,
  singleQuote: WRITE_OPTIONS.singleQuote,
  trailingComma: false,
  trueStr: 'true',
  verifyAliasOrder: true,
} as unknown as StringifyContext['options'];

function contextAt(indent: string, implicitKey: boolean): StringifyContext {
  return { anchors: new Set(), doc: SCHEMA_DOCUMENT, indent, indentStep: '  ', inFlow: null, flowCollectionPadding: ' ', options: CONTEXT_OPTIONS, implicitKey, actualString: true };
}

// A one-line string is written the same at every indent (nothing folds at lineWidth 0), except one
// that starts like a document marker, which the library quotes as a key at the first level only.
const DOCUMENT_MARKER = /^(%|---|\.\.\.)/m;
const CACHE_LIMIT = 100_000;
const writtenKeys = new Map<string, string>();
const writtenValues = new Map<string, string>();

// A letter, then letters, digits and `._/-:`, not ending in `:`: no indicator, no blank, no
// document marker, nothing the library would quote or fold. Of such strings only the YAML 1.1
// words (yes, No, on, null, …) read back as another type: numbers, dates and `.inf` start
// otherwise. Most names, labels, kinds, images and hosts are such words.
const PLAIN_WORD = /^[A-Za-z][A-Za-z0-9._/:-]*$/;

// A longer word is none of them, and needs no lower-case copy to tell.
const LONGEST_YAML11_WORD = Math.max(...[...YAML11_WORDS].map((word) => word.length));

function isPlainWord(value: string): boolean {
  return PLAIN_WORD.test(value) && !value.endsWith(':') && (value.length > LONGEST_YAML11_WORD || !YAML11_WORDS.has(value.toLowerCase()));
}

/**
 * A string scalar as the library's document writer writes it at `indent` (the indent of the
 * node's own content) in kurel's style, as a map key or as a value. Remembers each one-line
 * string: the same keys and values recur in every object of a build.
 */
export function writeString(value: string, indent: string, implicitKey: boolean): string {
  if (isPlainWord(value)) return value;
  const cacheable = !value.includes('\n') && !DOCUMENT_MARKER.test(value);
  const cache = implicitKey ? writtenKeys : writtenValues;
  if (cacheable) {
    const known = cache.get(value);
    if (known !== undefined) return known;
  }
  const written = stringifyString({ value, type: styleOf(value) }, contextAt(indent, implicitKey));
  if (cacheable) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(value, written);
  }
  return written;
}

/** A number or bigint scalar as the library writes it. */
export function writeNumber(value: number | bigint): string {
  return stringifyNumber({ value } as Scalar);
}
