// An organisation's workload CRD as a kind component, written against kurel/plugin-api and
// kurel/plugin-kit alone: declaring where its pod template is gives its pods' metadata the checks
// a Deployment's get.
import { definePlugin } from 'kurel/plugin-api';
import { defineKind, schemaBuilders } from 'kurel/plugin-kit';

const { int, openObject } = schemaBuilders;

export const rollout = defineKind({
  type: 'acme-rollout',
  description: 'An Acme Rollout: a Deployment with progressive delivery.',
  apiVersion: 'rollouts.acme.example/v1',
  kind: 'Rollout',
  scope: 'namespaced',
  podTemplate: { path: ['spec', 'template'], selector: ['spec', 'selector'] },
  metadataHolders: [{ path: ['spec', 'canaryMetadata'], holder: 'canary pod' }],
  properties: {
    replicas: int('How many pods.'),
    selector: openObject('The pods the Rollout manages, by label.'),
    template: { ...openObject('The pod template.'), required: true },
    canaryMetadata: openObject('Labels and annotations of the canary pods.'),
  },
});

export default definePlugin({ meta: { name: '@acme/rollout', version: '1.0.0', kurelApi: '^2.0.0' }, components: [rollout] });
