import { defineKind, type ComponentHandler, type ComponentInput, type HandlerContext, type K8sObject, type NamedInput, type ObjectScope, type Properties } from 'kurel/plugin-api';
import { printFields, propertiesOf, type Fields } from './go-fields.js';
import { keepAuthoredEmpties } from './keep-authored-empties.js';

export interface GoKindDefinition {
  type: string;
  description: string;
  apiVersion: string;
  kind: string;
  scope: ObjectScope;
  /** The fields of the kind's spec, as its upstream Go type declares them. */
  spec: Fields;
  /** Groups of spec fields of which at most one may be set. */
  exclusive?: string[][];
  /** Kind-specific rules beyond the schema; refuse with `ctx.fail`. */
  check?(properties: Properties, input: ComponentInput<Properties>, ctx: HandlerContext): void;
  /** Completes the printed spec (values the reference writes beside the authored ones). */
  finish?(spec: Record<string, unknown>, input: ComponentInput<Properties>, ctx: HandlerContext): Record<string, unknown>;
  /** What the object reads by name from its own namespace (a Flux kind; see ComponentHandler). */
  fluxNamespaceReads?(object: K8sObject): NamedInput[];
}

/** A kind whose properties are its spec, decoded strictly into the upstream type and printed as it marshals. */
export function goKind(definition: GoKindDefinition): ComponentHandler<Properties> {
  const { spec, finish, check } = definition;
  const properties = propertiesOf(spec);
  const handler = defineKind<Properties>({
    type: definition.type,
    description: definition.description,
    apiVersion: definition.apiVersion,
    kind: definition.kind,
    scope: definition.scope,
    properties: keepAuthoredEmpties(properties),
    check: (authored, input, ctx) => {
      for (const group of definition.exclusive ?? []) {
        const present = group.filter((key) => authored[key] !== undefined);
        if (present.length > 1) ctx.fail(`only one of ${group.join(', ')} may be set (got ${present.join(', ')})`, [present[1]]);
      }
      check?.(authored, input, ctx);
    },
    content: (authored, input, ctx) => {
      const printed = printFields(spec, authored, [], ctx);
      return finish ? finish(printed, input, ctx) : printed;
    },
  });
  return definition.fluxNamespaceReads ? { ...handler, fluxNamespaceReads: definition.fluxNamespaceReads } : handler;
}
