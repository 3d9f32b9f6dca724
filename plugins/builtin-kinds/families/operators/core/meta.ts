import type { PropertySchema } from 'kurel/plugin-api';
import { int, list, obj, oneOf, req, smap, str, strings } from '../schema.js';

// Kubernetes core/meta v1 types the operator CRDs embed, as the Kubernetes API reference
// defines them (k8s.io/api core/v1, k8s.io/apimachinery meta/v1).

export const localObjectReference = (description: string): PropertySchema => obj(description, { name: req(str('Name of the referent.')) });

export const secretKeySelector = (description: string): PropertySchema =>
  obj(description, {
    name: req(str('Name of the Secret.')),
    key: req(str('The key of the Secret to select.')),
    optional: { type: 'boolean', description: 'Whether the Secret or its key must be defined.' },
  });

export const configMapKeySelector = (description: string): PropertySchema =>
  obj(description, {
    name: req(str('Name of the ConfigMap.')),
    key: req(str('The key to select.')),
    optional: { type: 'boolean', description: 'Whether the ConfigMap or its key must be defined.' },
  });

export const labelSelectorRequirement = (description = 'A label selector requirement.'): PropertySchema =>
  obj(description, {
    key: req(str('The label key the selector applies to.')),
    operator: req(oneOf(['In', 'NotIn', 'Exists', 'DoesNotExist'], "The key's relationship to the values.")),
    values: strings('The values: non-empty for In and NotIn, empty for Exists and DoesNotExist.', 'A value.'),
  });

export const labelSelector = (description: string): PropertySchema =>
  obj(description, {
    matchLabels: smap('Labels every selected object carries.', 'The label value.'),
    matchExpressions: list('Label selector requirements, ANDed.', labelSelectorRequirement()),
  });

/** The metadata an operator's embedded template takes: labels and annotations. */
export const templateMetadata = (description: string): PropertySchema =>
  obj(description, {
    labels: smap('Labels.', 'The label value.'),
    annotations: smap('Annotations.', 'The annotation value.'),
  });

export const typedLocalObjectReference = (description: string): PropertySchema =>
  obj(description, {
    apiGroup: str('The group of the referenced resource; empty for the core group.'),
    kind: req(str('The kind of the referenced resource.')),
    name: req(str('The name of the referenced resource.')),
  });

export const objectFieldSelector = (description: string): PropertySchema =>
  obj(description, { apiVersion: str('Version of the schema the fieldPath is written in.'), fieldPath: req(str('Path of the field to select.')) });

export const resourceFieldSelector = (description: string): PropertySchema =>
  obj(description, {
    containerName: str('Container name.'),
    resource: req(str('Resource to select.')),
    divisor: { types: ['string', 'number'], description: 'Output format of the exposed resources.' },
  });

export const keyToPath = (description = 'A key projected to a path.'): PropertySchema =>
  obj(description, {
    key: req(str('The key to project.')),
    path: req(str('The relative path of the file to map the key to.')),
    mode: int('Mode bits of the file.'),
  });
