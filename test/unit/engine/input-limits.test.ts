import { describe, expect, it } from 'vitest';
import { KurelError } from '../../../src/plugin-api/diagnostics.js';
import { DEFAULT_INPUT_LIMITS, type InputLimits } from '../../../src/engine/yaml/input-limits.js';
import { parseSource } from '../../../src/engine/yaml/source.js';
import { parseWithEarlyLimits } from '../../../src/engine/yaml/early-limits.js';
import { LineCounter } from 'yaml';
import { parseApplication } from '../../../src/engine/stages/parse-application.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { registryOf } from './support.js';

// Every input file is held to limits on nesting, aliases, documents and repeated keys, each a
// positioned refusal naming the config key that raises it.

const limits = (overrides: Partial<InputLimits>): InputLimits => ({ ...DEFAULT_INPUT_LIMITS, ...overrides });

function refusal(text: string, overrides: Partial<InputLimits> = {}): KurelError {
  try {
    parseSource({ file: 'app.yaml', text, limits: limits(overrides) });
  } catch (error) {
    if (error instanceof KurelError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** A billion-laughs document: each level a list of ten aliases of the one before. */
function aliasBomb(levels: number): string {
  let text = 'a0: &a0 [lol]\n';
  for (let level = 1; level <= levels; level++) text += `a${level}: &a${level} [${Array.from({ length: 10 }, () => `*a${level - 1}`).join(', ')}]\n`;
  return text;
}

describe('nesting depth', () => {
  it('refuses a 5,000-deep flow mapping as a limit at its line and column, never a stack overflow', () => {
    const text = `key: ${'{a: '.repeat(5000)}1${'}'.repeat(5000)}\n`;
    const error = refusal(text);
    expect(error.code).toBe('KUREL_INPUT_LIMIT');
    expect(error.diagnostics[0]).toMatchObject({ file: 'app.yaml', line: 1, column: 6 + 4 * 99 });
    expect(error.message).toBe('app.yaml:1:402: a map or list nested 101 levels deep: over the limit of 100 levels of nesting; raise limits.nestingDepth in the kurel config to allow it');
    expect(error.message).not.toMatch(/call stack/i);
  });

  it('refuses a flow list opened past the limit while parsing, before the parser holds the rest of the file', () => {
    // Never closed, and followed by more than a parser should hold: the refusal comes from the parse itself.
    // The map holding `key` is the first level, its list the second.
    const text = `key: ${'['.repeat(100)}${'[1, '.repeat(20_000)}\n`;
    const parse = () => [...parseWithEarlyLimits(text, new LineCounter(), limits({}), 'app.yaml')];
    expect(parse).toThrow('a map or list nested 101 levels deep: over the limit of 100 levels of nesting');
    const error = refusal(text);
    expect(error.diagnostics[0]).toMatchObject({ line: 1, column: 6 + 99 });
    // At the limit, the parse goes on to the end.
    const atLimit = `key: ${'['.repeat(99)}${']'.repeat(99)}\n`;
    expect([...parseWithEarlyLimits(atLimit, new LineCounter(), limits({}), 'app.yaml')]).toHaveLength(1);
  });

  it('refuses a deep block mapping the same way, and reads one at the limit', () => {
    const nested = (depth: number) => Array.from({ length: depth }, (_, level) => `${'  '.repeat(level)}k:`).join('\n') + ' 1\n';
    expect(refusal(nested(11), { nestingDepth: 10 }).diagnostics[0]).toMatchObject({ code: 'KUREL_INPUT_LIMIT', line: 11, column: 21 });
    expect(parseSource({ file: 'app.yaml', text: nested(10), limits: limits({ nestingDepth: 10 }) })).toHaveLength(1);
  });
});

describe('alias expansion', () => {
  it('refuses a 9-level billion laughs at the alias that takes it past the limit, before expanding it', () => {
    const error = refusal(aliasBomb(9));
    expect(error.code).toBe('KUREL_INPUT_LIMIT');
    expect(error.message).toMatch(/^app\.yaml:\d+:\d+: alias \*a\d expands the document past its limit: over the limit of 100000 nodes added by aliases; raise limits\.aliasNodes/);
  });

  it('reads aliases within the limit, expanded', () => {
    const [document] = parseSource({ file: 'app.yaml', text: aliasBomb(3), limits: limits({ aliasNodes: 10_000 }) });
    expect((document.toJS() as { a3: unknown[][][] }).a3.flat(3)).toHaveLength(1000);
    expect(refusal(aliasBomb(3), { aliasNodes: 1_000 }).code).toBe('KUREL_INPUT_LIMIT');
  });

  it('refuses an alias that stands for a node holding it', () => {
    expect(refusal('a: &a [1, *a]\n').message).toBe('app.yaml:1:11: YAML syntax error: alias *a stands for a node that holds it');
  });
});

describe('documents per file', () => {
  it('refuses the document past the limit at its start', () => {
    const text = Array.from({ length: 4 }, (_, index) => `a: ${index}\n`).join('---\n');
    expect(refusal(text, { documents: 3 }).message).toBe('app.yaml:6:1: document 4: over the limit of 3 documents per file; raise limits.documents in the kurel config to allow it');
    expect(parseSource({ file: 'app.yaml', text, limits: limits({ documents: 4 }) })).toHaveLength(4);
  });
});

describe('repeated keys', () => {
  it('refuses a key repeated in one map at the repeat, in time linear in the number of keys', () => {
    const keys = Array.from({ length: 50_000 }, (_, index) => `k${index}: v\n`).join('');
    expect(parseSource({ file: 'app.yaml', text: `data:\n${keys.replace(/^/gm, '  ')}` })).toHaveLength(1);
    expect(refusal('a: 1\nb: 2\na: 3\n').message).toBe('app.yaml:3:1: YAML syntax error: Map keys must be unique');
  });
});

describe('long lists', () => {
  it('reads a list of 300,000 items, each key still checked', () => {
    const text = `list:\n${'- a\n'.repeat(300_000)}`;
    expect((parseSource({ file: 'app.yaml', text })[0].toJS() as { list: string[] }).list).toHaveLength(300_000);
    expect(refusal(`${text}- {k: 1, k: 2}\n`).diagnostics[0]).toMatchObject({ line: 300_002, message: expect.stringContaining('Map keys must be unique') });
  });
});

describe('components per Application, counted while the file is parsed', () => {
  const application = (components: string, kind = 'kind: Application\n') => `apiVersion: launcher.gokure.dev/v1alpha1\n${kind}metadata: {name: shop}\nspec:\n  components:\n${components}`;
  const repeat = (count: number, item: (index: number) => string) => Array.from({ length: count }, (_, index) => item(index)).join('');
  // Each shape an item can be written in, with one item more than the limit after the one past it.
  const shapes: Array<[string, string]> = [
    ['one-line flow maps', repeat(7, (i) => `    - {name: c${i}, type: configmap}\n`)],
    ['block maps with nested lists', repeat(7, (i) => `    - name: c${i}\n      traits:\n        - type: expose\n`)],
    ['items on the line after their dash, between comments', repeat(7, (i) => `    # item ${i}\n    -\n      name: c${i}\n`)],
    ['anchored and tagged items', repeat(7, (i) => `    - &c${i} !!map {name: c${i}}\n`)],
    ['empty items', repeat(7, () => '    -   \n')],
    ['one flow list', `    [${repeat(7, (i) => `{name: c${i}}, `)}]\n`],
    ['one flow list over lines, with a pair item', `    [\n${repeat(7, (i) => `      name${i}: c${i},\n`)}    ]\n`],
  ];

  for (const [shape, components] of shapes) {
    it(`refuses ${shape} at the item past the limit, where the composed document places it`, () => {
      const text = application(components);
      const [whole] = parseSource({ file: 'app.yaml', text });
      const error = refusal(text, { components: 5 });
      expect(error.code).toBe('KUREL_INPUT_LIMIT');
      expect(error.diagnostics[0]).toMatchObject({ ...whole.at(['spec', 'components', 5]), path: 'spec.components[5]' });
      const { line, column } = whole.at(['spec', 'components', 5]);
      expect(error.message).toBe(`app.yaml:${line}:${column} spec.components[5]: component 6: over the limit of 5 components per Application; raise limits.components in the kurel config to allow it`);
    });
  }

  it('refuses the huge file long before its end: 300,000 components, the limit 20,000', () => {
    const text = application(repeat(300_000, (i) => `    - {name: c${i}, type: configmap, properties: {data: {a: "1"}}}\n`));
    expect(refusal(text, { fileBytes: 32 * 1024 * 1024 }).message).toBe(
      'app.yaml:20006:7 spec.components[20000]: component 20001: over the limit of 20000 components per Application; raise limits.components in the kurel config to allow it',
    );
  });

  it('reads a list at the limit, and leaves a list under another kind or another key alone', () => {
    const items = repeat(6, (i) => `    - {name: c${i}}\n`);
    expect(parseSource({ file: 'app.yaml', text: application(items), limits: limits({ components: 6 }) })).toHaveLength(1);
    expect(parseSource({ file: 'app.yaml', text: application(items, 'kind: Other\n'), limits: limits({ components: 2 }) })).toHaveLength(1);
    expect(parseSource({ file: 'app.yaml', text: application(items).replace('components:', 'policies:'), limits: limits({ components: 2 }) })).toHaveLength(1);
    // A kind written after the list is not known while it is parsed: the list is counted.
    expect(refusal(`${application(items, '')}kind: Application\n`, { components: 2 }).code).toBe('KUREL_INPUT_LIMIT');
  });
});

describe('the default limits', () => {
  it('admit an Application of 16,000 web services, each with a trait, and count its components', () => {
    const service = (i: number) =>
      `  - name: web-${i}\n    type: webservice\n    properties:\n      image: ghcr.io/example/web:v1.0.${i}\n      port: 8080\n      serviceAccountName: default\n    traits:\n    - type: expose\n      properties:\n        hostnames:\n        - web-${i}.example.com\n`;
    const text = `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: big}\nspec:\n  components:\n${Array.from({ length: 16_000 }, (_, i) => service(i + 1)).join('')}`;
    expect(Buffer.byteLength(text)).toBeLessThan(DEFAULT_INPUT_LIMITS.fileBytes);
    const [document] = parseSource({ file: 'app.yaml', text });
    const app = parseApplication(document, { registry: registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]), extraTraitTypes: [] });
    expect(app.components).toHaveLength(16_000);
  });
});
