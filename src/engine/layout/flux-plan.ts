import { kurelErrors } from '../../plugin-api/index.js';
import { kustomizationNameProblem, unitLayoutName } from './cr-names.js';
import { FLUX_INTENT_ANNOTATIONS, fluxKustomization } from './flux-files.js';
import { objectFileName } from './layout-files.js';
import { joinPath, LayoutFolders, type Folder } from './layout-folders.js';
import { writeObject } from '../yaml/index.js';
import { topDirectory } from './top-directory.js';
import type { ComponentLayout, FluxLayoutOptions, FluxLayoutPlan, LayoutBundle, LayoutTree, PlannedKustomization } from './model.js';

const FLUX_FOLDER = 'flux-system';
function deliveryOf(bundle: LayoutBundle): { delivery?: LayoutBundle['delivery'] } {
  return bundle.delivery ? { delivery: bundle.delivery } : {};
}

/**
 * The Flux tree kure writes for the bundle tree under its default layout rules: a folder per bundle
 * (the application's, then one per ordered group inside it), one file per object, a
 * `kustomization.yaml` in every folder, and a Flux Kustomization per folder that renders bundles,
 * placed as the placement says. Pure: the host writes the files.
 */
export function planFluxLayout(tree: LayoutTree, options: FluxLayoutOptions): FluxLayoutPlan {
  const top = topDirectory(options.clusterDir, options.environment);
  const namespace = options.fluxNamespace ?? 'flux-system';
  const separate = options.placement === 'separate';
  const folders = new LayoutFolders(top, FLUX_INTENT_ANNOTATIONS);
  const kustomizations: PlannedKustomization[] = [];

  const fluxFolder = () => (separate ? folders.folder(joinPath(top, FLUX_FOLDER)) : undefined);
  // A generated Kustomization: its name validated and held unique in the tree, its file in `into`.
  const addKustomization = (into: Folder, planned: Omit<PlannedKustomization, 'file'>, setBy: string, where: LayoutBundle['where'] = {}) => {
    const problem = kustomizationNameProblem(planned.name);
    if (problem) throw kurelErrors.invalidName(`${planned.owner}: Kustomization name "${planned.name}": ${problem}; set ${setBy}`, where);
    folders.claimName('Kustomization', planned.name, planned.owner);
    const delivery = { ...options.defaults, ...planned.delivery };
    const object = fluxKustomization(planned, namespace, options.sourceRef, delivery);
    const file = folders.addFile(into, objectFileName(object), writeObject(object), `Kustomization ${namespace}/${planned.name}`);
    kustomizations.push({ ...planned, ...(Object.keys(delivery).length > 0 ? { delivery } : {}), file });
  };

  const root = folders.folder(top);
  const bundleDir = joinPath(top, tree.bundle.name);
  if (separate && bundleDir === joinPath(top, FLUX_FOLDER)) {
    throw kurelErrors.collision(`bundle "${bundleDir}": its folder is the one the separate placement keeps the Flux Kustomizations in; rename the bundle (the Naming hook's answer for role "bundle") or use --placement per-layout`,
      tree.bundle.where,
    );
  }
  addKustomization(
    fluxFolder() ?? root,
    { name: tree.bundle.name, path: bundleDir, dependsOn: [], healthChecks: tree.groups.map((group) => group.name), owner: `bundle "${bundleDir}"`, ...deliveryOf(tree.bundle) },
    `the Naming hook's answer for role "bundle"`,
    tree.bundle.where,
  );
  placeBundle(tree.bundle, bundleDir);
  tree.groups.forEach((group, index) => {
    const dir = joinPath(bundleDir, group.name);
    const dependsOn = index > 0 ? [tree.groups[index - 1].name] : [];
    addKustomization(fluxFolder() ?? folders.folder(bundleDir), { name: group.name, path: dir, dependsOn, healthChecks: [], owner: `bundle "${dir}"`, ...deliveryOf(group) }, `the Naming hook's answer for role "group"`);
    placeBundle(group, dir);
  });
  if (separate) root.children.push(FLUX_FOLDER);

  function placeBundle(bundle: LayoutBundle, dir: string) {
    if (separate) {
      folders.placeBundle(bundle, dir, (layoutDir, layout) =>
        kurelErrors.lowering(`layout "${layoutDir}": component "${layout.component}" renders ${layout.hookGroups.length} hook groups, which are applied in order by Kustomizations chained with dependsOn; only --placement per-layout writes a Kustomization per layout`),
      );
      return;
    }
    const into = folders.folder(dir, bundle.name);
    folders.placeObjects(into, bundle.objects);
    for (const layout of bundle.componentLayouts) placeComponentLayout(layout, into, bundle.name);
  }

  // Under per-layout, a component's own layout is a folder inside its bundle's with a Kustomization of its own.
  function placeComponentLayout(layout: ComponentLayout, parent: Folder, unit: string) {
    const dir = joinPath(parent.path, layout.component);
    const hooks = layout.hookGroups;
    const name = layout.kustomizationName ?? unitLayoutName(unit, layout.component);
    addKustomization(parent, { name, path: dir, dependsOn: [], healthChecks: [], owner: `layout "${dir}"` }, `the component's layoutKustomizationName (or the Naming hook's answer for role "layout")`);
    const own = folders.folder(dir, name);
    if (hooks.length < 2) {
      folders.placeObjects(own, hooks.flatMap((group) => group.objects));
      return;
    }
    let previous: string | undefined;
    for (const group of hooks) {
      const groupDir = joinPath(dir, group.name);
      const groupName = group.named ? group.name : unitLayoutName(unit, group.name);
      addKustomization(own, { name: groupName, path: groupDir, dependsOn: previous ? [previous] : [], healthChecks: [], owner: `layout "${groupDir}"` }, `the component's hookGroupNamePrefix (or the Naming hook's answer for role "hook-group")`);
      folders.placeObjects(folders.folder(groupDir, groupName), group.objects);
      previous = groupName;
    }
  }

  folders.refuseEmittedTwins('Kustomization', namespace);
  return { top, ...folders.finish(), kustomizations };
}
