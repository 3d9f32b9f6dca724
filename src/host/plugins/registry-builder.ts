import { KurelError, ruleIdentity, type PodTemplateKind, type Registered, type SealedRegistry } from '../../engine/index.js';
import {
  kurelErrors,
  type NameRoleInfo,
  type ComponentHandler,
  type KurelPlugin,
  type LoweringRule,
  type NamingHook,
  type ObjectKindDeclaration,
  type ObjectLayout,
  type PolicyHandler,
  type TraitHandler,
  type TypeDeclaration,
} from '../../plugin-api/index.js';
import { apiGroupOf, declaresLayout, ENGINE_NAME_ROLES } from '../../plugin-api/kit/index.js';

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
  /** Each kind's layout by `group/kind`, with the plugin and the element that declared it, in registration order. */
  private readonly layouts = new Map<string, Registered<ObjectKindDeclaration> & { by: string }>();
  /** Each name role by name, with the plugin and the element that declared it: the engine's first. */
  private readonly roles = new Map<string, Registered<NameRoleInfo> & { by: string }>(ENGINE_NAME_ROLES.map((info) => [info.role, { value: info, plugin: '', by: 'the engine' }]));

  register(plugin: Pick<KurelPlugin, 'meta' | 'components' | 'traits' | 'policies' | 'lowering' | 'declarations' | 'naming' | 'objectKinds'>): void {
    const name = plugin.meta.name;
    if (plugin.naming !== undefined) this.contributeNaming(plugin.naming, name);
    for (const handler of plugin.components ?? []) if (handler.object) this.describeKind(handler.object, name, `component type "${handler.type}"`);
    for (const declaration of plugin.objectKinds ?? []) this.describeKind(declaration, name, 'its objectKinds');
    for (const handler of plugin.components ?? []) this.declareRoles(handler.nameRoles, name, `component type "${handler.type}"`);
    for (const handler of plugin.traits ?? []) this.declareRoles(handler.nameRoles, name, `trait type "${handler.type}"`);
    for (const handler of plugin.policies ?? []) this.declareRoles(handler.nameRoles, name, `policy type "${handler.type}"`);
    for (const rule of plugin.lowering ?? []) this.declareRoles(rule.nameRoles, name, `${rule.position} lowering rule "${rule.type}"`);
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

  /**
   * One description of a kind's layout per registry: two would disagree on where its pods'
   * metadata is. A declaration that describes nothing (a component's plain `object`) claims nothing.
   */
  private describeKind(declaration: ObjectKindDeclaration, plugin: string, by: string): void {
    if (!declaresLayout(declaration)) return;
    const key = `${apiGroupOf(declaration.apiVersion)}/${declaration.kind}`;
    const holder = this.layouts.get(key);
    if (holder) {
      throw kurelErrors.duplicateType(
        `kind ${declaration.kind} (${declaration.apiVersion}) has its pod template and metadata holders declared twice: by plugin "${holder.plugin}" (${holder.by}) and by plugin "${plugin}" (${by}); a registry holds one declaration per kind`,
        { plugin },
      );
    }
    this.layouts.set(key, { value: declaration, plugin, by });
  }

  /**
   * One meaning per name role. Two elements of one plugin may resolve names under one role (the
   * rules of webservice and worker) when they declare it alike; another plugin, or the engine,
   * holding the role already is refused.
   */
  private declareRoles(roles: readonly NameRoleInfo[] | undefined, plugin: string, by: string): void {
    for (const info of roles ?? []) {
      if (typeof info?.role !== 'string' || info.role === '') throw kurelErrors.pluginContract(`plugin "${plugin}" declares a name role with no name on ${by}`, { plugin });
      const holder = this.roles.get(info.role);
      if (holder && holder.plugin === plugin && JSON.stringify(holder.value) === JSON.stringify(info)) continue;
      if (holder) {
        const first = holder.plugin === '' ? 'the engine' : `plugin "${holder.plugin}" (${holder.by})`;
        throw kurelErrors.duplicateType(`name role "${info.role}" is declared twice: by ${first} and by plugin "${plugin}" (${by}); give the role another name`, { plugin });
      }
      this.roles.set(info.role, { value: Object.freeze({ ...info }), plugin, by });
    }
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
    const layouts = new Map([...this.layouts].map(([key, entry]): [string, ObjectKindDeclaration] => [key, entry.value]));
    const roles = [...this.roles.values()].map(({ value, plugin }) => ({ value, plugin }));
    return freeze(new Map(this.components), new Map(this.traits), new Map(this.policies), new Map(this.rules), unrendered, this.naming, layouts, roles);
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
  layouts: Map<string, ObjectKindDeclaration>,
  roles: Registered<NameRoleInfo>[],
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
  const podTemplateKinds = podTemplateKindsOf(layouts);
  const rolesByName = new Map(roles.map((entry) => [entry.value.role, entry.value]));
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
    objectLayout: (group: string, kind: string): ObjectLayout | undefined => layouts.get(`${group}/${kind}`),
    podTemplateKinds: () => [...podTemplateKinds],
    nameRole: (role: string) => rolesByName.get(role),
    nameRoles: () => [...roles],
  } satisfies SealedRegistry);
}

/** The kinds with a pod template in registration order, the kinds that are themselves pods last. */
function podTemplateKindsOf(layouts: Map<string, ObjectKindDeclaration>): PodTemplateKind[] {
  const kinds: PodTemplateKind[] = [];
  for (const declaration of layouts.values()) {
    if (!declaration.podTemplate) continue;
    const slash = declaration.apiVersion.indexOf('/');
    kinds.push({ group: apiGroupOf(declaration.apiVersion), version: declaration.apiVersion.slice(slash + 1), kind: declaration.kind, podTemplate: declaration.podTemplate });
  }
  return [...kinds.filter((kind) => kind.podTemplate.path.length > 0), ...kinds.filter((kind) => kind.podTemplate.path.length === 0)];
}
