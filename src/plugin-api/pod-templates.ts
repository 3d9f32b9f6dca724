import type { K8sObject } from './objects.js';

type Json = Record<string, any>;

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

/** The pod templates of workload objects (CronJob through its job template; a bare Pod's own spec). */
export function podTemplatesOf(objects: readonly K8sObject[]): PodTemplateRef[] {
  const refs: PodTemplateRef[] = [];
  for (const object of objects) {
    const spec = object.spec as Json | undefined;
    if (!spec) continue;
    if (TEMPLATE_KINDS.has(object.kind) && spec.template) {
      refs.push({ owner: object, metadata: (spec.template.metadata ??= {}), spec: (spec.template.spec ??= {}) });
    } else if (object.kind === 'CronJob' && spec.jobTemplate?.spec?.template) {
      const template = spec.jobTemplate.spec.template;
      refs.push({ owner: object, metadata: (template.metadata ??= {}), spec: (template.spec ??= {}) });
    } else if (object.kind === 'Pod') {
      refs.push({ owner: object, metadata: object.metadata, spec });
    } else if (object.kind === 'PodTemplate' && (object.template as Json | undefined)) {
      const template = object.template as Json;
      refs.push({ owner: object, metadata: (template.metadata ??= {}), spec: (template.spec ??= {}) });
    }
  }
  return refs;
}
