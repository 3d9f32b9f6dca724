// Generated objects are read as Flux applies them: Kustomize's build expands a kind ending in
// List whose items is an array, recursively (one whose items is null stands for nothing); Flux
// then expands any remaining object whose items is an array, one level. The component label, the
// reserved metadata keys, the object-kind policy and the forced-volume warning all read this way.

import type { WrittenMap } from '../../plugin-api/kit/index.js';

const isObject = (value: unknown): value is WrittenMap => typeof value === 'object' && value !== null && !Array.isArray(value);

function kustomizeExpands(object: WrittenMap): object is WrittenMap & { items: unknown[] } {
  return typeof object.kind === 'string' && object.kind.endsWith('List') && Array.isArray(object.items);
}

function kustomizeBuild(object: WrittenMap): unknown[] {
  if (typeof object.kind === 'string' && object.kind.endsWith('List') && object.items === null) return [];
  return kustomizeExpands(object) ? object.items.flatMap((item: unknown) => (isObject(item) ? kustomizeBuild(item) : [item])) : [object];
}

/** Whether the object is an envelope that stands for its items. */
export function isListEnvelope(object: WrittenMap): boolean {
  return Array.isArray(object.items);
}

/**
 * The objects an envelope stands for, as Flux applies it; the object itself when it is none.
 * Items that are no objects are returned as they are, for the reader to refuse.
 */
export function appliedMembers(object: WrittenMap): unknown[] {
  return kustomizeBuild(object).flatMap((member) => (isObject(member) && Array.isArray(member.items) ? member.items : [member]));
}

/** The objects an object stands for, as Flux applies it, leaving out items that are no objects. */
export function appliedObjects(object: WrittenMap): WrittenMap[] {
  return appliedMembers(object).filter(isObject);
}
