import type { K8sObject } from './objects.js';

/** A container of a pod spec: its name, and its other fields as written. */
export interface PodContainer {
  name: string;
  [field: string]: unknown;
}

/** A pod spec: its containers, and its other fields as written. */
export interface PodSpecFields {
  containers?: PodContainer[];
  initContainers?: PodContainer[];
  [field: string]: unknown;
}

/** A pod template's metadata. */
export interface PodTemplateMetadata {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  [field: string]: unknown;
}

/** A pod template held by an object: its metadata and its pod spec, changed in place by a trait. */
export interface PodTemplateRef {
  owner: K8sObject;
  metadata: PodTemplateMetadata;
  spec: PodSpecFields;
}

const TEMPLATE_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicaSet', 'ReplicationController']);

/** A pod template as a workload holds it, filled in as it is reached. */
interface HeldTemplate {
  metadata?: PodTemplateMetadata;
  spec?: PodSpecFields;
}

/** The template's metadata and spec, made empty objects where absent so that a trait can write into them. */
function filled(owner: K8sObject, template: HeldTemplate): PodTemplateRef {
  return { owner, metadata: (template.metadata ??= {}), spec: (template.spec ??= {}) };
}

/** The pod templates of workload objects (CronJob through its job template; a bare Pod's own spec). */
export function podTemplatesOf(objects: readonly K8sObject[]): PodTemplateRef[] {
  const refs: PodTemplateRef[] = [];
  for (const object of objects) {
    const spec = object.spec as { template?: HeldTemplate; jobTemplate?: { spec?: { template?: HeldTemplate } } } | undefined;
    if (!spec) continue;
    if (TEMPLATE_KINDS.has(object.kind) && spec.template) {
      refs.push(filled(object, spec.template));
    } else if (object.kind === 'CronJob' && spec.jobTemplate?.spec?.template) {
      refs.push(filled(object, spec.jobTemplate.spec.template));
    } else if (object.kind === 'Pod') {
      refs.push({ owner: object, metadata: object.metadata, spec: spec as PodSpecFields });
    } else if (object.kind === 'PodTemplate' && object.template) {
      refs.push(filled(object, object.template as HeldTemplate));
    }
  }
  return refs;
}
