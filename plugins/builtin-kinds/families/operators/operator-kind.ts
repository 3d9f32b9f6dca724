import { defineKind, type ComponentHandler, type HandlerContext, type KindDefinition, type PropertyPath, type PropertySchema } from 'kurel/plugin-api';
import { canonicalQuantity, type PropertiesSchema } from 'kurel/plugin-api';
import { applyOverlay, type OverlayEntry } from '../../shared/crd-overlay.js';
import { once, withLazyProperties } from '../../shared/lazy.js';
import { keepAuthoredEmpties } from '../../shared/keep-authored-empties.js';

// The factory the operator kinds use: `defineKind`, plus the one rule every kind of these
// families shares. A field the upstream type declares as a resource.Quantity (the schema's
// `quantity`, a string or a number) is refused when Kubernetes cannot read it and is written back
// in the canonical form Go prints (`1024Mi` → `1Gi`, `cpu: 1` → `cpu: "1"`).

const isQuantity = (schema: PropertySchema) => schema.types?.length === 2 && schema.types.includes('string') && schema.types.includes('number');

type Visit = (value: string | number, path: PropertyPath, replace: (canonical: string) => void) => void;

function eachQuantity(schema: PropertySchema, value: unknown, path: PropertyPath, visit: Visit): void {
  if (Array.isArray(value)) {
    if (schema.items) value.forEach((element, index) => eachQuantity(schema.items!, element, [...path, index], visit));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  for (const [key, child] of Object.entries(record)) {
    const childSchema = schema.properties?.[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    if (!childSchema) continue;
    if (isQuantity(childSchema) && (typeof child === 'string' || typeof child === 'number')) {
      visit(child, [...path, key], (canonical) => (record[key] = canonical));
    } else {
      eachQuantity(childSchema, child, [...path, key], visit);
    }
  }
}

function checkQuantities(schema: PropertySchema, properties: unknown, ctx: HandlerContext): void {
  eachQuantity(schema, properties, [], (value, path) => {
    if (canonicalQuantity(value) === undefined) ctx.fail(`${JSON.stringify(value)} is not a quantity (e.g. 500m, 1Gi, 2)`, path);
  });
}

function normaliseQuantities(schema: PropertySchema, content: unknown): void {
  eachQuantity(schema, content, [], (value, _path, replace) => replace(canonicalQuantity(value) ?? String(value)));
}

/**
 * An operator kind: hand-written `properties`, or the spec's schema generated from the upstream CRD
 * (crd-spec.ts), built on first use, whose properties are the component's.
 */
export type OperatorKindDefinition<P> = Omit<KindDefinition<P>, 'properties'> &
  (
    | { properties: KindDefinition<P>['properties']; spec?: undefined; overlay?: undefined }
    | {
        properties?: undefined;
        spec: () => PropertySchema;
        /** Where the reference departs from the upstream CRD the spec is generated from (crd-overlay.ts). */
        overlay?: readonly OverlayEntry[];
      }
  );

/** Makes a component handler from an operator kind definition. */
export function defineOperatorKind<P = Record<string, unknown>>(definition: OperatorKindDefinition<P>): ComponentHandler<P> {
  const { spec: generated, overlay, ...kind } = definition;
  const authored = generated ? once(() => applyOverlay(generated(), overlay ?? [])) : undefined;
  const schema = once((): PropertySchema => (authored ? authored() : { type: 'object', properties: definition.properties as PropertiesSchema }));
  const handler = defineKind<P>({
    ...kind,
    properties: authored ? {} : keepAuthoredEmpties(definition.properties as PropertiesSchema),
    check(properties, input, ctx) {
      checkQuantities(schema(), properties, ctx);
      definition.check?.(properties, input, ctx);
    },
    content(properties, input, ctx) {
      const content = definition.content ? definition.content(properties, input, ctx) : (structuredClone(properties) as Record<string, unknown>);
      normaliseQuantities(schema(), content);
      return content;
    },
  });
  if (!authored) return handler;
  // Why a spec field the reference departs from is refused (crd-overlay.ts), read on first use.
  Object.defineProperty(handler, 'hints', { get: () => authored().hints, enumerable: true, configurable: true });
  return withLazyProperties(handler, () => ({ ...authored().properties }));
}
