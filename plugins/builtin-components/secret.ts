import { defineComponent } from 'kurel/plugin-api';
import { refuseExplicitSecret, buildSecret, secretContentSchema } from 'kurel/plugin-kit';
import { ownedMetadata } from './metadata.js';

/** The values are written base64-encoded, not encrypted: the output is as sensitive as the input. */
export const secret = defineComponent({
  type: 'secret',
  description: 'A v1 Secret named after the component.',
  example: { stringData: { token: 'not-a-real-token' } },
  contract: { family: 'secret', version: 'v1alpha1' },
  object: { apiVersion: 'v1', kind: 'Secret', scope: 'namespaced' },
  properties: secretContentSchema,
  render(input, ctx) {
    refuseExplicitSecret(input.objectName, ctx);
    return { objects: [buildSecret(input.properties, ownedMetadata(input.objectName, input.namespace, input.labelValue), ctx)] };
  },
});
