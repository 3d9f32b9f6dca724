import { describe, expect, it } from 'vitest';
import { loadCapabilityDefinitions } from '../../../src/engine/documents/capability-definitions.js';
import { evaluateProfile } from '../../../src/engine/stages/evaluate-profile.js';
import { parseApplication } from '../../../src/engine/stages/parse-application.js';
import type { TraitHandler } from '../../../src/plugin-api/index.js';
import { configMapHandler, firstDiagnostic, plugin, recordingTrait, registryOf, scopeOf, source } from './support.js';

// A built-in trait that takes a rendering (like pvc), one that takes none (like configmap), and
// a trait an organisation's plugin registers (custom: not built in).
const storage: TraitHandler = {
  ...recordingTrait('storage', []),
  capability: {},
  properties: { storageClassName: { type: 'string', description: 'Class.' }, size: { type: 'string', description: 'Size.' } },
};
const registry = registryOf(
  [plugin('platform', { components: [configMapHandler('box')], traits: [storage, recordingTrait('plain', [])] }), plugin('org', { traits: [{ ...recordingTrait('audit', []), capability: { definition: true }, properties: { level: { type: 'string', description: 'Level.' } } }, { ...recordingTrait('stamp', []), capability: { definition: true }, properties: {} }] })],
);

const DEFINITION = `apiVersion: launcher.gokure.dev/v1alpha1
kind: CapabilityDefinition
metadata:
  name: redis-sidecar
spec:
  rendering:
    properties:
      image: {type: string, required: true}
      maxMemory: {type: string, default: "256Mi"}
`;

function appWithTraits(...traits: string[]) {
  const list = traits.map((type) => `        - type: ${type}\n`).join('');
  const text = `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata:\n  name: shop\nspec:\n  components:\n    - name: web\n      type: box\n${traits.length ? `      traits:\n${list}` : ''}`;
  return parseApplication(source(text), { registry, extraTraitTypes: ['redis-sidecar'] });
}

function evaluate(capabilities: string, traits: string[] = [], strictCapabilities = false) {
  const scope = scopeOf(`apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata:\n  name: prod\nspec:\n  capabilities:\n${capabilities}`);
  const definitions = loadCapabilityDefinitions([{ file: 'redis.yaml', text: DEFINITION }]);
  const evaluated = evaluateProfile(scope.profile, appWithTraits(...traits), registry, { definitions, strictCapabilities });
  return { profile: evaluated.profile, warnings: evaluated.log.warnings };
}

describe('evaluateProfile: CapabilityDefinitions', () => {
  it('applies a definition to its binding: defaults filled in', () => {
    const run = evaluate('    redis-sidecar:\n      rendering: {image: "redis:7"}\n');
    expect(run.profile.bindings.get('redis-sidecar')).toEqual({ image: 'redis:7', maxMemory: '256Mi' });
  });

  it('applies a definition to a scoped binding too', () => {
    const run = evaluate('    redis-sidecar.cache:\n      rendering: {image: "redis:7", maxMemory: 1Gi}\n');
    expect(run.profile.bindings.get('redis-sidecar.cache')).toEqual({ image: 'redis:7', maxMemory: '1Gi' });
  });

  it('refuses a binding missing a required key, naming profile and capability', () => {
    const diagnostic = firstDiagnostic(() => evaluate('    redis-sidecar:\n      rendering: {maxMemory: 1Gi}\n'));
    expect(diagnostic.message).toBe('evaluating profile "prod": capability "redis-sidecar" definition schema: required rendering property "image" is missing');
    expect(diagnostic.code).toBe('KUREL_CAPABILITY');
    expect(diagnostic.file).toBe('cluster.yaml');
  });

  it('refuses an unknown rendering key at that key', () => {
    const diagnostic = firstDiagnostic(() => evaluate('    redis-sidecar:\n      rendering: {image: "r:7", port: 1}\n'));
    expect(diagnostic.message).toBe('evaluating profile "prod": capability "redis-sidecar" definition schema: unknown rendering property "port"');
    expect(diagnostic.path).toBe('spec.capabilities.redis-sidecar.rendering.port');
  });
});

