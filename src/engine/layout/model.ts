import type { BundleDelivery, DeliveryIntent, K8sObject } from '../../plugin-api/index.js';

export type { BundleDelivery };

/** An object on its way into the tree, with the delivery intents of the application that holds it. */
export interface LayoutObject {
  object: K8sObject;
  delivery: readonly DeliveryIntent[];
}

/** One ordered partition of a chart's objects (its hook phase and weight), applied after the one before. */
export interface HookGroup {
  /** `<application>-<component>-NN-<phase>`, or `<prefix>-NN-<phase>` when a prefix was given. */
  name: string;
  /** Named by a prefix the author or the Naming hook gave: its Kustomization takes the name as written. */
  named?: boolean;
  objects: LayoutObject[];
}

/**
 * A component with a layout of its own (a chart rendered at build time): a folder inside its bundle's,
 * holding its objects, or with two hook groups or more, one folder per group.
 */
export interface ComponentLayout {
  component: string;
  /** A Kustomization name the author or the Naming hook set: used as written under per-layout. */
  kustomizationName?: string;
  /** In apply order; one group is the component's objects as they are. */
  hookGroups: HookGroup[];
}

/** A bundle: its folder holds its own objects; a component layout is a folder inside it. */
export interface LayoutBundle {
  name: string;
  /** Where the name was written (the Application's metadata.name), for a refusal of it. */
  where?: { file?: string; line?: number; column?: number; path?: string };
  objects: LayoutObject[];
  componentLayouts: ComponentLayout[];
  /**
   * How the bundle is delivered, where the application's delivery policies and traits said so
   * (`reconciliation`, `health-checks`, `fluxcd-patches`, `fluxcd-postbuild`): read by the layout
   * writers, which turn it into their own objects (a Flux Kustomization's spec, an Argo CD
   * Application's syncPolicy). Absent: every field is the writer's default.
   */
  delivery?: BundleDelivery;
}

/**
 * What the engine hands a layout writer: the application bundle (its own objects, the generated
 * sources of an ordered application or every object of a flat one) and its ordered groups, each
 * depending on the one before.
 */
export interface LayoutTree {
  bundle: LayoutBundle;
  groups: LayoutBundle[];
}

export type Placement = 'separate' | 'per-layout';

export interface FluxLayoutOptions {
  /** The folder at the top of the tree, relative to the output folder (`cluster` by default). */
  clusterDir?: string;
  /** The named environment built for: the top is `clusters/<environment>` unless `clusterDir` says otherwise. */
  environment?: string;
  placement: Placement;
  sourceRef: { kind: string; name: string; namespace?: string };
  /** The namespace of the generated Kustomizations (`flux-system` by default). */
  fluxNamespace?: string;
  /**
   * Settings every generated Kustomization starts from (the config's `flux:` block); a bundle's
   * own delivery settings override them on its Kustomization.
   */
  defaults?: Pick<BundleDelivery, 'interval' | 'prune'>;
}

/** A generated Flux Kustomization, as `explain` shows it. */
export interface PlannedKustomization {
  name: string;
  /** Where its file is, relative to the output folder. */
  file: string;
  path: string;
  dependsOn: string[];
  healthChecks: string[];
  /** `bundle "<dir>"` or `layout "<dir>"`, as a clash names it. */
  owner: string;
  /** The delivery settings it is written with, past the defaults (a bundle's or the config's). */
  delivery?: BundleDelivery;
}

/** One folder of the tree and what its `kustomization.yaml` lists. */
export interface PlannedFolder {
  path: string;
  resources: string[];
  /** The Kustomization that applies the folder; undefined for the top (the bootstrap applies it). */
  appliedBy?: string;
  /** The object files in it and what each holds. */
  objects: Array<{ file: string; kind: string; namespace?: string; name: string }>;
}

/** A tree of folders as a layout writer plans it; the host writes `files` under `top`. */
export interface LayoutPlan {
  top: string;
  /** Every file, by path relative to the top folder. */
  files: Map<string, string>;
  /**
   * Every `kustomization.yaml` of `files`, by the same path, as what it lists: its own files and its
   * child folders. A tree of several owners rebuilds each from the union of every owner's.
   */
  indexes: Map<string, TreeIndex>;
  folders: PlannedFolder[];
}

export interface FluxLayoutPlan extends LayoutPlan {
  kustomizations: PlannedKustomization[];
}

/** Where the generated Applications send a bundle's objects: a cluster by API server URL or by the name Argo CD knows it by. */
export type ArgoDestination = { server: string } | { name: string };

/** The `argocd` block of the kurel config, as the Argo CD tree reads it. */
export interface ArgoSettings {
  /** The Git (or Helm/OCI) repository Argo CD reads the tree from. */
  repoURL: string;
  /** `HEAD` by default. */
  targetRevision?: string;
  /** Where the output folder is inside the repository: prefixed to each Application's path (the repository's root by default). */
  path?: string;
  /** `default` by default. */
  project?: string;
  /** The namespace of the Applications (`argocd` by default). */
  namespace?: string;
  /** `syncPolicy.automated.selfHeal`; true by default. */
  selfHeal?: boolean;
  /** `syncPolicy.automated.prune` where the bundle's delivery does not say; false by default. */
  prune?: boolean;
  /** By environment name: the cluster an environment's Applications deploy to. */
  destinations?: Record<string, ArgoDestination>;
}

export interface ArgoLayoutOptions {
  /** The folder at the top of the tree, relative to the output folder (`cluster`, or `clusters/<environment>`, by default). */
  clusterDir?: string;
  argocd: ArgoSettings;
  /** The environment built (`--environment`): picks its destination and, without `clusterDir`, the top folder. */
  environment?: string;
  /** The application's namespace: each Application's `destination.namespace`. */
  namespace: string;
}

/** A generated Argo CD Application, as `explain` shows it. */
export interface PlannedApplication {
  name: string;
  /** Where its file is, relative to the output folder. */
  file: string;
  /** The folder it applies, relative to the output folder. */
  path: string;
  /** `spec.source.path`: the folder as a path in the repository. */
  sourcePath: string;
  /** Its `argocd.argoproj.io/sync-wave`: the bundle's place in the dependency order. */
  syncWave: number;
  /** `bundle "<dir>"`, as a clash names it. */
  owner: string;
}

export interface ArgoLayoutPlan extends LayoutPlan {
  applications: PlannedApplication[];
}

/** What a folder's `kustomization.yaml` lists: its own files (written sorted), then child folders in order. */
export interface TreeIndex {
  files: string[];
  children: string[];
}
