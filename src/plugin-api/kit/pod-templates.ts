import type { HandlerContext } from '../context.js';
import type { K8sObject } from '../objects.js';
import { isPlainObject } from './validate.js';

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


/**
 * The pod templates of `objects`, where their kinds declare them (`podTemplate` on the kind's
 * object declaration, read through `ctx.objectLayout`): a Deployment's `spec.template`, a
 * CronJob's through its job template, a bare Pod's own metadata and spec. A template is given
 * `metadata` and `spec` maps when it holds none; an object without its template is passed over.
 */
export function podTemplatesOf(objects: readonly K8sObject[], ctx: Pick<HandlerContext, 'objectLayout'>): PodTemplateRef[] {
  const refs: PodTemplateRef[] = [];
  for (const object of objects) {
    const place = ctx.objectLayout(object.apiVersion, object.kind)?.podTemplate;
    if (!place) continue;
    if (place.path.length === 0) {
      // The object is itself a pod: without a spec it holds no pod to act on.
      if (isPlainObject(object.spec)) refs.push({ owner: object, metadata: object.metadata, spec: object.spec });
      continue;
    }
    const template = place.path.reduce<unknown>((node, step) => (isPlainObject(node) ? node[step] : undefined), object);
    if (!isPlainObject(template)) continue;
    // A template's metadata and spec are maps wherever a kind declares one: that is what the kind's
    // layout promises, and what the fields are read as from here on.
    refs.push({ owner: object, metadata: (template.metadata ??= {}) as PodTemplateMetadata, spec: (template.spec ??= {}) as PodSpecFields });
  }
  return refs;
}
