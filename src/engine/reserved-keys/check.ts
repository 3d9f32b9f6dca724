import { kurelErrors, type K8sObject } from '../../plugin-api/index.js';
import { describeValue, isPlainObject, fieldOf, type WrittenMap } from '../../plugin-api/kit/index.js';
import type { Application } from '../model.js';
import { EACH, metadataHolders, type MetadataHolder, type ObjectLayouts } from '../ownership/holders.js';
import { appliedObjects } from '../ownership/list-envelopes.js';

/** The label launcher's own components and traits write on what they generate. */
const APP_LABEL = 'app';

const SENTINEL = 'oam: metadata key is reserved';

export interface ReservedKeysInput {
  /** The transform's applications, read as their components and traits generated them, before any label is stamped. */
  applications: Application[];
  /** Keys and `prefix/` entries, validated by the host; nothing is reserved when empty. */
  reserved: readonly string[] | undefined;
  componentLabelKey: string;
  /** Where each kind holds metadata, as the registry's kinds declare it. */
  layouts: ObjectLayouts;
}

interface Reserved {
  exact: Set<string>;
  /** Each ending in "/", sorted. */
  prefixes: string[];
}

/**
 * Refuses a label or annotation key the platform reserved, on any object generation emits and in
 * any place it holds metadata in, whatever wrote it. Exempt: the `app` label and the component
 * label as label keys, and the annotations a trait wrote from the platform's input, as key and
 * value, on its objects' own metadata. Each list envelope is read by its members.
 */
export function checkReservedMetadataKeys(input: ReservedKeysInput): void {
  for (const application of input.applications) {
    for (const member of application.members) checkReservedKeysOf(member.objects, application.name, input);
    for (const sub of application.subApplications) checkReservedKeysOf(sub.objects, application.name, input, sub.platformAnnotations);
  }
}

/**
 * The check on one application's objects. `component` is its owner, undefined for an application
 * the document as a whole owns (the refusal then names the document). `platform` holds the
 * annotations its trait wrote from the platform's input.
 */
export function checkReservedKeysOf(objects: K8sObject[], component: string | undefined, settings: Pick<ReservedKeysInput, 'reserved' | 'componentLabelKey' | 'layouts'>, platform?: Record<string, string>): void {
  const reserved = parseReserved(settings.reserved);
  if (!reserved) return;
  for (const object of objects.flatMap(appliedObjects)) checkObject(object, { owner: component, reserved, labelKey: settings.componentLabelKey, platform, layouts: settings.layouts });
}

function parseReserved(entries: readonly string[] | undefined): Reserved | undefined {
  if (!entries || entries.length === 0) return undefined;
  const prefixes = [...new Set(entries.filter((entry) => entry.endsWith('/')))].sort();
  return { exact: new Set(entries.filter((entry) => !entry.endsWith('/'))), prefixes };
}

/** The entry that reserves `key`: the key itself, else the prefix it is under. */
function entryFor(reserved: Reserved, key: string): string | undefined {
  if (reserved.exact.has(key)) return key;
  return reserved.prefixes.find((prefix) => key.startsWith(prefix));
}


interface Owner {
  /** The owning component; undefined for an object the document as a whole owns. */
  owner: string | undefined;
  reserved: Reserved;
  labelKey: string;
  platform: Record<string, string> | undefined;
  layouts: ObjectLayouts;
}

function checkObject(object: WrittenMap, owner: Owner): void {
  const apiVersion = typeof object.apiVersion === 'string' ? object.apiVersion : '';
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const kind = typeof object.kind === 'string' ? object.kind : '';
  const where = `${kind} "${String(fieldOf(object.metadata, 'name') ?? '')}"`;
  for (const holder of metadataHolders(owner.layouts, group, kind)) {
    if (holder.when && !holder.when(object)) continue;
    for (const held of collect(object, holder, where)) {
      checkHeld(held, holder, where, owner, holder.holder === '' ? owner.platform : undefined);
    }
  }
}

