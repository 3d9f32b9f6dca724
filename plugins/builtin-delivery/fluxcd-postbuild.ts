import { BUNDLE_DELIVERY_EXTENSION, defineTrait } from 'kurel/plugin-api';

// Configures the Kustomization of the bundle holding the component: substitution runs over every
// object the Kustomization builds.
export const fluxcdPostbuild = defineTrait({
  type: 'fluxcd-postbuild',
  description: 'Post-build variable substitution of the Flux Kustomization that delivers the bundle holding the component.',
  contract: { family: 'fluxcd-postbuild', version: 'v1alpha1' },
  everyMember: true,
  example: { substitute: { cluster_env: 'production' }, substituteFrom: [{ kind: 'ConfigMap', name: 'cluster-settings' }] },
  properties: {
    substitute: { type: 'object', description: 'Variables substituted into the built manifests.', additionalProperties: { type: 'string', description: 'A variable value.' } },
    substituteFrom: {
      type: 'array',
      description: 'ConfigMaps and Secrets whose data supplies variables.',
      items: {
        type: 'object',
        description: 'A ConfigMap or Secret reference.',
        properties: {
          kind: { type: 'string', required: true, enum: ['ConfigMap', 'Secret'], description: 'ConfigMap or Secret.' },
          name: { type: 'string', required: true, description: 'Its name, in the Kustomization\'s namespace.' },
          optional: { type: 'boolean', description: 'Whether a missing one is ignored.' },
        },
      },
    },
  },
  apply({ properties }) {
    const postBuild = {
      ...(properties.substitute ? { substitute: properties.substitute as Record<string, string> } : {}),
      ...(properties.substituteFrom ? { substituteFrom: properties.substituteFrom.map(({ kind, name, optional }) => ({ kind, name, ...(optional !== undefined ? { optional } : {}) })) } : {}),
    };
    return { extensions: { [BUNDLE_DELIVERY_EXTENSION]: { postBuild } } };
  },
});
