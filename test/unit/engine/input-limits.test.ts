import { describe, expect, it } from 'vitest';
import { KurelError } from '../../../src/engine/diagnostics.js';
import { DEFAULT_INPUT_LIMITS, type InputLimits } from '../../../src/engine/input-limits.js';
import { parseSource } from '../../../src/engine/source.js';
import { parseApplication } from '../../../src/engine/parse-application.js';
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