interface Held {
  labels?: unknown;
  annotations?: unknown;
  /** Where the labels and the annotations are, as a refusal prints them. */
  labelsPath: string;
  annotationsPath: string;
}

/** What a holder holds on the object: once, or once per element of the lists its path goes through. */
function collect(object: WrittenMap, holder: MetadataHolder, where: string): Held[] {
  const out: Held[] = [];
  const walk = (node: WrittenMap, steps: string[], at: string): void => {
    for (let i = 0; i < steps.length; i++) {
      const field = steps[i];
      at = at ? `${at}.${field}` : field;
      const value = node[field];
      if (value === undefined || value === null) return;
      if (steps[i + 1] === EACH) {
        if (!Array.isArray(value)) throw unreadable(where, `${at} is ${describeValue(value)}, not a list`);
        value.forEach((element, index) => {
          if (element === null || element === undefined) return;
          if (!isPlainObject(element)) throw unreadable(where, `${at}[${index}] is ${describeValue(element)}, not a map`);
          walk(element, steps.slice(i + 2), `${at}[${index}]`);
        });
        return;
      }
      if (!isPlainObject(value)) throw unreadable(where, `${at} is ${describeValue(value)}, not a map`);
      node = value;
    }
    if (holder.only === 'labels') out.push({ labels: node, labelsPath: at, annotationsPath: '' });
    else if (holder.only === 'annotations') out.push({ annotations: node, labelsPath: '', annotationsPath: at });
    else out.push({ labels: node.labels, annotations: node.annotations, labelsPath: `${at}.labels`, annotationsPath: `${at}.annotations` });
  };
  walk(object, holder.path, '');
  return out;
}

function checkHeld(held: Held, holder: MetadataHolder, where: string, owner: Owner, platform: Record<string, string> | undefined): void {
  for (const key of keysOf(held.labels, held.labelsPath, where)) {
    if (key === APP_LABEL || key === owner.labelKey) continue;
    const entry = entryFor(owner.reserved, key);
    if (entry !== undefined) throw refusal(owner.owner, where, holder.holder, 'label', key, entry, held.labelsPath);
  }
  const annotations = held.annotations as Record<string, unknown> | undefined;
  for (const key of keysOf(annotations, held.annotationsPath, where)) {
    if (platform && Object.hasOwn(platform, key) && platform[key] === annotations![key]) continue;
    const entry = entryFor(owner.reserved, key);
    if (entry !== undefined) throw refusal(owner.owner, where, holder.holder, 'annotation', key, entry, held.annotationsPath);
  }
}

/** The keys of a label or annotation map, sorted; a value, a null among them, does not hide its key. */
function keysOf(map: unknown, path: string, where: string): string[] {
  if (map === undefined || map === null) return [];
  if (!isPlainObject(map)) throw unreadable(where, `${path} is ${describeValue(map)}, not a map`);
  return Object.keys(map).sort();
}

function unreadable(where: string, problem: string) {
  return kurelErrors.reservedMetadataKey(`reserved metadata keys: ${where}: ${problem}`);
}

/**
 * `component "web": Ingress "web-ingress": annotation "platform.example/zone" may not be set: the
 * prefix "platform.example/" is reserved for the platform: oam: metadata key is reserved`. The
 * path is printed only where the holder is an element of a list.
 */
function refusal(component: string | undefined, where: string, holder: string, what: 'label' | 'annotation', key: string, entry: string, path: string) {
  const owner = component === undefined ? 'the document' : `component "${component}"`;
  const reason = entry === key ? 'the key is reserved for the platform' : `the prefix "${entry}" is reserved for the platform`;
  const at = path.includes('[') ? ` (${path})` : '';
  return kurelErrors.reservedMetadataKey(`${owner}: ${where}: ${holder ? `${holder} ` : ''}${what} "${key}"${at} may not be set: ${reason}: ${SENTINEL}`, { component });
}
