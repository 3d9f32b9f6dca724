import type { ExclusiveGroup, PropertySchema } from '../schema.js';

/** An object node's groups, each as `{ keys, required }`. */
export function exclusiveGroups(schema: Pick<PropertySchema, 'exclusive'>): ExclusiveGroup[] {
  return (schema.exclusive ?? []).map((group) => (isKeyList(group) ? { keys: group, required: false } : { keys: group.keys, required: group.required === true }));
}

// Array.isArray does not narrow a readonly array out of a union.
function isKeyList(group: readonly string[] | ExclusiveGroup): group is readonly string[] {
  return Array.isArray(group);
}
