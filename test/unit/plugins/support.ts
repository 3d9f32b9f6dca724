import {
  componentLabelValue,
  HandlerError,
  validateProperties,
  type AuthoredComponent,
  type AuthoredTrait,
  type ComponentHandler,
  type ComponentLoweringRule,
  type K8sObject,
  type LoweringContext,
  type PolicyHandler,
  type Properties,
  type PropertiesSchema,
  type TraitHandler,
} from 'kurel/plugin-api';
import { createLoweringTestContext, createTestContext, type TestContextOptions } from '../../../src/plugin-api/testing/index.js';
import components from '../../../plugins/builtin-components/index.js';
import policies from '../../../plugins/builtin-policies/index.js';
import traits from '../../../plugins/builtin-traits/index.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

// A stand-in for the engine, enough to run the built-ins end to end in unit tests: schema
// check with defaults, lowering, rendering, traits, and the sibling-group object order.

const componentHandlers = new Map<string, ComponentHandler<any>>(components.components!.map((h) => [h.type, h]));
const componentRules = new Map<string, ComponentLoweringRule<any>>(
  components.lowering!.filter((rule): rule is ComponentLoweringRule<any> => rule.position === 'component').map((rule) => [rule.type, rule]),
);
const traitHandlers = new Map<string, TraitHandler<any>>(traits.traits!.map((h) => [h.type, h]));
export const policyHandlers = new Map<string, PolicyHandler<any>>(policies.policies!.map((h) => [h.type, h]));

export function checked(schema: PropertiesSchema, properties: Properties): Properties {
  const { value, issues } = validateProperties(schema, properties, { topLevelRequired: true, applyDefaults: true });
  if (issues.length > 0) throw new HandlerError(issues[0].message, issues[0].path, 'KUREL_PROPERTY');
  return value;
}

/** The trait types the built-ins declare `everyMember`, as the registry answers them. */
export const EVERY_MEMBER = traits.traits!.filter((handler) => handler.everyMember).map((handler) => handler.type);

/** The trait types the built-ins declare `routesToService` (handlers and the rules that claim a type). */
export const SERVICE_TRAITS = [...traits.traits!, ...(traits.lowering ?? [])].filter((entry) => 'routesToService' in entry && entry.routesToService).map((entry) => entry.type);

export function loweringContext(options: TestContextOptions = {}): LoweringContext & { warnings: string[] } {
  return createLoweringTestContext({ everyMemberTraits: EVERY_MEMBER, serviceTraits: SERVICE_TRAITS, plugins: SOURCE_BUILTINS, ...options });
}

/** Runs a component lowering rule on schema-checked properties. */
export function lower(type: string, component: Omit<AuthoredComponent, 'type'>, options: TestContextOptions = {}): AuthoredComponent[] {
  const rule = componentRules.get(type)!;
  const properties = checked(rule.properties, component.properties);
  const result = rule.lower(
    { component: { ...component, type, properties }, document: { name: 'app', kind: 'Application', namespace: options.namespace ?? 'default' } },
    loweringContext(options),
  );
  return result.components ?? [];
}

/**
 * The objects of one authored component as the engine emits them (without the component
 * label): each member's first object in emission order, then the members' other objects, then
 * the traits' objects in creation order.
 */
export function build(component: AuthoredComponent, options: TestContextOptions = {}): { objects: K8sObject[]; warnings: string[] } {
  const ctx = loweringContext(options);
  const members = componentRules.has(component.type) ? lower(component.type, component, options) : [component];
  const rendered: K8sObject[][] = [];
  const traitObjects: K8sObject[] = [];
  for (const member of members) {
    const handler = componentHandlers.get(member.type)!;
    const properties = checked(handler.properties, member.properties);
    const labelValue = componentLabelValue(member.name);
    const rendering = handler.render({ name: member.name, objectName: member.objectName ?? member.name, namespace: ctx.namespace, labelValue, properties, annotations: member.annotations ?? {} }, ctx);
    const view = { name: member.name, type: member.type, namespace: ctx.namespace, labelValue, objects: rendering.objects, answers: rendering.answers ?? {} };
    for (const trait of member.traits ?? []) traitObjects.push(...applyTrait(trait, view, options));
    rendered.push(view.objects);
  }
  const objects = [...rendered.map((list) => list[0]), ...rendered.flatMap((list) => list.slice(1)), ...traitObjects].filter(Boolean);
  return { objects, warnings: ctx.warnings };
}

function applyTrait(trait: AuthoredTrait, component: Parameters<TraitHandler['apply']>[0]['component'], options: TestContextOptions): K8sObject[] {
  const handler = traitHandlers.get(trait.type)!;
  const ctx = createTestContext({ plugins: SOURCE_BUILTINS, ...options });
  const rendering = handler.capability ? (ctx.capability(trait.type)?.rendering ?? {}) : {};
  const properties = checked(handler.properties, { ...rendering, ...trait.properties });
  return handler.apply({ properties, component }, ctx)?.objects ?? [];
}

/** The message a refusal carries, for tests that expect one. */
export function refusal(run: () => unknown): HandlerError {
  try {
    run();
  } catch (error) {
    if (error instanceof HandlerError) return error;
    throw error;
  }
  throw new Error('expected a refusal, got a result');
}
