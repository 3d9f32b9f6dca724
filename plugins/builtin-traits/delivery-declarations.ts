import { defineDeclaration } from 'kurel/plugin-api';
import { DELIVERY_REASON as reason } from 'kurel/plugin-kit';

// How an application is delivered belongs to the consumer that delivers it: these traits parse and
// are checked, and a build fails on them unless that consumer registers its own handler.

export const fluxcdPatches = defineDeclaration({
  type: 'fluxcd-patches',
  description: 'Patches the Flux Kustomization that delivers the component. Rendered by the consumer that delivers the application.',
  contract: { family: 'fluxcd-patches', version: 'v1alpha1' },
  reason,
  example: {
    patches: [{ patch: 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: example}\nspec: {replicas: 3}\n', target: { kind: 'Deployment', name: 'example' } }],
  },
  properties: {
    patches: {
      type: 'array',
      description: 'Kustomize patches applied by the Flux Kustomization.',
      items: {
        type: 'object',
        description: 'One patch and the objects it targets.',
        properties: {
          patch: { type: 'string', description: 'A strategic-merge or JSON6902 patch, as YAML text.' },
          target: { type: 'object', description: 'The objects the patch applies to (kustomize selector).', additionalProperties: true },
        },
      },
    },
  },
});

export const fluxcdPostbuild = defineDeclaration({
  type: 'fluxcd-postbuild',
  description: 'Post-build variable substitution of the Flux Kustomization that delivers the component. Rendered by the consumer that delivers the application.',
  contract: { family: 'fluxcd-postbuild', version: 'v1alpha1' },
  reason,
  example: { substitute: { cluster_env: 'production' }, substituteFrom: [{ kind: 'ConfigMap', name: 'cluster-settings' }] },
  properties: {
    substitute: { type: 'object', description: 'Variables substituted into the built manifests.', additionalProperties: { type: 'string', description: 'A variable value.' } },
    substituteFrom: {
      type: 'array',
      description: 'ConfigMaps and Secrets whose data supplies variables.',
      items: { type: 'object', description: 'A ConfigMap or Secret reference (kind, name, optional).', additionalProperties: true },
    },
  },
});
