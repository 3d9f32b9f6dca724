import { EACH, type MetadataHolder, type PodTemplatePlace } from '../../plugin-api/index.js';
import type { SealedRegistry } from '../registry.js';

// Every place an object holds labels and annotations that reach the cluster: its own metadata,
// metadata that becomes that of the pods the cluster runs for it, and metadata an operator or a
// controller copies onto what it creates. The kinds declare their pod templates and their other
// holders on their object declarations; the registry answers them by group and kind.

export { EACH, type MetadataHolder };

/** What the checks read of the sealed registry: the declared layouts. */
export type ObjectLayouts = Pick<SealedRegistry, 'objectLayout' | 'podTemplateKinds'>;

/** Where an object of `group` and `kind` holds a pod template below its own metadata; undefined for a kind with none, or that is itself a pod. */
export function podTemplateOf(layouts: ObjectLayouts, group: string, kind: string): PodTemplatePlace | undefined {
  const place = layouts.objectLayout(group, kind)?.podTemplate;
  return place && place.path.length > 0 ? place : undefined;
}

/** What an operator or a controller copies from an object of `group` and `kind` onto what it creates. */
export function operatorMetadataHolders(layouts: ObjectLayouts, group: string, kind: string): MetadataHolder[] {
  return layouts.objectLayout(group, kind)?.metadataHolders ?? [];
}

/** Every holder of an object of `group` and `kind`: its own metadata first, then a job template's, a pod template's and what operators copy. */
export function metadataHolders(layouts: ObjectLayouts, group: string, kind: string): MetadataHolder[] {
  const holders: MetadataHolder[] = [{ path: ['metadata'], holder: '' }];
  const template = podTemplateOf(layouts, group, kind);
  if (template?.jobTemplate) holders.push({ path: [...template.jobTemplate, 'metadata'], holder: 'job template' });
  if (template) holders.push({ path: [...template.path, 'metadata'], holder: 'pod template' });
  holders.push(...operatorMetadataHolders(layouts, group, kind));
  return holders;
}
