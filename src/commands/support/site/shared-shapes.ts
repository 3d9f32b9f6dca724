import type { PropertiesSchema, PropertySchema } from '../../../plugin-api/index.js';

/** A subtree of properties smaller than this is shown in place wherever it recurs. */
const MIN_SHARED_PROPERTIES = 12;

/** A property shape written once on a page of its own, linked from every place it recurs. */
export interface SharedShape {
  id: string;
  /** Where it was first met, for its page's title: `pod.spec`. */
  firstSeenAt: string;
  properties: PropertiesSchema;
  uses: number;
}

/**
 * The large property shapes that recur across the site (a pod template in every workload kind):
 * each is shown once on a page of its own, so that the site stays small, and is found by its
 * content, not by where it was declared.
 */
export class SharedShapes {
  private readonly byKey = new Map<string, SharedShape>();
  private readonly keys = new WeakMap<object, { key: string; size: number }>();

  constructor(roots: ReadonlyArray<{ name: string; properties: PropertiesSchema }>) {
    const seen = new Map<string, { count: number; at: string; properties: PropertiesSchema }>();
    const visit = (properties: PropertiesSchema, at: string) => {
      for (const [key, schema] of Object.entries(properties)) {
        const children = childrenOf(schema);
        if (!children) continue;
        const { key: shapeKey, size } = this.keyOf(children.properties);
        if (size >= MIN_SHARED_PROPERTIES) {
          const found = seen.get(shapeKey);
          if (found) {
            found.count++;
            continue;
          }
          seen.set(shapeKey, { count: 1, at: `${at}.${key}`, properties: children.properties });
        }
        visit(children.properties, `${at}.${key}`);
      }
    };
    for (const root of roots) visit(root.properties, root.name);
    let next = 0;
    for (const [shapeKey, found] of seen) if (found.count > 1) this.byKey.set(shapeKey, { id: `shape-${++next}`, firstSeenAt: found.at, properties: found.properties, uses: found.count });
  }

  /** The shared shape these properties are, if they are one. */
  find(properties: PropertiesSchema): SharedShape | undefined {
    if (this.byKey.size === 0) return undefined;
    return this.byKey.get(this.keyOf(properties).key);
  }

  all(): SharedShape[] {
    return [...this.byKey.values()];
  }

  private keyOf(properties: PropertiesSchema): { key: string; size: number } {
    const known = this.keys.get(properties);
    if (known) return known;
    let size = 0;
    const parts: string[] = [];
    for (const [key, schema] of Object.entries(properties).sort(([a], [b]) => a.localeCompare(b))) {
      const children = childrenOf(schema);
      const nested = children ? this.keyOf(children.properties) : undefined;
      size += 1 + (nested?.size ?? 0);
      const { properties: _p, items: _i, additionalProperties: _a, ...own } = schema;
      parts.push(JSON.stringify([key, own, children?.prefix ?? '', nested?.key ?? '']));
    }
    const result = { key: parts.join(','), size };
    this.keys.set(properties, result);
    return result;
  }
}

/** The properties one level down: of an object value, or of each item of an array value (`[].key`). */
export function childrenOf(schema: PropertySchema): { prefix: string; properties: PropertiesSchema } | undefined {
  if (schema.properties && Object.keys(schema.properties).length > 0) return { prefix: '', properties: schema.properties };
  if (schema.items?.properties && Object.keys(schema.items.properties).length > 0) return { prefix: '[].', properties: schema.items.properties };
  const values = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  if (values?.properties && Object.keys(values.properties).length > 0) return { prefix: '<name>.', properties: values.properties };
  return undefined;
}
