import type { PropertySchema } from 'kurel/plugin-api';

/** `scopeOverrides`: the scope of kinds the build does not know, as manifests and charts take it. */
export function scopeOverridesSchema(description: string, scopeDescription = 'Its scope.') {
  return {
    type: 'array',
    description,
    items: {
      type: 'object',
      description: 'The scope of one kind.',
      properties: {
        apiVersion: { type: 'string', required: true, description: 'The apiVersion of the kind (group/version).' },
        kind: { type: 'string', required: true, description: 'The kind.' },
        scope: { type: 'string', required: true, enum: ['Cluster', 'Namespaced'], description: scopeDescription },
      },
    },
  } as const satisfies PropertySchema;
}
