import { kurelErrors } from '../../plugin-api/index.js';
import { dns1123SubdomainErrors } from '../../plugin-api/kit/index.js';
import { ARGO_INTENT_ANNOTATIONS, argoApplication, IN_CLUSTER } from './argocd-files.js';
import { topDirectory } from './top-directory.js';
import { objectFileName } from './layout-files.js';
import { joinPath, LayoutFolders } from './layout-folders.js';
import { writeObject } from '../yaml/index.js';
import type { ArgoDestination, ArgoLayoutOptions, ArgoLayoutPlan, LayoutBundle, LayoutTree, PlannedApplication } from './model.js';

/** The index folder: one Application per bundle, listed by the top folder, which the root Application applies. */
export const ARGO_FOLDER = 'argocd';

/**
 * The Argo CD tree: the Flux tree's folders and object files, and in place of its Kustomizations
 * one Argo CD Application per bundle (the application bundle, then each ordered group), all in
 * `<top>/argocd/`, ordered by sync waves. A chart's component layout is a plain subfolder its
 * bundle's Application applies. Pure: the host writes the files.
 */
export function planArgoLayout(tree: LayoutTree, options: ArgoLayoutOptions): ArgoLayoutPlan {
  const top = topDirectory(options.clusterDir, options.environment);
  const settings = options.argocd;
  const destination = argoDestination(options);
  const folders = new LayoutFolders(top, ARGO_INTENT_ANNOTATIONS);
  const root = folders.folder(top);
  const index = folders.folder(joinPath(top, ARGO_FOLDER));
  const applications: PlannedApplication[] = [];
  const namespace = settings.namespace ?? 'argocd';
  // The output folder's place in the repository, as Argo CD reads a path: no leading, trailing or doubled `/`.
  const prefix = (settings.path ?? '').split('/').filter((segment) => segment !== '' && segment !== '.').join('/');

  const addApplication = (bundle: LayoutBundle, dir: string, syncWave: number, setBy: string) => {
    const owner = `bundle "${dir}"`;
    const errors = dns1123SubdomainErrors(bundle.name);
    if (errors.length > 0) throw kurelErrors.invalidName(`${owner}: Application name "${bundle.name}": not a valid DNS-1123 subdomain: ${errors.join('; ')}; set ${setBy}`, bundle.where ?? {});
    folders.claimName('Application', bundle.name, owner);
    const planned = { name: bundle.name, path: dir, sourcePath: joinPath(prefix, dir), syncWave, owner };
    const object = argoApplication(planned, settings, destination, options.namespace, bundle.delivery);
    const file = folders.addFile(index, objectFileName(object), writeObject(object), `Application ${namespace}/${bundle.name}`);
    applications.push({ ...planned, file });
  };
  const refuseHookGroups = (layoutDir: string, layout: { component: string; hookGroups: unknown[] }) =>
    kurelErrors.lowering(`layout "${layoutDir}": component "${layout.component}" renders ${layout.hookGroups.length} hook groups, which are applied in order only by Flux Kustomizations chained with dependsOn; use --layout flux --placement per-layout`);

  const bundleDir = joinPath(top, tree.bundle.name);
  if (bundleDir === index.path) {
    throw kurelErrors.collision(`bundle "${bundleDir}": its folder is the one the Argo CD tree keeps the Applications in; rename the bundle (the Naming hook's answer for role "bundle")`, tree.bundle.where);
  }
  addApplication(tree.bundle, bundleDir, 0, `the Naming hook's answer for role "bundle"`);
  folders.placeBundle(tree.bundle, bundleDir, refuseHookGroups);
  tree.groups.forEach((group, position) => {
    const dir = joinPath(bundleDir, group.name);
    addApplication(group, dir, position + 1, `the Naming hook's answer for role "group"`);
    folders.placeBundle(group, dir, refuseHookGroups);
  });
  root.children.push(ARGO_FOLDER);

  folders.refuseEmittedTwins('Application', namespace);
  return { top, ...folders.finish(), applications };
}

/** The environment's cluster from `argocd.destinations`; the cluster Argo CD runs in where none is set. */
function argoDestination(options: ArgoLayoutOptions): ArgoDestination {
  const destinations = options.argocd.destinations;
  if (options.environment === undefined || destinations === undefined) return IN_CLUSTER;
  const found = destinations[options.environment];
  if (found !== undefined) return found;
  // A destinations map that names some environments but not this one is more likely a slip than a wish for the in-cluster default.
  throw kurelErrors.config(`argocd.destinations has no entry for environment "${options.environment}" (it has ${Object.keys(destinations).join(', ') || 'none'}); add argocd.destinations.${options.environment}: {server: URL} or {name: CLUSTER}`);
}
