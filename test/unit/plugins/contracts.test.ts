import { describe, expect, it } from 'vitest';
import type { PropertySchema } from 'kurel/plugin-api';
import components from '../../../plugins/builtin-components/index.js';
import delivery from '../../../plugins/builtin-delivery/index.js';
import kinds from '../../../plugins/builtin-kinds/index.js';
import policies from '../../../plugins/builtin-policies/index.js';
import traits from '../../../plugins/builtin-traits/index.js';

const plugins = [components, traits, policies, delivery];
// The kinds plugin's traits and rules are handlers like the others; its kind components are data.
const elements = [...plugins, { traits: kinds.traits, lowering: kinds.lowering }].flatMap((plugin) => [
  ...('components' in plugin ? (plugin.components ?? []) : []),
  ...(plugin.traits ?? []),
  ...('policies' in plugin ? (plugin.policies ?? []) : []),
  ...(plugin.lowering ?? []),
]);

/** Paths of schema nodes that carry no description. */
function undescribed(schema: PropertySchema, path: string): string[] {
  const missing = schema.description ? [] : [path];
  for (const [key, child] of Object.entries(schema.properties ?? {})) missing.push(...undescribed(child, `${path}.${key}`));
  if (schema.items) missing.push(...undescribed(schema.items, `${path}[]`));
  if (typeof schema.additionalProperties === 'object') missing.push(...undescribed(schema.additionalProperties, `${path}.*`));
  return missing;
}

describe('built-in plugins', () => {
  it('declare their names and the plugin-API range', () => {
    expect(plugins.map((plugin) => plugin.meta)).toEqual([
      { name: 'kurel-builtin-components', version: '0.1.0', kurelApi: '^2.0.0' },
      { name: 'kurel-builtin-traits', version: '0.1.0', kurelApi: '^2.0.0' },
      { name: 'kurel-builtin-policies', version: '0.1.0', kurelApi: '^2.0.0' },
      { name: 'kurel-builtin-delivery', version: '0.1.0', kurelApi: '^2.0.0' },
    ]);
  });

  it('register the expected types', () => {
    expect(components.components!.map((h) => h.type)).toEqual(['deployment', 'statefulset', 'daemonset', 'job', 'cronjob', 'service', 'serviceaccount', 'configmap', 'secret']);
    expect(components.lowering!.map((rule) => `${rule.position}/${rule.type}`)).toEqual(['component/webservice', 'component/worker', 'component/postgresql']);
    expect(traits.traits!.map((h) => h.type)).toEqual(['scaler', 'configmap', 'secret', 'pvc', 'topology-spread', 'networkpolicy', 'certificate', 'ingress', 'rbac', 'security-context', 'volsync', 'prune-protection', 'force-replace']);
    expect(traits.lowering!.map((rule) => `${rule.position}/${rule.type}`)).toEqual(['trait/expose']);
    expect(policies.policies!.map((h) => h.type)).toEqual(['dependency', 'placement']);
    // Loaded only for a layout that delivers: each takes the place of the declaration of its type.
    expect(delivery.policies!.map((h) => h.type)).toEqual(['reconciliation', 'health-checks']);
    expect(delivery.traits!.map((h) => h.type)).toEqual(['fluxcd-patches', 'fluxcd-postbuild']);
    expect(delivery.policies!.map((h) => h.type)).toEqual(policies.declarations!.policies!.map((declaration) => declaration.type));
    expect(delivery.traits!.map((h) => h.type)).toEqual(traits.declarations!.traits!.map((declaration) => declaration.type));
    expect(kinds.traits!.map((h) => h.type)).toEqual(['cilium-networkpolicy', 'external-secret', 'httproute']);
    expect(kinds.lowering!.map((rule) => `${rule.position}/${rule.type}`)).toEqual(['component/helm', 'component/oci']);
  });

  it('give every element the contract family of its type at v1alpha1, and a required capability its own type', () => {
    const required = new Set(['certificate', 'expose']);
    for (const element of elements) {
      const expected = required.has(element.type) ? { family: element.type, version: 'v1alpha1', requiredCapabilityKeys: [element.type] } : { family: element.type, version: 'v1alpha1' };
      expect(element.contract, element.type).toEqual(expected);
    }
    // A required capability is what the engine enforces; the contract says so for discovery.
    const capabilityRequired = elements.filter((element) => 'capability' in element && element.capability?.required).map((element) => element.type);
    expect(capabilityRequired.sort()).toEqual([...required].sort());
  });

  it('describe every property, at every depth', () => {
    for (const element of elements) {
      const missing = Object.entries(element.properties ?? {}).flatMap(([key, schema]) => undescribed(schema, key));
      expect(missing, element.type).toEqual([]);
    }
  });

  it('lower only into types the built-ins register', () => {
    const componentTypes = new Set([...components.components!, ...kinds.components!].map((h) => h.type));
    const traitTypes = new Set([...traits.traits!, ...kinds.traits!].map((h) => h.type));
    for (const rule of [...components.lowering!, ...traits.lowering!, ...kinds.lowering!]) {
      for (const type of rule.targets?.componentTypes ?? []) expect(componentTypes.has(type), type).toBe(true);
      for (const type of rule.targets?.traitTypes ?? []) expect(traitTypes.has(type), type).toBe(true);
    }
  });
});
