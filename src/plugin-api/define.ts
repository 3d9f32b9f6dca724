import type {
  ComponentHandler,
  ComponentLoweringRule,
  DocumentLoweringRule,
  PolicyHandler,
  PolicyLoweringRule,
  RawDocumentLoweringRule,
  TraitHandler,
  TraitLoweringRule,
  TypeDeclaration,
} from './handlers.js';
import type { KurelPlugin } from './plugin.js';
import type { PropertiesSchema } from './schema.js';
import type { PropertiesOf } from './schema-types.js';

// Identity helpers: they give authors type checking and editor help, and nothing else.
//
// Each reads the handler's input type from its properties schema when the schema is a literal
// (written inline, or `as const`, or made of the schema builders): `defineTrait({ properties:
// { port: { type: 'integer', default: 80 } }, apply({ properties }) { properties.port … } })`
// types `properties.port` as a number. An author may still name the type instead,
// `defineTrait<MyProperties>({ … })`, and so may a generic factory of handlers (the second
// signature of each); a schema that is not a literal gives the loose `Properties`. The first
// signature's second type parameter, `Inferred`, has no default so that it is never written: a
// call naming one type argument skips that signature, whatever the type it names.

export function definePlugin(plugin: KurelPlugin): KurelPlugin {
  return plugin;
}

export function defineComponent<const S extends PropertiesSchema, Inferred>(handler: ComponentHandler<PropertiesOf<S>> & { properties: S }): ComponentHandler<PropertiesOf<S>>;
export function defineComponent<P>(handler: ComponentHandler<P>): ComponentHandler<P>;
export function defineComponent(handler: ComponentHandler<unknown>): ComponentHandler<unknown> {
  return handler;
}

export function defineTrait<const S extends PropertiesSchema, Inferred>(handler: TraitHandler<PropertiesOf<S>> & { properties: S }): TraitHandler<PropertiesOf<S>>;
export function defineTrait<P>(handler: TraitHandler<P>): TraitHandler<P>;
export function defineTrait(handler: TraitHandler<unknown>): TraitHandler<unknown> {
  return handler;
}

export function definePolicy<const S extends PropertiesSchema, Inferred>(handler: PolicyHandler<PropertiesOf<S>> & { properties: S }): PolicyHandler<PropertiesOf<S>>;
export function definePolicy<P>(handler: PolicyHandler<P>): PolicyHandler<P>;
export function definePolicy(handler: PolicyHandler<unknown>): PolicyHandler<unknown> {
  return handler;
}

export function defineComponentLowering<const S extends PropertiesSchema, Inferred>(
  rule: Omit<ComponentLoweringRule<PropertiesOf<S>>, 'position'> & { properties: S },
): ComponentLoweringRule<PropertiesOf<S>>;
export function defineComponentLowering<P>(rule: Omit<ComponentLoweringRule<P>, 'position'>): ComponentLoweringRule<P>;
export function defineComponentLowering(rule: Omit<ComponentLoweringRule<unknown>, 'position'>): ComponentLoweringRule<unknown> {
  return positioned(rule, 'component');
}

export function defineTraitLowering<const S extends PropertiesSchema, Inferred>(
  rule: Omit<TraitLoweringRule<PropertiesOf<S>>, 'position'> & { properties: S },
): TraitLoweringRule<PropertiesOf<S>>;
export function defineTraitLowering<P>(rule: Omit<TraitLoweringRule<P>, 'position'>): TraitLoweringRule<P>;
export function defineTraitLowering(rule: Omit<TraitLoweringRule<unknown>, 'position'>): TraitLoweringRule<unknown> {
  return positioned(rule, 'trait');
}

export function definePolicyLowering<const S extends PropertiesSchema, Inferred>(
  rule: Omit<PolicyLoweringRule<PropertiesOf<S>>, 'position'> & { properties: S },
): PolicyLoweringRule<PropertiesOf<S>>;
export function definePolicyLowering<P>(rule: Omit<PolicyLoweringRule<P>, 'position'>): PolicyLoweringRule<P>;
export function definePolicyLowering(rule: Omit<PolicyLoweringRule<unknown>, 'position'>): PolicyLoweringRule<unknown> {
  return positioned(rule, 'policy');
}

export function defineDocumentLowering(rule: Omit<DocumentLoweringRule, 'position'>): DocumentLoweringRule {
  return positioned(rule, 'document');
}

export function defineRawDocumentLowering(rule: Omit<RawDocumentLoweringRule, 'position'>): RawDocumentLoweringRule {
  return positioned(rule, 'rawdocument');
}

export function defineDeclaration(declaration: TypeDeclaration): TypeDeclaration {
  return declaration;
}

/**
 * The rule with its position. Copied property by property, so that a getter of the author's (a
 * schema built on first read) stays a getter rather than being read as the rule is declared.
 */
function positioned<R extends object, P extends string>(rule: R, position: P): R & { position: P } {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(rule)) as R & { position: P };
  return Object.defineProperty(copy, 'position', { value: position, enumerable: true, writable: true, configurable: true });
}
