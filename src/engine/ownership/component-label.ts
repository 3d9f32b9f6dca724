import { kurelErrors, type K8sObject } from '../../plugin-api/index.js';
import { describeValue, isPlainObject, type WrittenMap } from '../../plugin-api/kit/index.js';
import { groupOf, labelPlaces } from './label-places.js';
import { appliedMembers, isListEnvelope } from './list-envelopes.js';
import { componentLabelPostRenderer } from './post-renderer.js';
import { foreignValueText, selectorRequiresAnotherText, selectorRulesOutText } from './texts.js';
import { checkWorkloadSelector } from './workload-selector.js';
import type { ObjectLayouts } from './holders.js';

// The component label is authoritative: every object an owned application generates is held to
// it before it is written. A value already under the key must be the owner's (or, under the key
// app, the entry's own, which the kinds write), in every place that reaches pods.


/** What one application's objects are held to. */
export interface Ownership {
  key: string;
  /** The owning component. */
  component: string;
  /** The value written: ComponentLabelValue(owner). */
  want: string;
  /** The values accepted where one is already written: the owner's, and under the key app the entry's. */
  accepted: string[];
  /** Where each kind holds metadata, as the registry's kinds declare it. */
  layouts: ObjectLayouts;
}

/** How the refusals name an object: `Deployment "web"`. */
function describe(object: WrittenMap): string {
  return `${typeof object.kind === 'string' ? object.kind : 'object'} "${isPlainObject(object.metadata) ? (object.metadata.name ?? '') : ''}"`;
}

/** Metadata or a selector the check cannot read: generation fails rather than pass what it never held. */
function unreadable(object: WrittenMap, what: string, component: string): never {
  throw kurelErrors.unreadableObject(`component label: ${describe(object)}: ${what}`, { component });
}

/** The labels of one place, read as the cluster reads them: null is absent, a null value the empty string. */
function readLabels(object: WrittenMap, metadata: unknown, path: string, component: string): Record<string, string> | undefined {
  if (metadata === undefined || metadata === null) return undefined;
  if (!isPlainObject(metadata)) unreadable(object, `${path.replace(/\.labels$/, '')} is ${describeValue(metadata)}, not a map`, component);
  const labels = metadata.labels;
  if (labels === undefined || labels === null) return undefined;
  if (!isPlainObject(labels)) unreadable(object, `${path} is ${describeValue(labels)}, not a map`, component);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(labels)) {
    if (value !== null && typeof value !== 'string') unreadable(object, `${path}["${key}"] is ${describeValue(value)}, not a string`, component);
    out[key] = value ?? '';
  }
  return out;
}

function refuseLabel(message: string, component: string, refusal: string): never {
  throw kurelErrors.componentLabel(message, { component, refusal });
}

/** Holds one object (not an envelope) to the label, then writes it. */
function holdOne(object: WrittenMap, own: Ownership): void {
  const places = labelPlaces(object, own.layouts);
  let template: Record<string, string> | undefined;
  for (const place of places) {
    const labels = readLabels(object, place.metadata, place.path, own.component);
    if (place.path.endsWith('template.metadata.labels') && place.written) template = labels ?? {};
    const value = labels?.[own.key];
    if (value !== undefined && !own.accepted.includes(value)) {
      refuseLabel(foreignValueText(describe(object), place.path, own.key, value, own.component, own.want), own.component, 'foreign-value');
    }
  }
  const finding = checkWorkloadSelector(object, own.key, own.accepted, template, own.layouts);
  if (finding && 'unreadable' in finding) unreadable(object, `${finding.path}: ${finding.unreadable}`, own.component);
  if (finding?.refusal === 'requires-another') {
    refuseLabel(selectorRequiresAnotherText(describe(object), finding.path, own.key, finding.required, own.component, own.want), own.component, 'selector-requires-another');
  }
  if (finding?.refusal === 'rules-out') {
    refuseLabel(selectorRulesOutText(describe(object), finding.path, finding.how, own.key, own.component, own.want), own.component, 'selector-rules-out');
  }
  for (const place of places) {
    if (!place.written) continue;
    if (place.path === 'metadata.labels') {
      const metadata: WrittenMap = { ...(isPlainObject(object.metadata) ? object.metadata : {}) };
      object.metadata = metadata;
      metadata.labels = withLabel(metadata.labels, own);
    } else if (isPlainObject(place.holder)) {
      const holder = place.holder as WrittenMap;
      const metadata: WrittenMap = { ...(isPlainObject(holder.metadata) ? holder.metadata : {}) };
      holder.metadata = metadata;
      metadata.labels = withLabel(metadata.labels, own);
    }
  }
  const renderers = typeof object.kind === 'string' ? own.layouts.objectLayout(groupOf(object), object.kind)?.postRenderers : undefined;
  if (renderers) addPostRenderer(object, renderers, own);
}

/** A label map of the place's own, with the label: a map a config shares with a selector stays as it is. */
function withLabel(labels: unknown, own: Ownership): Record<string, string> {
  const current = isPlainObject(labels) ? (labels as Record<string, string>) : {};
  if (current[own.key] !== undefined && current[own.key] !== null) return { ...current };
  return { ...current, [own.key]: own.want };
}

/**
 * A kind whose chart is rendered in the cluster declares where its post-renderers are: its pods get
 * the label through one post-renderer there, added once.
 */
function addPostRenderer(object: WrittenMap, path: string[], own: Ownership): void {
  let holder = object;
  for (const key of path.slice(0, -1)) {
    const next = holder[key];
    holder = isPlainObject(next) ? next : (holder[key] = {});
  }
  const last = path[path.length - 1];
  const current = holder[last] ?? [];
  if (!Array.isArray(current)) unreadable(object, `${path.join('.')} is ${describeValue(current)}, not a list`, own.component);
  const renderer = componentLabelPostRenderer(own.key, own.want, own.layouts);
  const text = JSON.stringify(renderer);
  if (current.some((entry) => JSON.stringify(entry) === text)) return;
  holder[last] = [...current, renderer];
}

/**
 * Holds a generated object to the component label and writes it: on the object, its pod and job
 * templates, and on each member of a list envelope, as Flux applies it.
 */
export function holdComponentLabel(object: K8sObject, own: Ownership): void {
  holdOne(object as WrittenMap, own);
  if (!isListEnvelope(object as WrittenMap)) return;
  for (const member of appliedMembers(object as WrittenMap)) {
    if (!isPlainObject(member)) unreadable(object as WrittenMap, `an item of items is ${describeValue(member)}, not a map`, own.component);
    holdOne(member as WrittenMap, own);
  }
}