describe('evaluateProfile: registered traits', () => {
  it('checks a rendering against the trait schema', () => {
    expect(evaluate('    storage:\n      rendering: {storageClassName: fast}\n').profile.bindings.get('storage')).toEqual({ storageClassName: 'fast' });
    const unknown = firstDiagnostic(() => evaluate('    storage:\n      rendering: {class: fast}\n'));
    expect(unknown.message).toBe('evaluating profile "prod": capability "storage": unsupported field "class" (allowed: size, storageClassName)');
    const wrong = firstDiagnostic(() => evaluate('    storage:\n      rendering: {storageClassName: 5}\n'));
    expect(wrong.message).toBe('evaluating profile "prod": capability "storage": expected a string, got a number');
    expect(wrong.path).toBe('spec.capabilities.storage.rendering.storageClassName');
  });

  it('does not require a top-level key in a rendering: the author may write it', () => {
    const required: TraitHandler = { ...storage, type: 'claim', properties: { size: { type: 'string', required: true, description: 'Size.' } } };
    const withRequired = registryOf([plugin('builtin', { components: [configMapHandler('box')], traits: [required] })]);
    const scope = scopeOf('apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata:\n  name: prod\nspec:\n  capabilities:\n    claim: {rendering: {}}\n');
    const app = parseApplication(source('apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop}\nspec:\n  components: [{name: web, type: box}]\n'), {
      registry: withRequired,
      extraTraitTypes: [],
    });
    expect(() => evaluateProfile(scope.profile, app, withRequired, { definitions: new Map(), strictCapabilities: false })).not.toThrow();
  });

  it('refuses a rendering key for a trait that takes none', () => {
    const diagnostic = firstDiagnostic(() => evaluate('    plain:\n      rendering: {mode: x}\n'));
    expect(diagnostic.message.startsWith('evaluating profile "prod": capability "plain": ')).toBe(true);
    expect(diagnostic.message).toContain('mode');
    expect(() => evaluate('    plain: {rendering: {}}\n')).not.toThrow();
  });

  it('ignores a binding whose key names no trait', () => {
    expect(evaluate('    expose:\n      rendering: {controllerType: ingress}\n').warnings).toEqual([]);
  });
});

describe('evaluateProfile: custom traits without a definition', () => {
  it('warns about a custom trait used with a binding but without a definition or schema of its own', () => {
    const run = evaluate('    stamp: {}\n', ['stamp']);
    expect(run.warnings.map((warning) => warning.message)).toEqual(['no CapabilityDefinition found for custom trait "stamp"']);
    expect(run.warnings.map(({ code, severity }) => ({ code, severity }))).toEqual([{ code: 'KUREL_WARNING', severity: 'warning' }]);
  });

  it('refuses it with strictCapabilities', () => {
    const diagnostic = firstDiagnostic(() => evaluate('    stamp: {}\n', ['stamp'], true));
    expect(diagnostic.message).toBe('no CapabilityDefinition found for custom trait "stamp"');
    expect(diagnostic.code).toBe('KUREL_CAPABILITY');
  });

  it('takes a plugin trait\'s own schema as its definition: no warning, strict or not', () => {
    expect(evaluate('    audit:\n      rendering: {level: high}\n', ['audit']).warnings).toEqual([]);
    expect(evaluate('    audit:\n      rendering: {level: high}\n', ['audit'], true).warnings).toEqual([]);
  });

  it('says nothing about a custom trait without a binding, or a built-in one', () => {
    expect(evaluate('    storage: {}\n', ['audit', 'storage', 'plain']).warnings).toEqual([]);
    expect(evaluate('    storage: {}\n', ['audit'], true).warnings).toEqual([]);
  });

  it('says nothing about a custom trait its definition covers', () => {
    expect(evaluate('    redis-sidecar:\n      rendering: {image: "r:7"}\n', ['redis-sidecar'], true).warnings).toEqual([]);
  });
});
