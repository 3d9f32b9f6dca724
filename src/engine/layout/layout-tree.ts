import type { GeneratedObject } from '../generate.js';
import type { Application } from '../transform.js';
import type { LayoutBundle, LayoutTree } from './model.js';

/**
 * The bundle tree a layout writer walks, from the build's bundles (the application bundle first,
 * then its ordered groups) and the generated objects, in output order. Each object carries the
 * delivery intents of its application, which cover the application's trait sub-applications too.
 */
export function layoutTree(
  bundles: ReadonlyArray<{ name: string; applications: readonly Application[] }>,
  generated: readonly GeneratedObject[],
  bundleWhere?: LayoutBundle['where'],
): LayoutTree {
  const placed: LayoutBundle[] = bundles.map((bundle) => ({ name: bundle.name, objects: [], componentLayouts: [] }));
  // `generated` numbers applications across the bundle walk: map each number back to its bundle.
  const owners: Array<{ bundle: number; application: Application }> = [];
  bundles.forEach((bundle, index) => bundle.applications.forEach((application) => owners.push({ bundle: index, application })));
  for (const entry of generated) {
    const owner = owners[entry.source.application];
    placed[owner.bundle].objects.push({ object: entry.object, delivery: owner.application.delivery ?? [] });
  }
  const [bundle, ...groups] = placed;
  return { bundle: bundleWhere ? { ...bundle, where: bundleWhere } : bundle, groups };
}
