import { defineKind, type ComponentHandler, type ComponentInput, type HandlerContext, type K8sObject, type NamedInput, type ObjectScope, type Properties, type PropertySchema } from 'kurel/plugin-api';
import { applyOverlay, type OverlayEntry } from './crd-overlay.js';
import { printFields, propertiesOf, type Fields } from './go-fields.js';
import { once, withLazyProperties } from './lazy.js';
import { keepAuthoredEmpties } from './keep-authored-empties.js';

export interface GoKindDefinition {
  type: string;
  description: string;
  apiVersion: string;
  kind: string;
  scope: ObjectScope;
  /**
   * How the fields of the kind's spec print, as its upstream Go type marshals them. Without
   * `schema` their property schemas are also what an author may write.
   */
  spec: Fields;
  /**
   * The spec's schema generated from the upstream CRD (crd-spec.ts), built on first use: what an
   * author may write. A field it declares that `spec` does not is printed as written.
   */
  schema?: () => PropertySchema;
  /** Where the reference departs from the upstream CRD the schema is generated from (crd-overlay.ts). */
  overlay?: readonly OverlayEntry[];
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
  const properties = definition.schema ? {} : keepAuthoredEmpties(propertiesOf(spec));
  const handler = defineKind<Properties>({
    type: definition.type,
    description: definition.description,
    apiVersion: definition.apiVersion,
    kind: definition.kind,
    scope: definition.scope,
    properties,
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
  const kind = definition.fluxNamespaceReads ? { ...handler, fluxNamespaceReads: definition.fluxNamespaceReads } : handler;
  const { schema } = definition;
  if (!schema) return kind;
  const authored = once(() => applyOverlay(schema(), definition.overlay ?? []));
  // Why a spec field the reference departs from is refused (crd-overlay.ts), read on first use.
  Object.defineProperty(kind, 'hints', { get: () => authored().hints, enumerable: true, configurable: true });
  return withLazyProperties(kind, () => ({ ...authored().properties }));
}
