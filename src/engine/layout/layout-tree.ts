import type { Application, GeneratedObject } from '../model.js';
import type { BundleDelivery, ComponentLayout, LayoutBundle, LayoutObject, LayoutTree } from './model.js';

/**
 * The bundle tree a layout writer walks, from the build's bundles (the application bundle first,
 * then its ordered groups) and the generated objects, in output order. Each object carries the
 * delivery intents of its application, which cover the application's trait sub-applications too.
 * A chart rendered at build time takes its component's own objects into a layout of its own,
 * split into its hook groups.
 */
export function layoutTree(
  bundles: ReadonlyArray<{ name: string; applications: readonly Application[] }>,
  generated: readonly GeneratedObject[],
  bundleWhere?: LayoutBundle['where'],
  deliveries: ReadonlyArray<BundleDelivery | undefined> = [],
): LayoutTree {
  const placed: LayoutBundle[] = bundles.map((bundle, index) => ({ name: bundle.name, objects: [], componentLayouts: [], ...(deliveries[index] ? { delivery: deliveries[index] } : {}) }));
  // `generated` numbers applications across the bundle walk: map each number back to its bundle.
  const owners: Array<{ bundle: number; application: Application; chart?: ChartPlacement }> = [];
  bundles.forEach((bundle, index) =>
    bundle.applications.forEach((application) => {
      const chart = chartPlacement(application);
      if (chart) placed[index].componentLayouts.push(chart.layout);
      owners.push({ bundle: index, application, chart });
    }),
  );
  for (const entry of generated) {
    const owner = owners[entry.source.application];
    const object: LayoutObject = { object: entry.object, delivery: owner.application.delivery ?? [] };
    const group = entry.source.subApplication === undefined ? owner.chart?.groupOf.get(identity(entry.object)) : undefined;
    if (group) group.objects.push(object);
    else placed[owner.bundle].objects.push(object);
  }
  const [bundle, ...groups] = placed;
  return { bundle: bundleWhere ? { ...bundle, where: bundleWhere } : bundle, groups };
}

interface ChartPlacement {
  layout: ComponentLayout;
  /** Each rendered object's hook group, by identity. */
  groupOf: Map<string, ComponentLayout['hookGroups'][number]>;
}

function chartPlacement(application: Application): ChartPlacement | undefined {
  const member = application.members.find((candidate) => candidate.chart !== undefined);
  if (!member?.chart) return undefined;
  const { chart } = member;
  const groupOf = new Map<string, ComponentLayout['hookGroups'][number]>();
  const hookGroups = chart.hookGroups.map((group) => {
    const placedGroup = { name: group.name, ...(chart.hookGroupPrefix !== undefined ? { named: true } : {}), objects: [] as LayoutObject[] };
    for (const object of group.objects) groupOf.set(identity({ apiVersion: object.apiVersion, kind: object.kind, metadata: { name: object.name, namespace: object.namespace } }), placedGroup);
    return placedGroup;
  });
  const layout: ComponentLayout = { component: member.component.name, ...(chart.layoutKustomizationName ? { kustomizationName: chart.layoutKustomizationName } : {}), hookGroups };
  return { layout, groupOf };
}

function identity(object: { apiVersion: string; kind: string; metadata: { name: string; namespace?: string } }): string {
  return `${object.apiVersion}|${object.kind}|${object.metadata.namespace ?? ''}|${object.metadata.name}`;
}
