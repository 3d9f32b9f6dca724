import { describe, expect, it } from 'vitest';
import { KurelError } from '../../../src/plugin-api/diagnostics.js';
import { RegistryBuilder } from '../../../src/host/plugins/registry-builder.js';
import type { ComponentHandler, ComponentLoweringRule, KurelPlugin, TraitHandler } from '../../../src/plugin-api/index.js';

function plugin(name: string, parts: Omit<KurelPlugin, 'meta'>): KurelPlugin {
  return { meta: { name, version: '1.0.0', kurelApi: '^1.0.0' }, ...parts };
}

const component = (type: string): ComponentHandler => ({ type, description: type, properties: {}, render: () => ({ objects: [] }) });
const trait = (type: string): TraitHandler => ({ type, description: type, properties: {}, apply: () => undefined });
const rule = (type: string, targets: ComponentLoweringRule['targets'] = {}, version?: string): ComponentLoweringRule => ({
  position: 'component',
  type,
  description: type,
  properties: {},
  targets,
  contract: version ? { version } : undefined,
  lower: () => ({}),
});

function refusal(fn: () => unknown): KurelError {
  try {
    fn();
  } catch (error) {
    if (error instanceof KurelError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('RegistryBuilder.register', () => {
  it('refuses a type registered twice at one position, naming both plugins', () => {
    const builder = new RegistryBuilder();
    builder.register(plugin('kurel-builtin-components', { components: [component('deployment')] }));
    const error = refusal(() => builder.register(plugin('@acme/kurel-plugin', { components: [component('deployment')] })));
    expect(error.code).toBe('KUREL_DUPLICATE_TYPE');
    expect(error.diagnostics[0].message).toBe('component type "deployment" is registered twice: by plugin "kurel-builtin-components" and by plugin "@acme/kurel-plugin"');
  });

  it('refuses a handler and a lowering rule claiming one type at one position', () => {
    const builder = new RegistryBuilder();
    builder.register(plugin('handlers', { components: [component('webservice')] }));
    const error = refusal(() => builder.register(plugin('rules', { lowering: [rule('webservice')] })));
    expect(error.diagnostics[0].message).toContain('"webservice" is registered twice: by plugin "handlers" and by plugin "rules"');
  });

  it('refuses a duplicate inside one plugin', () => {
    expect(refusal(() => new RegistryBuilder().register(plugin('one', { traits: [trait('scaler'), trait('scaler')] }))).diagnostics[0].message).toBe(
      'trait type "scaler" is registered twice: by plugin "one" and by plugin "one"',
    );
  });

  it('lets one name be a component type and a trait type', () => {
    const builder = new RegistryBuilder();
    builder.register(plugin('a', { components: [component('configmap')], traits: [trait('configmap')] }));
    const registry = builder.seal();
    expect(registry.component('configmap')?.plugin).toBe('a');
    expect(registry.trait('configmap')?.plugin).toBe('a');
  });

  it('refuses a handler without a type name', () => {
    expect(refusal(() => new RegistryBuilder().register(plugin('a', { components: [component('')] }))).code).toBe('KUREL_PLUGIN_CONTRACT');
  });
});

describe('RegistryBuilder.seal', () => {
  it('refuses a declared lowering target that is not registered, with the reference text', () => {
    const builder = new RegistryBuilder();
    builder.register(plugin('components', { components: [component('deployment')], lowering: [rule('webservice', { componentTypes: ['deployment', 'service'] }, 'v1alpha1')] }));
    const error = refusal(() => builder.seal());
    expect(error.code).toBe('KUREL_REGISTRY_INCOMPLETE');
    expect(error.diagnostics.map((d) => d.message)).toEqual([
      'registry incomplete: lowering rule component/webservice@v1alpha1 lowers into component type "service", which is not registered',
    ]);
  });

  it('reports every missing target, of every position', () => {
    const builder = new RegistryBuilder();
    builder.register(plugin('rules', { lowering: [rule('worker', { componentTypes: ['deployment'], traitTypes: ['pvc'], policyTypes: ['dependency'] })] }));
    expect(refusal(() => builder.seal()).diagnostics.map((d) => d.message)).toEqual([
      'registry incomplete: lowering rule component/worker lowers into component type "deployment", which is not registered',
      'registry incomplete: lowering rule component/worker lowers into policy type "dependency", which is not registered',
      'registry incomplete: lowering rule component/worker lowers into trait type "pvc", which is not registered',
    ]);
  });

  it('accepts a target registered by another plugin, or as another rule', () => {
    const builder = new RegistryBuilder();
    builder.register(plugin('rules', { lowering: [rule('webservice', { componentTypes: ['deployment', 'role'] }), rule('role', { componentTypes: ['deployment'] })] }));
    builder.register(plugin('kinds', { components: [component('deployment')] }));
    expect(() => builder.seal()).not.toThrow();
  });

  it('returns a frozen registry that answers the sorted types of each position, rules included', () => {
    const builder = new RegistryBuilder();
    builder.register(plugin('components', { components: [component('service'), component('deployment')], lowering: [rule('webservice', { componentTypes: ['deployment'] })] }));
    builder.register(plugin('org', { traits: [trait('redis-sidecar')] }));
    const registry = builder.seal();
    expect(registry.sealed).toBe(true);
    expect(Object.isFrozen(registry)).toBe(true);
    expect(() => {
      (registry as unknown as Record<string, unknown>).component = () => undefined;
    }).toThrow(TypeError);
    expect(registry.componentTypes()).toEqual(['deployment', 'service', 'webservice']);
    expect(registry.traitTypes()).toEqual(['redis-sidecar']);
    expect(registry.componentRule('webservice')?.plugin).toBe('components');
    expect(registry.component('webservice')).toBeUndefined();
    expect(registry.trait('redis-sidecar')?.plugin).toBe('org');
    expect(Object.keys(registry.component('service')!).sort()).toEqual(['plugin', 'value']);
  });

  it('hands out copies of its type lists', () => {
    const builder = new RegistryBuilder();
    builder.register(plugin('components', { components: [component('deployment')] }));
    const registry = builder.seal();
    registry.componentTypes().push('injected');
    expect(registry.componentTypes()).toEqual(['deployment']);
  });

  it('is not changed by a later registration on the builder (refusing that registration is fine too)', () => {
    const builder = new RegistryBuilder();
    builder.register(plugin('a', { components: [component('deployment')] }));
    const registry = builder.seal();
    try {
      builder.register(plugin('b', { components: [component('late')] }));
    } catch {
      // A builder may refuse to register after seal(); the sealed registry must not change either way.
    }
    expect(registry.componentTypes()).toEqual(['deployment']);
    expect(registry.component('late')).toBeUndefined();
  });
});
