import type { FluxLayoutPlan } from './model.js';

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
        const extras = [
          ...(kustomization.dependsOn.length > 0 ? [`dependsOn ${kustomization.dependsOn.join(', ')}`] : []),
          ...(kustomization.healthChecks.length > 0 ? [`healthChecks ${kustomization.healthChecks.join(', ')}`] : []),
        ];
        lines.push(`  ${resource}  Kustomization ${kustomization.name} -> ${kustomization.path}${extras.length > 0 ? `, ${extras.join(', ')}` : ''}`);
      } else if (object) {
        lines.push(`  ${resource}  ${object.kind} ${object.namespace ? `${object.namespace}/` : ''}${object.name}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}
