import type { PropertySchema } from 'kurel/plugin-api';
import { list, obj, oneOf, req, smap, str, strings } from '../schema.js';

// Kubernetes core/meta v1 types the operator CRDs embed, as the Kubernetes API reference
// defines them (k8s.io/api core/v1, k8s.io/apimachinery meta/v1).

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

