import { KurelError, ruleIdentity, type Registered, type SealedRegistry } from '../engine/index.js';
import { kurelErrors, type ComponentHandler, type KurelPlugin, type LoweringRule, type NamingHook, type PolicyHandler, type TraitHandler, type TypeDeclaration } from '../plugin-api/index.js';

type Position = 'component' | 'trait' | 'policy' | 'document' | 'rawdocument';

/**
 * Collects handlers and rules from plugins. A type registered twice at one position (as two
 * handlers, two rules, or a handler and a rule) is refused naming both plugins. `seal()` checks
 * every declared lowering target and returns the read-only registry the engine runs on.
 */
export class RegistryBuilder {
  private readonly components = new Map<string, Registered<ComponentHandler<unknown>>>();
  private readonly traits = new Map<string, Registered<TraitHandler<unknown>>>();
  private readonly policies = new Map<string, Registered<PolicyHandler<unknown>>>();
  private readonly rules = new Map<string, Registered<LoweringRule>>();
  private readonly declarations = new Map<string, Registered<TypeDeclaration>>();
  private readonly owners = new Map<string, string>();
  private naming?: Registered<NamingHook>;

  register(plugin: Pick<KurelPlugin, 'meta' | 'components' | 'traits' | 'policies' | 'lowering' | 'declarations' | 'naming'>): void {
    const name = plugin.meta.name;
    if (plugin.naming !== undefined) this.contributeNaming(plugin.naming, name);
    for (const declaration of plugin.declarations?.traits ?? []) this.declare('trait', declaration, name);
    for (const declaration of plugin.declarations?.policies ?? []) this.declare('policy', declaration, name);
    for (const handler of plugin.components ?? []) this.claim('component', handler.type, name, () => this.components.set(handler.type, { value: handler, plugin: name }));
    for (const handler of plugin.traits ?? []) this.claim('trait', handler.type, name, () => this.traits.set(handler.type, { value: handler, plugin: name }));
    for (const handler of plugin.policies ?? []) this.claim('policy', handler.type, name, () => this.policies.set(handler.type, { value: handler, plugin: name }));
    for (const rule of plugin.lowering ?? []) {
      const type = rule.position === 'rawdocument' ? `${rule.apiVersion}/${rule.type}` : rule.type;
      this.claim(rule.position, type, name, () => this.rules.set(`${rule.position}:${type}`, { value: rule, plugin: name }));
    }
  }

  /** One Naming hook per registry: two would answer one request two ways. */
  private contributeNaming(hook: NamingHook, plugin: string): void {
    if (typeof hook !== 'function') throw kurelErrors.pluginContract(`plugin "${plugin}" contributes a naming hook that is not a function`, { plugin });
    if (this.naming) {
      throw kurelErrors.duplicateType(`plugin "${plugin}" contributes a naming hook, and plugin "${this.naming.plugin}" already did; a registry holds one`, { plugin });
    }
    this.naming = { value: hook, plugin };
  }

  /** A declaration yields to a handler of its type; two declarations of one type are refused. */
  private declare(position: 'trait' | 'policy', declaration: TypeDeclaration, plugin: string): void {
    const key = `${position}:${declaration.type}`;
    const holder = this.declarations.get(key);
    if (holder) throw kurelErrors.duplicateType(`${position} type "${declaration.type}" is declared twice: by plugin "${holder.plugin}" and by plugin "${plugin}"`, { plugin });
    this.declarations.set(key, { value: declaration, plugin });
  }

  private claim(position: Position, type: string, plugin: string, store: () => void): void {
    if (typeof type !== 'string' || type === '') throw kurelErrors.pluginContract(`plugin "${plugin}" registers a ${position} with no type name`, { plugin });
    const key = `${position}:${type}`;
    const holder = this.owners.get(key);
    if (holder !== undefined) {
      throw kurelErrors.duplicateType(`${position} type "${type}" is registered twice: by plugin "${holder}" and by plugin "${plugin}"`, { plugin });
    }
    this.owners.set(key, plugin);
    store();
  }

  /** Checks every declared lowering target, then freezes the registry. */
  seal(): SealedRegistry {
    const missing: string[] = [];
    for (const { value: rule } of this.rules.values()) {
      const targets = rule.targets ?? {};
      for (const type of targets.componentTypes ?? []) if (!this.owners.has(`component:${type}`)) missing.push(gap(rule, 'component', type));
      for (const type of targets.traitTypes ?? []) if (!this.owners.has(`trait:${type}`)) missing.push(gap(rule, 'trait', type));
      for (const type of targets.policyTypes ?? []) if (!this.owners.has(`policy:${type}`)) missing.push(gap(rule, 'policy', type));
    }
    if (missing.length > 0) {
      throw new KurelError(missing.sort().map((message) => kurelErrors.registryIncomplete.diagnostic(message)));
    }
    // The sealed registry holds copies: a later registration on the builder cannot reach it.
    const unrendered = new Map([...this.declarations].filter(([key]) => !this.owners.has(key)));
    return freeze(new Map(this.components), new Map(this.traits), new Map(this.policies), new Map(this.rules), unrendered, this.naming);
  }
}

function gap(rule: LoweringRule, position: string, type: string): string {
  return `registry incomplete: lowering rule ${ruleIdentity(rule)} lowers into ${position} type "${type}", which is not registered`;
}

function freeze(
  components: Map<string, Registered<ComponentHandler<unknown>>>,
  traits: Map<string, Registered<TraitHandler<unknown>>>,
  policies: Map<string, Registered<PolicyHandler<unknown>>>,
  rules: Map<string, Registered<LoweringRule>>,
  declarations: Map<string, Registered<TypeDeclaration>>,
  naming: Registered<NamingHook> | undefined,
): SealedRegistry {
  const rule = <T>(position: string, type: string) => rules.get(`${position}:${type}`) as Registered<T> | undefined;
  const typesAt = (position: string, handlers: Map<string, unknown>) =>
    [
      ...new Set([
        ...handlers.keys(),
        ...[...rules.values()].filter((r) => r.value.position === position).map((r) => r.value.type),
        ...[...declarations.keys()].filter((key) => key.startsWith(`${position}:`)).map((key) => key.slice(position.length + 1)),
      ]),
    ].sort();
  const componentTypes = typesAt('component', components);
  const traitTypes = typesAt('trait', traits);
  const policyTypes = typesAt('policy', policies);
  const allRules = [...rules.values()];
  return Object.freeze({
    sealed: true as const,
    component: (type: string) => components.get(type),
    trait: (type: string) => traits.get(type),
    policy: (type: string) => policies.get(type),
    componentRule: (type: string) => rule('component', type),
    traitRule: (type: string) => rule('trait', type),
    policyRule: (type: string) => rule('policy', type),
    documentRule: (kind: string) => rule('document', kind),
    rawDocumentRule: (apiVersion: string, kind: string) => rule('rawdocument', `${apiVersion}/${kind}`),
    traitDeclaration: (type: string) => declarations.get(`trait:${type}`),
    policyDeclaration: (type: string) => declarations.get(`policy:${type}`),
    componentTypes: () => [...componentTypes],
    traitTypes: () => [...traitTypes],
    policyTypes: () => [...policyTypes],
    rules: () => [...allRules],
    naming: () => naming,
  } satisfies SealedRegistry);
}
