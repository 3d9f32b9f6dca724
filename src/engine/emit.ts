import { Document, isMap, isScalar, Scalar, visit, type Pair } from 'yaml';
import type { K8sObject } from '../plugin-api/index.js';

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

/**
 * The reference's map-key order (go-yaml's): runs of digits compare as numbers, and a letter
 * sorts after any other character.
 */
export function compareKeys(a: string, b: string): number {
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

function isLetter(ch: string): boolean {
  return /\p{L}/u.test(ch);
}

function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}

/** Drops what a server would fill in and empty annotation maps, as the reference's cleanup does. */
function clean(object: K8sObject): K8sObject {
  const copy = structuredClone(object);
  const meta = copy.metadata as Record<string, unknown>;
  for (const key of ['managedFields', 'resourceVersion', 'uid', 'generation', 'selfLink']) delete meta[key];
  if (meta.creationTimestamp === null) delete meta.creationTimestamp;
  const annotations = meta.annotations as Record<string, string> | undefined;
  if (annotations) {
    delete annotations['kubectl.kubernetes.io/last-applied-configuration'];
    if (Object.keys(annotations).length === 0) delete meta.annotations;
  }
  if (meta.labels && Object.keys(meta.labels as object).length === 0) delete meta.labels;
  return copy;
}

/** One object as a YAML document: keys sorted, sequences at their key's indent, 1.1-safe quoting. */
export function encodeObject(object: K8sObject): string {
  const document = new Document(clean(object), { keepUndefined: false, aliasDuplicateObjects: false });
  visit(document, {
    Map(_, map) {
      if (isMap(map)) map.items.sort((x: Pair, y: Pair) => compareKeys(keyText(x), keyText(y)));
    },
    Scalar(_, node) {
      if (typeof node.value !== 'string' || node.value.includes('\n')) return;
      if (needsTypeQuoting(node.value)) node.type = Scalar.QUOTE_DOUBLE;
      // go-yaml single-quotes a string that cannot be plain even when it holds a single quote
      // (doubling it); the yaml package would switch to double quotes there.
      else if (node.value.includes("'") && !node.value.includes('"') && !isPlainSafe(node.value)) node.type = Scalar.QUOTE_SINGLE;
    },
  });
  return document.toString({ indentSeq: false, singleQuote: true, lineWidth: 0, blockQuote: 'literal' });
}

/** Whether the yaml package writes the string plain. */
function isPlainSafe(value: string): boolean {
  const written = new Document(value).toString({ lineWidth: 0 });
  return !written.startsWith('"') && !written.startsWith("'");
}

function keyText(pair: Pair): string {
  return isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}

/** A YAML stream: `---` only between documents, each ending with a newline. */
export function encodeStream(objects: readonly K8sObject[]): string {
  return objects.map(encodeObject).join('---\n');
}
