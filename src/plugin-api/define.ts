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
// `defineTrait<MyProperties>({ … })`; a schema that is not a literal gives the loose `Properties`.

/** The named properties type when one is given, else the one the schema describes. */
export type InputOf<P, S> = [P] extends [never] ? PropertiesOf<S> : P;

export function definePlugin(plugin: KurelPlugin): KurelPlugin {
  return plugin;
}

export function defineComponent<P = never, const S extends PropertiesSchema = PropertiesSchema>(
  handler: ComponentHandler<InputOf<P, S>> & { properties: S },
): ComponentHandler<InputOf<P, S>> {
  return handler;
}

export function defineTrait<P = never, const S extends PropertiesSchema = PropertiesSchema>(
  handler: TraitHandler<InputOf<P, S>> & { properties: S },
): TraitHandler<InputOf<P, S>> {
  return handler;
}

export function definePolicy<P = never, const S extends PropertiesSchema = PropertiesSchema>(
  handler: PolicyHandler<InputOf<P, S>> & { properties: S },
): PolicyHandler<InputOf<P, S>> {
  return handler;
}

export function defineComponentLowering<P = never, const S extends PropertiesSchema = PropertiesSchema>(
  rule: Omit<ComponentLoweringRule<InputOf<P, S>>, 'position'> & { properties: S },
): ComponentLoweringRule<InputOf<P, S>> {
  return { ...rule, position: 'component' };
}

export function defineTraitLowering<P = never, const S extends PropertiesSchema = PropertiesSchema>(
  rule: Omit<TraitLoweringRule<InputOf<P, S>>, 'position'> & { properties: S },
): TraitLoweringRule<InputOf<P, S>> {
  return { ...rule, position: 'trait' };
}

export function definePolicyLowering<P = never, const S extends PropertiesSchema = PropertiesSchema>(
  rule: Omit<PolicyLoweringRule<InputOf<P, S>>, 'position'> & { properties: S },
): PolicyLoweringRule<InputOf<P, S>> {
  return { ...rule, position: 'policy' };
}

export function defineDocumentLowering(rule: Omit<DocumentLoweringRule, 'position'>): DocumentLoweringRule {
  return { ...rule, position: 'document' };
}

export function defineRawDocumentLowering(rule: Omit<RawDocumentLoweringRule, 'position'>): RawDocumentLoweringRule {
  return { ...rule, position: 'rawdocument' };
}

export function defineDeclaration(declaration: TypeDeclaration): TypeDeclaration {
  return declaration;
}
