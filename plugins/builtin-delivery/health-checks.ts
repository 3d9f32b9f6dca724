import { BUNDLE_DELIVERY_EXTENSION, definePolicy } from 'kurel/plugin-api';

const text = (description: string) => ({ type: 'string' as const, description, required: true });

export const healthChecks = definePolicy({
  type: 'health-checks',
  description: "Objects whose readiness every bundle of the application waits for, after the ones the layout infers (an umbrella's groups).",
  contract: { family: 'health-checks', version: 'v1alpha1' },
  properties: {
    checks: {
      type: 'array',
      description: 'Objects whose readiness the application waits for, beside those inferred from its components.',
      items: {
        type: 'object',
        description: 'One object.',
        properties: {
          apiVersion: text('The apiVersion of the object.'),
          kind: text('The kind of the object.'),
          name: text('The name of the object.'),
          namespace: { type: 'string', description: 'The namespace of the object; the Kustomization\'s when unset.' },
        },
      },
    },
  },
  example: { checks: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'shop' }] },
  apply({ properties }) {
    const checks = (properties.checks ?? []).map(({ apiVersion, kind, name, namespace }) => ({ apiVersion, kind, name, ...(namespace ? { namespace } : {}) }));
    return { extensions: { [BUNDLE_DELIVERY_EXTENSION]: { healthChecks: checks } } };
  },
});
