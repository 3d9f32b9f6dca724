import type { WorkComponent } from './model.js';

/** The Flux source kinds a rule may generate for the components it orders after them. */
const FLUX_SOURCE_TYPES = new Set(['helmrepository', 'ocirepository', 'gitrepository', 'bucket']);

/**
 * The generated sources of a lowered document: Flux sources a lowering rule emitted, that another
 * component is ordered after (OrderAfter), that wait on nothing themselves and belong to no
 * same-name sibling group. Such a source is the document's, shared by every component that names
 * it, so the document as a whole owns it; every other source is a component like any other.
 */
export function generatedSourceNames(components: readonly WorkComponent[]): Set<string> {
  const awaited = new Set(components.flatMap((component) => component.orderAfter));
  return new Set(
    components
      .filter((c) => c.emitted && FLUX_SOURCE_TYPES.has(c.type) && awaited.has(c.name) && c.orderAfter.length === 0 && c.group === undefined)
      .map((c) => c.name),
  );
}
