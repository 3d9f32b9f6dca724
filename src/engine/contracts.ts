import type { ContractMetadata, PropertiesSchema } from '../plugin-api/index.js';
import { componentProperties } from '../plugin-api/kit/index.js';
import type { SealedRegistry } from './registry.js';

/** Something per component, trait and policy type. */
export interface HandlerSet<T> {
  components: Record<string, T>;
  traits: Record<string, T>;
  policies: Record<string, T>;
}

type Described = { properties?: PropertiesSchema; contract?: ContractMetadata };

/**
 * Every registered handler, component, trait and policy lowering rule and declaration, by position
 * and type: a type reachable only through a rule publishes too. Document rules are not types authors write
 * in a component, trait or policy, and are left out.
 */
function collect<T>(registry: SealedRegistry, read: (entry: Described, position: 'component' | 'trait' | 'policy') => T | undefined): HandlerSet<T> {
  const set: HandlerSet<T> = { components: {}, traits: {}, policies: {} };
  const put = (target: Record<string, T>, type: string, entry: Described | undefined, position: 'component' | 'trait' | 'policy') => {
    if (!entry) return;
    const value = read(entry, position);
    if (value !== undefined) target[type] = value;
  };
  for (const type of registry.componentTypes()) put(set.components, type, registry.component(type)?.value ?? registry.componentRule(type)?.value, 'component');
  for (const type of registry.traitTypes()) put(set.traits, type, registry.trait(type)?.value ?? registry.traitRule(type)?.value ?? registry.traitDeclaration(type)?.value, 'trait');
  for (const type of registry.policyTypes()) put(set.policies, type, registry.policy(type)?.value ?? registry.policyRule(type)?.value ?? registry.policyDeclaration(type)?.value, 'policy');
  return set;
}

/** The contract metadata of every type that declares it. */
export function handlerContracts(registry: SealedRegistry): HandlerSet<ContractMetadata> {
  return collect(registry, (entry) => entry.contract);
}

/** The property schema of every type that declares one, as authors write it (a kind's object metadata included). */
export function handlerSchemas(registry: SealedRegistry): HandlerSet<PropertiesSchema> {
  return collect(registry, (entry, position) => {
    if (!entry.properties) return undefined;
    return position === 'component' && 'render' in entry ? componentProperties(entry as Parameters<typeof componentProperties>[0]) : entry.properties;
  });
}
