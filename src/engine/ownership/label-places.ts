import { EACH, operatorMetadataHolders, podTemplateOf, type MetadataHolder, type ObjectLayouts } from './holders.js';
import type { WrittenMap } from '../../plugin-api/kit/index.js';

// Where an object holds labels that reach pods, by kind: the component label is read in every
// such place and written only into the object's own labels, its pod template and a CronJob's job
// template. The operator and Flux places are read only: launcher writes nothing there. The places
// are the reserved keys' metadata holders, but those that reach no pods: the kinds' one
// declaration in the registry serves both.

/** A label map of an object: its path, for the refusal, and how to reach it. */
export interface LabelPlace {
  path: string;
  /** The metadata holding the labels (labels: `<metadata>.labels`), or undefined when absent. */
  metadata: WrittenMap | null | undefined;
  /** Whether launcher writes the label there. */
  written: boolean;
  /** The template holding the metadata, where launcher writes it: the metadata is created there when absent. */
  holder?: unknown;
}

export function groupOf(object: WrittenMap): string {
  const apiVersion = typeof object.apiVersion === 'string' ? object.apiVersion : '';
  return apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
}

const isObject = (value: unknown): value is WrittenMap => typeof value === 'object' && value !== null && !Array.isArray(value);
const at = (value: unknown, ...keys: (string | number)[]): unknown => keys.reduce<unknown>((node, key) => (isObject(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[key] : undefined), value);

/** The label places of an object: its own, its pod and job templates, and the read-only ones. */
export function labelPlaces(object: WrittenMap, layouts: ObjectLayouts): LabelPlace[] {
  const places: LabelPlace[] = [{ path: 'metadata.labels', metadata: object.metadata as WrittenMap | null | undefined, written: true }];
  const group = groupOf(object);
  const template = typeof object.kind === 'string' ? podTemplateOf(layouts, group, object.kind) : undefined;
  const written = (steps: string[]) => {
    const holder = at(object, ...steps);
    places.push({ path: `${steps.join('.')}.metadata.labels`, metadata: at(holder, 'metadata') as WrittenMap, written: true, holder });
  };
  if (template?.jobTemplate) written(template.jobTemplate);
  if (template) written(template.path);
  // Only a string kind names a layout; the lookup finds nothing for any other value.
  for (const holder of operatorMetadataHolders(layouts, group, object.kind as string)) {
    if (!holder.noPods) places.push(...readPlaces(object, holder));
  }
  return places;
}

/** What a holder holds on the object, once or once per element of the lists its path goes through; an absent step holds nothing. */
function readPlaces(object: WrittenMap, holder: MetadataHolder): LabelPlace[] {
  const out: LabelPlace[] = [];
  const walk = (node: unknown, steps: string[], path: string): void => {
    if (steps.length === 0) {
      if (holder.only === 'labels') {
        if (node !== undefined) out.push({ path, metadata: { labels: node }, written: false });
      } else out.push({ path: `${path}.labels`, metadata: node as WrittenMap, written: false });
      return;
    }
    const [step, ...rest] = steps;
    const value = at(node, step);
    const here = path ? `${path}.${step}` : step;
    if (rest[0] !== EACH) return walk(value, rest, here);
    if (Array.isArray(value)) value.forEach((element, index) => walk(element, rest.slice(1), `${here}[${index}]`));
  };
  walk(object, holder.path, '');
  return out;
}
