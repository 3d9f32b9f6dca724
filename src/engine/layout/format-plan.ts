import type { BundleDelivery, FluxLayoutPlan } from './model.js';

/**
 * The tree as `kurel explain --layout flux` prints it: each folder with what applies it and what
 * its `kustomization.yaml` lists, each generated Kustomization, and each object's file.
 */
export function formatFluxPlan(plan: FluxLayoutPlan): string {
  const lines: string[] = [];
  const byFile = new Map(plan.kustomizations.map((kustomization) => [kustomization.file, kustomization]));
  for (const folder of plan.folders) {
    let appliedBy = `applied by Kustomization ${folder.appliedBy}`;
    if (folder.appliedBy === undefined) appliedBy = folder.path === plan.top ? `the top: flux bootstrap --path=${plan.top}` : `listed by ${plan.top}/kustomization.yaml`;
    lines.push(`${folder.path}/  (${appliedBy})`);
    lines.push(`  kustomization.yaml: ${folder.resources.length > 0 ? folder.resources.join(', ') : '[]'}`);
    const objects = new Map(folder.objects.map((object) => [object.file, object]));
    for (const resource of folder.resources) {
      const path = `${folder.path === '.' ? '' : `${folder.path}/`}${resource}`;
      const kustomization = byFile.get(path);
      const object = objects.get(resource);
      if (kustomization) {
        const { delivery } = kustomization;
        const healthChecks = [...(delivery?.wait ? [] : kustomization.healthChecks), ...(delivery?.healthChecks ?? []).map((check) => `${check.kind}/${check.name}`)];
        const extras = [
          ...(kustomization.dependsOn.length > 0 ? [`dependsOn ${kustomization.dependsOn.join(', ')}`] : []),
          ...(healthChecks.length > 0 ? [`healthChecks ${healthChecks.join(', ')}`] : []),
          ...(delivery ? deliverySettings(delivery) : []),
        ];
        lines.push(`  ${resource}  Kustomization ${kustomization.name} -> ${kustomization.path}${extras.length > 0 ? `, ${extras.join(', ')}` : ''}`);
      } else if (object) {
        lines.push(`  ${resource}  ${object.kind} ${object.namespace ? `${object.namespace}/` : ''}${object.name}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A Kustomization's delivery settings past Flux's defaults, in the CR's field order. */
function deliverySettings(delivery: BundleDelivery): string[] {
  const scalars = (['interval', 'retryInterval', 'timeout', 'prune', 'wait', 'force', 'suspend'] as const).flatMap((key) => (delivery[key] === undefined ? [] : [`${key} ${delivery[key]}`]));
  const substitutions = [...Object.keys(delivery.postBuild?.substitute ?? {}), ...(delivery.postBuild?.substituteFrom ?? []).map((from) => `${from.kind}/${from.name}`)];
  return [
    ...scalars,
    ...(delivery.patches?.length ? [`patches ${delivery.patches.length}`] : []),
    ...(substitutions.length > 0 ? [`postBuild ${substitutions.join(', ')}`] : []),
  ];
}
