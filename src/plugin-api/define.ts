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
import type { Properties } from './objects.js';
import type { KurelPlugin } from './plugin.js';

// Identity helpers: they give authors type checking and editor help, and nothing else.

export function definePlugin(plugin: KurelPlugin): KurelPlugin {
  return plugin;
}

export function defineComponent<P = Properties>(handler: ComponentHandler<P>): ComponentHandler<P> {
  return handler;
}

export function defineTrait<P = Properties>(handler: TraitHandler<P>): TraitHandler<P> {
  return handler;
}

export function definePolicy<P = Properties>(handler: PolicyHandler<P>): PolicyHandler<P> {
  return handler;
}

export function defineComponentLowering<P = Properties>(
  rule: Omit<ComponentLoweringRule<P>, 'position'>,
): ComponentLoweringRule<P> {
  return { ...rule, position: 'component' };
}

export function defineTraitLowering<P = Properties>(rule: Omit<TraitLoweringRule<P>, 'position'>): TraitLoweringRule<P> {
  return { ...rule, position: 'trait' };
}

export function definePolicyLowering<P = Properties>(rule: Omit<PolicyLoweringRule<P>, 'position'>): PolicyLoweringRule<P> {
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
