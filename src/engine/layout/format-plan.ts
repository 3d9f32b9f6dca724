import type { ArgoLayoutPlan, BundleDelivery, FluxLayoutPlan, LayoutPlan } from './model.js';

/**
 * The tree as `kurel explain --layout flux` prints it: each folder with what applies it and what
 * its `kustomization.yaml` lists, each generated Kustomization, and each object's file.
 */
export function formatFluxPlan(plan: FluxLayoutPlan): string {
  const byFile = new Map(plan.kustomizations.map((kustomization) => [kustomization.file, kustomization]));
  return formatFolders(plan, {
    topNote: `flux bootstrap --path=${plan.top}`,
    applier: 'Kustomization',
    line: (path) => {
      const kustomization = byFile.get(path);
      if (!kustomization) return undefined;
      const { delivery } = kustomization;
      const healthChecks = [...(delivery?.wait ? [] : kustomization.healthChecks), ...(delivery?.healthChecks ?? []).map((check) => `${check.kind}/${check.name}`)];
      const extras = [
        ...(kustomization.dependsOn.length > 0 ? [`dependsOn ${kustomization.dependsOn.join(', ')}`] : []),
        ...(healthChecks.length > 0 ? [`healthChecks ${healthChecks.join(', ')}`] : []),
        ...(delivery ? deliverySettings(delivery) : []),
      ];
      return `Kustomization ${kustomization.name} -> ${kustomization.path}${extras.length > 0 ? `, ${extras.join(', ')}` : ''}`;
    },
  });
}

/** The Argo CD tree as `kurel explain --layout argocd` prints it: as the Flux tree, with each Application's sync wave and source path. */
export function formatArgoPlan(plan: ArgoLayoutPlan): string {
  const byFile = new Map(plan.applications.map((application) => [application.file, application]));
  return formatFolders(plan, {
    topNote: `the root Application, path ${plan.top}`,
    applier: 'Application',
    line: (path) => {
      const application = byFile.get(path);
      return application && `Application ${application.name} -> ${application.sourcePath}, sync-wave ${application.syncWave}`;
    },
  });
}

interface Shown {
  /** What applies the top folder. */
  topNote: string;
  /** The kind of the objects that apply the other folders. */
  applier: string;
  /** The line of a generated delivery object, by its file's path; undefined for any other file. */
  line: (path: string) => string | undefined;
}

function formatFolders(plan: LayoutPlan, shown: Shown): string {
  const lines: string[] = [];
  for (const folder of plan.folders) {
    let appliedBy = `applied by ${shown.applier} ${folder.appliedBy}`;
    if (folder.appliedBy === undefined) appliedBy = folder.path === plan.top ? `the top: ${shown.topNote}` : `listed by ${plan.top}/kustomization.yaml`;
    lines.push(`${folder.path}/  (${appliedBy})`);
    lines.push(`  kustomization.yaml: ${folder.resources.length > 0 ? folder.resources.join(', ') : '[]'}`);
    const objects = new Map(folder.objects.map((object) => [object.file, object]));
    for (const resource of folder.resources) {
      const generated = shown.line(`${folder.path === '.' ? '' : `${folder.path}/`}${resource}`);
      const object = objects.get(resource);
      if (generated) lines.push(`  ${resource}  ${generated}`);
      else if (object) lines.push(`  ${resource}  ${object.kind} ${object.namespace ? `${object.namespace}/` : ''}${object.name}`);
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
