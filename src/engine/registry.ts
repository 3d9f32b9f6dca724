import type {
  ComponentHandler,
  ComponentLoweringRule,
  DocumentLoweringRule,
  LoweringPosition,
  LoweringRule,
  NameRoleInfo,
  ObjectLayout,
  PodTemplatePlace,
  NamingHook,
  PolicyHandler,
  PolicyLoweringRule,
  RawDocumentLoweringRule,
  TraitHandler,
  TraitLoweringRule,
  TypeDeclaration,
} from '../plugin-api/index.js';

/** A registered entry with the plugin that contributed it. */
export interface Registered<T> {
  value: T;
  plugin: string;
}

/**
 * The read-only registry the engine runs on. Only a sealed registry exists as this type: the
 * host builds it, checks it and freezes it before any document is read.
 */
export interface SealedRegistry {
  readonly sealed: true;
  component(type: string): Registered<ComponentHandler<any>> | undefined;
  trait(type: string): Registered<TraitHandler<any>> | undefined;
  policy(type: string): Registered<PolicyHandler<any>> | undefined;
  componentRule(type: string): Registered<ComponentLoweringRule<any>> | undefined;
  traitRule(type: string): Registered<TraitLoweringRule<any>> | undefined;
  policyRule(type: string): Registered<PolicyLoweringRule<any>> | undefined;
  documentRule(kind: string): Registered<DocumentLoweringRule> | undefined;
  rawDocumentRule(apiVersion: string, kind: string): Registered<RawDocumentLoweringRule> | undefined;
  /** A declared trait or policy type no plugin renders. */
  traitDeclaration(type: string): Registered<TypeDeclaration> | undefined;
  policyDeclaration(type: string): Registered<TypeDeclaration> | undefined;
  /** Every authorable component type: handlers and the types lowering rules claim. */
  componentTypes(): string[];
  /** Every authorable trait type: handlers, lowering rules and declarations. */
  traitTypes(): string[];
  policyTypes(): string[];
  rules(): Registered<LoweringRule>[];
  /** The one Naming hook a plugin contributed, if any. */
  naming(): Registered<NamingHook> | undefined;
  /** Where objects of `group` and `kind` hold metadata, as the one declaration of the kind says; undefined for a kind none describes. */
  objectLayout(group: string, kind: string): ObjectLayout | undefined;
  /**
   * The kinds that declare a pod template, in registration order, those that are themselves pods
   * (a Pod) last: the order the HelmRelease post-renderer patches them in.
   */
  podTemplateKinds(): PodTemplateKind[];
  /** What a name role is: the engine's own, or the one plugin's that declares it; undefined for a role none declares. */
  nameRole(role: string): NameRoleInfo | undefined;
  /** Every role, the engine's first, then the declared ones in registration order, each with the plugin that declared it (empty for the engine's). */
  nameRoles(): Registered<NameRoleInfo>[];
}

/** A kind with a pod template, as its declaration gives it. */
export interface PodTemplateKind {
  group: string;
  version: string;
  kind: string;
  podTemplate: PodTemplatePlace;
}

/** `<position>/<type>@<version>`: a lowering rule's identity on origins, steps and errors. */
export function ruleIdentity(rule: LoweringRule): string {
  const type = rule.position === 'rawdocument' ? `${rule.apiVersion}/${rule.type}` : rule.type;
  const version = rule.contract?.version ? `@${rule.contract.version}` : '';
  return `${rule.position}/${type}${version}`;
}

export type { LoweringPosition };
