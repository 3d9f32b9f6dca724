import { BUNDLE_DELIVERY_EXTENSION, defineTrait } from 'kurel/plugin-api';

// Configures the Kustomization of the bundle holding the component, so it reaches every object of
// that bundle: a kustomize patch selects by its target, not by component.
export const fluxcdPatches = defineTrait({
  type: 'fluxcd-patches',
  description: 'Patches the Flux Kustomization that delivers the bundle holding the component.',
  contract: { family: 'fluxcd-patches', version: 'v1alpha1' },
  everyMember: true,
  example: {
    patches: [{ patch: 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: example}\nspec: {replicas: 3}\n', target: { kind: 'Deployment', name: 'example' } }],
  },
  properties: {
    patches: {
      type: 'array',
      required: true,
      description: 'Kustomize patches applied by the Flux Kustomization.',
      items: {
        type: 'object',
        description: 'One patch and the objects it targets.',
        properties: {
          patch: { type: 'string', required: true, description: 'A strategic-merge or JSON6902 patch, as YAML text.' },
          target: { type: 'object', description: 'The objects the patch applies to (kustomize selector).', additionalProperties: true },
        },
      },
    },
  },
  apply({ properties }) {
    const patches = properties.patches.map(({ patch, target }) => ({ patch, ...(target ? { target: target as Record<string, unknown> } : {}) }));
    return { extensions: { [BUNDLE_DELIVERY_EXTENSION]: { patches } } };
  },
});
