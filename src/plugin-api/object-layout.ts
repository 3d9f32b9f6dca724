// Where an object of a kind holds the metadata that reaches the cluster: a pod template (its pods'
// labels and annotations), and what an operator or a controller copies onto what it creates. A
// kind declares this on its object declaration (a component's `object`, or a plugin's
// `objectKinds` for a kind no component type generates); the engine reads it from the sealed
// registry to check the reserved metadata keys and the component label in every such place (and
// to reach the pods a chart renders in the cluster), and `podTemplatesOf` finds the pod templates
// a trait acts on.

/** A path step that reads every element of the list the step before it names. */
export const EACH = '[]';

/** Where a kind holds its pod template, and what selects its pods. */
export interface PodTemplatePlace {
  /**
   * The path of the pod template: the map holding `metadata` and `spec` (`['spec', 'template']`
   * for a Deployment). Empty for an object that is itself a pod (a Pod): its own metadata and spec.
   */
  path: string[];
  /** Where a job template holding the pod template is, whose metadata is read too (a CronJob's `['spec', 'jobTemplate']`). */
  jobTemplate?: string[];
  /** The path of the label selector that selects the template's pods, when the kind has one. */
  selector?: string[];
  /** The selector is a plain map of labels (a ReplicationController's), not a LabelSelector. */
  selectorIsLabelMap?: boolean;
}

/** A place, besides the object's own metadata and its pod template, where metadata reaches the cluster. */
export interface MetadataHolder {
  /** Where the holder is: the map with `labels` and `annotations`, or the map itself (`only`). `EACH` steps into each element of a list. */
  path: string[];
  /** The holder as a refusal names it, before "label" or "annotation" ("mover pod", "secret template"). */
  holder: string;
  /** The path holds a map of labels (or of annotations) and nothing beside it. */
  only?: 'labels' | 'annotations';
  /** Read only when the object's fields allow it (the first of several alternatives set, say). */
  when?: (object: Record<string, unknown>) => boolean;
  /**
   * The metadata reaches objects that are no pods (Secrets, Services, claims): the reserved keys
   * are read there, the component label (which selects pods) is not.
   */
  noPods?: boolean;
}

/** What a kind declares about where its objects hold metadata. */
export interface ObjectLayout {
  podTemplate?: PodTemplatePlace;
  /** In the order the checks read them: the first refusal found is the one reported. */
  metadataHolders?: MetadataHolder[];
  /**
   * For a kind whose pods are rendered in the cluster, from a chart (a Flux HelmRelease): the path
   * of its list of Kustomize post-renderers. The engine adds one there that puts the component
   * label on the pod template of every kind the registry knows one of, so the pods the chart
   * renders carry it too.
   */
  postRenderers?: string[];
}

/**
 * A kind a plugin describes without a component type generating it (an operator's kind authors
 * reach through `object`, `manifests` or a chart): its objects are checked as a component's are.
 */
export interface ObjectKindDeclaration extends ObjectLayout {
  apiVersion: string;
  kind: string;
}
