import { kurelErrors } from '../../plugin-api/index.js';
import { kustomizationNameProblem, unitLayoutName } from './cr-names.js';
import { objectFileName, objectFileText, kustomizationFileText, fluxKustomization } from './flux-files.js';
import { writeObject } from '../yaml/index.js';
import { topDirectory } from './top-directory.js';
import type { ComponentLayout, FluxLayoutOptions, FluxLayoutPlan, LayoutBundle, LayoutObject, LayoutTree, PlannedFolder, PlannedKustomization, TreeIndex } from './model.js';

const FLUX_FOLDER = 'flux-system';
function deliveryOf(bundle: LayoutBundle): { delivery?: LayoutBundle['delivery'] } {
  return bundle.delivery ? { delivery: bundle.delivery } : {};
}

function joinPath(...parts: string[]): string {
  return parts.filter((part) => part !== '.' && part !== '').join('/') || '.';
}

interface Folder extends PlannedFolder {
  own: Set<string>;
  children: string[];
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
  const folders = new Map<string, Folder>();
  const files = new Map<string, string>();
  const kustomizations: PlannedKustomization[] = [];
  const owners = new Map<string, string>();

  const folder = (path: string, appliedBy?: string): Folder => {
    let found = folders.get(path);
    if (!found) {
      found = { path, resources: [], appliedBy, objects: [], own: new Set(), children: [] };
      folders.set(path, found);
    }
    return found;
  };
  const addFile = (into: Folder, name: string, content: string, describe: string) => {
    const path = joinPath(into.path, name);
    if (files.has(path)) throw kurelErrors.collision(`layout "${into.path}": two objects would be written to ${name} (${describe} is the second); rename one of them`);
    files.set(path, content);
    into.own.add(name);
  };
  const placeObjects = (into: Folder, objects: readonly LayoutObject[]) => {
    for (const entry of objects) {
      const name = objectFileName(entry.object);
      const { kind, metadata } = entry.object;
      addFile(into, name, objectFileText(entry), `${kind} ${metadata.namespace ? `${metadata.namespace}/` : ''}${metadata.name}`);
      into.objects.push({ file: name, kind, namespace: metadata.namespace, name: metadata.name });
    }
  };
  const fluxFolder = () => (separate ? folder(joinPath(top, FLUX_FOLDER)) : undefined);
  // A generated Kustomization: its name validated and held unique in the tree, its file in `into`.
  const addKustomization = (into: Folder, planned: Omit<PlannedKustomization, 'file'>, setBy: string, where: LayoutBundle['where'] = {}) => {
    const problem = kustomizationNameProblem(planned.name);
    if (problem) throw kurelErrors.invalidName(`${planned.owner}: Kustomization name "${planned.name}": ${problem}; set ${setBy}`, where);
    const first = owners.get(planned.name);
    if (first !== undefined) throw kurelErrors.collision(`Kustomization name "${planned.name}" is used by both ${first} and ${planned.owner}; give one of them another name`);
    owners.set(planned.name, planned.owner);
    const delivery = { ...options.defaults, ...planned.delivery };
    const object = fluxKustomization(planned, namespace, options.sourceRef, delivery);
    const name = objectFileName(object);
    addFile(into, name, writeObject(object), `Kustomization ${namespace}/${planned.name}`);
    kustomizations.push({ ...planned, ...(Object.keys(delivery).length > 0 ? { delivery } : {}), file: joinPath(into.path, name) });
  };

  const root = folder(top);
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
    addKustomization(fluxFolder() ?? folder(bundleDir), { name: group.name, path: dir, dependsOn, healthChecks: [], owner: `bundle "${dir}"`, ...deliveryOf(group) }, `the Naming hook's answer for role "group"`);
    placeBundle(group, dir);
  });
  if (separate) root.children.push(FLUX_FOLDER);

  function placeBundle(bundle: LayoutBundle, dir: string) {
    const into = folder(dir, bundle.name);
    placeObjects(into, bundle.objects);
    for (const layout of bundle.componentLayouts) placeComponentLayout(layout, into, bundle.name);
  }

  // A component's own layout: a folder inside its bundle's; under per-layout a Kustomization of its own.
  function placeComponentLayout(layout: ComponentLayout, parent: Folder, unit: string) {
    const dir = joinPath(parent.path, layout.component);
    const hooks = layout.hookGroups;
    if (separate && hooks.length >= 2) {
      throw kurelErrors.lowering(`layout "${dir}": component "${layout.component}" renders ${hooks.length} hook groups, which are applied in order by Kustomizations chained with dependsOn; only --placement per-layout writes a Kustomization per layout`,
      );
    }
    if (separate) {
      placeObjects(folder(dir, parent.appliedBy), hooks.flatMap((group) => group.objects));
      parent.children.push(layout.component);
      return;
    }
    const name = layout.kustomizationName ?? unitLayoutName(unit, layout.component);
    addKustomization(parent, { name, path: dir, dependsOn: [], healthChecks: [], owner: `layout "${dir}"` }, `the component's layoutKustomizationName (or the Naming hook's answer for role "layout")`);
    const own = folder(dir, name);
    if (hooks.length < 2) {
      placeObjects(own, hooks.flatMap((group) => group.objects));
      return;
    }
    let previous: string | undefined;
    for (const group of hooks) {
      const groupDir = joinPath(dir, group.name);
      const groupName = group.named ? group.name : unitLayoutName(unit, group.name);
      addKustomization(own, { name: groupName, path: groupDir, dependsOn: previous ? [previous] : [], healthChecks: [], owner: `layout "${groupDir}"` }, `the component's hookGroupNamePrefix (or the Naming hook's answer for role "hook-group")`);
      placeObjects(folder(groupDir, groupName), group.objects);
      previous = groupName;
    }
  }

  // An application may emit Flux Kustomizations of its own: one the tree also generates would be
  // applied twice, by two owners.
  for (const entry of folders.values()) {
    for (const object of entry.objects) {
      if (object.kind !== 'Kustomization' || object.namespace !== namespace || !owners.has(object.name)) continue;
      throw kurelErrors.collision(`Kustomization "${namespace}/${object.name}" is both generated for ${owners.get(object.name)} and emitted by the application into layout "${entry.path}"; give one of them another name`,
      );
    }
  }

  const planned: PlannedFolder[] = [];
  const indexes = new Map<string, TreeIndex>();
  for (const entry of folders.values()) {
    const index = { files: [...entry.own].sort(), children: entry.children };
    const resources = [...index.files, ...index.children];
    const path = joinPath(entry.path, 'kustomization.yaml');
    files.set(path, kustomizationFileText(resources));
    indexes.set(path, index);
    planned.push({ path: entry.path, resources, appliedBy: entry.appliedBy, objects: entry.objects });
  }
  // Paths relative to the top folder, which the host owns and writes whole.
  const relative = (path: string) => (top === '.' ? path : path.slice(top.length + 1));
  const relativeFiles = new Map([...files].map(([path, content]) => [relative(path), content]));
  const relativeIndexes = new Map([...indexes].map(([path, index]) => [relative(path), index]));
  return { top, files: relativeFiles, indexes: relativeIndexes, folders: planned, kustomizations };
}
