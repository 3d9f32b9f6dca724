import type { ComponentHandler } from '../handlers.js';
import type { K8sObject, Properties } from '../objects.js';
import type { PropertiesSchema, PropertySchema } from '../schema.js';
import { isDns1123Subdomain } from './names.js';

const stringMap = (description: string): PropertySchema => ({
  type: 'object',
  description,
  additionalProperties: { type: 'string', description: 'A value.' },
});

/** The three properties every type that declares its object takes; the engine reads them, not the handler. */
export const OBJECT_METADATA_PROPERTIES: PropertiesSchema = {
  objectName: { type: 'string', description: "The name of the component's object, when it is not the component's name. A DNS-1123 subdomain." },
  labels: stringMap("Labels put on the component's object (not on its pod template)."),
  annotations: stringMap("Annotations put on the component's object."),
};

/**
 * A component type's properties as authors write them: with the object metadata when it declares
 * its object. The merged schema is made once per properties schema (a build asks for it for every
 * component it checks), and is not to be changed.
 */
export function componentProperties(handler: Pick<ComponentHandler, 'properties' | 'object'>): PropertiesSchema {
  if (!handler.object) return handler.properties;
  let merged = withObjectMetadata.get(handler.properties);
  if (!merged) {
    merged = Object.freeze({ ...handler.properties, ...OBJECT_METADATA_PROPERTIES });
    withObjectMetadata.set(handler.properties, merged);
  }
  return merged;
}

const withObjectMetadata = new WeakMap<PropertiesSchema, PropertiesSchema>();

export interface ObjectMetadata {
  objectName?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

export interface MetadataProblem {
  path: (string | number)[];
  message: string;
  /** Set for the component label's refusal of a labels property. */
  refusal?: 'in-labels-property';
}

/** The labels property holds another value under the component label key than the component's. */
export function componentLabelPropertyText(key: string, value: string, component: string, want: string): string {
  return (
    `labels["${key}"]: "${value}" is not the component label of component "${component}" ("${want}"): launcher sets that label on everything the component generates, ` +
    'and the NetworkPolicies generated for the component select by it; remove the label, or write that value'
  );
}

const QUALIFIED_NAME = /^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const ANNOTATIONS_LIMIT = 262144;

/** Why a key is not a valid label or annotation key (apimachinery's qualified-name rule), if it is not. */
export function qualifiedNameProblem(key: string): string | undefined {
  const slash = key.lastIndexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (prefix !== undefined && (prefix === '' || !isDns1123Subdomain(prefix))) return 'prefix part must be a DNS-1123 subdomain';
  if (name.length === 0 || name.length > 63) return 'name part must be no more than 63 characters and not empty';
  if (!QUALIFIED_NAME.test(name)) return "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
  return undefined;
}

export function labelValueProblem(value: string): string | undefined {
  if (value.length > 63) return 'must be no more than 63 characters';
  if (!LABEL_VALUE.test(value)) return "must be empty or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
  return undefined;
}

/**
 * Takes `objectName`, `labels` and `annotations` out of a component's properties and checks them:
 * valid keys and values, the size of the annotations, and the `app` and component labels, which
 * only the component's own values may hold.
 */
export function takeObjectMetadata(
  properties: Properties,
  identity: { labelValue: string; componentLabelKey: string; name?: string; owner?: { name: string; labelValue: string } },
): { metadata: ObjectMetadata; rest: Properties; problems: MetadataProblem[] } {
  const { objectName, labels, annotations, ...rest } = properties as Properties & { objectName?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  const problems: MetadataProblem[] = [];
  for (const [key, value] of Object.entries(labels ?? {})) {
    const keyProblem = qualifiedNameProblem(key);
    if (keyProblem) problems.push({ path: ['labels', key], message: `invalid label key "${key}": ${keyProblem}` });
    const valueProblem = labelValueProblem(value);
    if (valueProblem) problems.push({ path: ['labels', key], message: `invalid label value "${value}": ${valueProblem}` });
    if (key === 'app' && value !== identity.labelValue) {
      // Under the component label key app, the refusal is the component label's, held to the entry's own value.
      problems.push(
        identity.componentLabelKey === 'app'
          ? { path: ['labels', key], message: componentLabelPropertyText(key, value, identity.name ?? '', identity.labelValue), refusal: 'in-labels-property' }
          : { path: ['labels', key], message: `label "${key}" may only hold the component's own value "${identity.labelValue}", got "${value}"` },
      );
    }
    // Under the key app the check above holds the entry's own value, which the kinds write.
    const owner = identity.owner ?? { name: identity.name ?? '', labelValue: identity.labelValue };
    if (key === identity.componentLabelKey && key !== 'app' && value !== owner.labelValue) {
      problems.push({ path: ['labels', key], message: componentLabelPropertyText(key, value, owner.name, owner.labelValue), refusal: 'in-labels-property' });
    }
  }
  let size = 0;
  for (const [key, value] of Object.entries(annotations ?? {})) {
    const keyProblem = qualifiedNameProblem(key);
    if (keyProblem) problems.push({ path: ['annotations', key], message: `invalid annotation key "${key}": ${keyProblem}` });
    size += key.length + value.length;
  }
  if (size > ANNOTATIONS_LIMIT) problems.push({ path: ['annotations'], message: `annotations total ${size} bytes, more than ${ANNOTATIONS_LIMIT}` });
  return { metadata: { objectName, labels: labels ?? {}, annotations: annotations ?? {} }, rest, problems };
}

/**
 * Puts the authored labels and annotations on the component's object, beside the keys its handler
 * set. A key the handler set to another value is a conflict, returned as a problem.
 */
export function applyObjectMetadata(objects: K8sObject[], declared: { kind: string }, name: string, metadata: ObjectMetadata): MetadataProblem[] {
  const target = objects.find((object) => object.kind === declared.kind && object.metadata.name === name) ?? objects.find((object) => object.kind === declared.kind);
  if (!target) return [];
  const problems: MetadataProblem[] = [];
  for (const field of ['labels', 'annotations'] as const) {
    const authored = metadata[field];
    if (Object.keys(authored).length === 0) continue;
    const current: Record<string, string> = { ...target.metadata[field] };
    for (const [key, value] of Object.entries(authored)) {
      if (current[key] !== undefined && current[key] !== value) {
        problems.push({ path: [field, key], message: `${field.slice(0, -1)} "${key}" is set by the component to "${current[key]}"; it cannot be "${value}"` });
        continue;
      }
      current[key] = value;
    }
    target.metadata[field] = current;
  }
  return problems;
}
