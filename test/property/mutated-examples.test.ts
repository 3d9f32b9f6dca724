import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { isMap, isSeq, parseDocument, type Document, type Node } from 'yaml';
import { build, isKurelError, type BuildInput, type SealedRegistry } from '../../src/engine/index.js';
import { startPluginHost, transformSettings } from '../../src/host/index.js';
import { catalogueCodes } from '../../src/plugin-api/error-catalogue.js';
import { repo } from '../e2e/support.js';

// The project's own examples, mutated the ways authors and attackers get YAML wrong. Every run must
// end in output or a positioned refusal of a catalogued code, never an exception of the engine or a
// stack trace, and the same input must give the same bytes twice. A fixed seed and bounded runs
// keep it repeatable and quick; `FAST_CHECK_SEED` and `FAST_CHECK_RUNS` widen a search by hand.

const SEED = Number(process.env.FAST_CHECK_SEED ?? 20261201);
const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 60);
const read = (file: string) => readFileSync(join(repo, file), 'utf8');
/** Each example's app.yaml, and the package files that come with it. */
const EXAMPLES: Array<{ text: string; extra: Partial<BuildInput> }> = [
  { text: read('examples/webservice/app.yaml'), extra: {} },
  {
    text: read('examples/package/app.yaml'),
    extra: { package: { file: 'kurel.yaml', text: read('examples/package/kurel.yaml') }, values: [{ file: 'values.yaml', text: read('examples/package/values.yaml') }] },
  },
];
const CODES = new Set<string>(catalogueCodes());
const FOREIGN = /interface \{\}|float64|\bint64\b|TypeError|RangeError|ReferenceError|call stack|undefined is not|Cannot read propert|\n\s+at /;

let registry: SealedRegistry;
let settings: BuildInput['settings'];

beforeAll(async () => {
  const host = await startPluginHost({ searchFrom: join(repo, 'examples/webservice') });
  registry = host.registry;
  settings = transformSettings(host.config.config, { clusterId: 'local' });
});

type Outcome = { yaml: string } | { refused: string[] };

/** Builds a text as app.yaml the way `kurel build` does, in process: output, or the refusal's lines. */
function run({ text, extra }: { text: string; extra: Partial<BuildInput> }): Outcome {
  try {
    return { yaml: build({ application: { file: 'app.yaml', text }, settings, sets: [], capabilityDefinitions: [], ...extra }, registry).yaml };
  } catch (error) {
    if (!isKurelError(error)) throw new Error(`not a refusal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    for (const diagnostic of error.diagnostics) {
      expect(CODES.has(diagnostic.code), `uncatalogued code ${diagnostic.code}`).toBe(true);
      expect(diagnostic.message).not.toMatch(FOREIGN);
    }
    expect(error.diagnostics[0].file, `unpositioned refusal: ${error.message}`).toBeDefined();
    return { refused: error.diagnostics.map((diagnostic) => `${diagnostic.code} ${diagnostic.line ?? '-'}:${diagnostic.column ?? '-'} ${diagnostic.message}`) };
  }
}

/** Every map and list node of a document, in document order. */
function collections(document: Document): Node[] {
  const found: Node[] = [];
  const visit = (node: unknown) => {
    if (isMap(node)) {
      found.push(node);
      for (const pair of node.items) visit(pair.value);
    } else if (isSeq(node)) {
      found.push(node);
      for (const item of node.items) visit(item);
    }
  };
  visit(document.contents);
  return found;
}

const scalar = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null));
const anyValue = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), scalar, { maxKeys: 3 }));
const deep = fc.integer({ min: 1, max: 160 }).map((depth) => {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? { nested: value } : [value];
  return value;
});
const badName = fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('UPPER', '-dash', 'a'.repeat(300), 'dots.in.name', 'ünïcode', ''));

/** One mutation: what it does to a parsed example, by the index of the node it picks. */
type Mutation = (document: Document, pick: number) => void;

const setAt = (value: () => unknown): Mutation => (document, pick) => {
  const targets = collections(document);
  const target = targets[pick % targets.length] as { items: Array<{ value?: unknown } | unknown> };
  if (target.items.length === 0) return;
  const index = pick % target.items.length;
  const node = document.createNode(value());
  if (isMap(target)) target.items[index] = { ...(target.items[index] as object), value: node } as never;
  else target.items[index] = node;
};

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  anyValue.map((value) => setAt(() => value)),
  deep.map((value) => setAt(() => value)),
  fc.integer({ min: 10_000, max: 300_000 }).map((length) => setAt(() => 'x'.repeat(length))),
  badName.map((name): Mutation => (document, pick) => document.setIn(pick % 2 === 0 ? ['metadata', 'name'] : ['spec', 'components', 0, 'name'], name)),
  fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), anyValue).map(([key, value]): Mutation => (document, pick) => {
    const maps = collections(document).filter((node) => isMap(node));
    (maps[pick % maps.length] as { set(key: unknown, value: unknown): void }).set(key, value);
  }),
  fc.constant<Mutation>((document, pick) => {
    // An alias to an earlier collection, placed over a later value.
    const targets = collections(document);
    const source = targets[pick % targets.length];
    source.anchor ??= `a${pick}`;
    setAt(() => document.createAlias(source as never))(document, pick + 1);
  }),
);

const mutatedExample = fc.tuple(fc.constantFrom(...EXAMPLES), fc.array(fc.tuple(mutation, fc.nat()), { minLength: 1, maxLength: 3 })).map(([example, mutations]) => {
  const document = parseDocument(example.text);
  for (const [mutate, pick] of mutations) {
    try {
      mutate(document, pick);
    } catch {
      // A mutation that does not fit this document's shape (a path through a list, say) is skipped.
    }
  }
  try {
    return { ...example, text: document.toString({ lineWidth: 0 }) };
  } catch {
    return example; // an alias placed inside its own anchor cannot be written back: the unmutated example
  }
});

const truncated = fc.tuple(fc.constantFrom(...EXAMPLES), fc.nat()).map(([example, cut]) => ({ ...example, text: example.text.slice(0, cut % example.text.length) }));

describe('mutated examples (fast-check)', () => {
  it('every mutation ends in output or a positioned refusal of a catalogued code, and repeats byte for byte', () => {
    fc.assert(
      fc.property(mutatedExample, (text) => {
        expect(run(text)).toEqual(run(text));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('every truncation ends the same way', () => {
    fc.assert(
      fc.property(truncated, (text) => {
        expect(run(text)).toEqual(run(text));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('the unmutated examples build, and identically twice', () => {
    for (const example of EXAMPLES) {
      const first = run(example);
      expect(first).toHaveProperty('yaml');
      expect(run(example)).toEqual(first);
    }
  });
});
