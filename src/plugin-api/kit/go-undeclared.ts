import type { PropertySchema } from '../schema.js';
import { goKindSchema } from './go-kinds.js';

// A field the Go type of a registered kind does not declare is one the reference's lenient decode
// drops, and one no check that reads the object as that type can see. This finds every such field,
// in the order the object writes its keys, each by the path sigs.k8s.io/json reports
// (`spec.template.spec.foo`, `spec.containers[0].foo`).

type Json = Record<string, unknown>;

/** The paths of the fields of `object` its kind's Go type does not declare; none for a kind the scheme does not register. */
export function undeclaredGoFields(object: Json): string[] {
  if (typeof object.apiVersion !== 'string' || typeof object.kind !== 'string') return [];
  const schema = goKindSchema(object.apiVersion, object.kind);
  if (schema === undefined) return [];
  const paths: string[] = [];
  collect(object, schema, '', paths);
  return paths;
}

function collect(value: unknown, schema: PropertySchema, path: string, paths: string[]): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    if (schema.items) value.forEach((element, index) => collect(element, schema.items as PropertySchema, `${path}[${index}]`, paths));
    return;
  }
  const declared = schema.properties;
  const free = schema.additionalProperties;
  // A value of another shape than the type's is not an undeclared field; the checks that read it say so.
  if (declared === undefined && typeof free !== 'object') return;
  for (const [key, member] of Object.entries(value as Json)) {
    const at = path ? `${path}.${key}` : key;
    const memberSchema = declared?.[key] ?? (typeof free === 'object' ? free : undefined);
    if (memberSchema === undefined) {
      if (declared !== undefined && free !== true) paths.push(at);
      continue;
    }
    collect(member, memberSchema, at, paths);
  }
}
