import { defineComponent } from 'kurel/plugin-api';
import { buildConfigMap, configMapContentSchema } from 'kurel/plugin-kit';
import { ownedMetadata } from './metadata.js';

export const configmap = defineComponent({
  type: 'configmap',
  description: 'A v1 ConfigMap named after the component.',
  example: { data: { LOG_LEVEL: 'info' } },
  contract: { family: 'configmap', version: 'v1alpha1' },
  object: { apiVersion: 'v1', kind: 'ConfigMap', scope: 'namespaced' },
  properties: configMapContentSchema,
  render(input, ctx) {
    return { objects: [buildConfigMap(input.properties, ownedMetadata(input.objectName, input.namespace, input.labelValue), ctx)] };
  },
});
