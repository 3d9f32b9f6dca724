import type { WorkComponent } from '../model.js';

/**
 * The generated sources among `components`: a source a rule emitted that another of them is
 * ordered after, that is ordered after nothing and is no sibling group's member. The document as a
 * whole owns each, since every component naming the same source shares it, and none waits with
 * the components that read it.
 */
export function generatedSources(components: readonly WorkComponent[]): Set<WorkComponent> {
  const awaited = new Set(components.flatMap((component) => component.orderAfter));
  return new Set(components.filter((component) => component.emitted && component.group === undefined && component.orderAfter.length === 0 && awaited.has(component.name)));
}
