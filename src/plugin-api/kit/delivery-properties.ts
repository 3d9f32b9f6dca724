import { bool, str } from './schema-builders.js';

// The properties of the delivery policy types, one schema for every handler of them: the built-in
// declaration that refuses them outside a delivering layout, the Flux layout's handlers, and an
// organisation's own consumer. The fields are those the reference documents (its
// ReconciliationSettings and stack.HealthCheck).

const duration = (description: string) => str(`${description} A Go duration (such as 10m or 1h).`);

/** `reconciliation`: how often and how the application is reconciled. */
export const RECONCILIATION_PROPERTIES = {
  interval: duration('How often the application is reconciled.'),
  retryInterval: duration('How soon a failed reconciliation is retried.'),
  timeout: duration('How long a reconciliation may take.'),
  prune: bool('Whether objects no longer in the application are deleted.'),
  wait: bool('Whether a reconciliation waits for every object to be ready.'),
  force: bool('Whether objects that cannot be changed in place are recreated.'),
  suspend: bool('Whether reconciliation is suspended.'),
} as const;

export const RECONCILIATION_EXAMPLE = { interval: '10m', prune: true };

/** `health-checks`: objects whose readiness the application waits for. */
export const HEALTH_CHECKS_PROPERTIES = {
  checks: {
    type: 'array',
    description: 'Objects whose readiness the application waits for, beside those inferred from its components.',
    items: {
      type: 'object',
      description: 'One object.',
      properties: {
        apiVersion: str('The apiVersion of the object.', { required: true }),
        kind: str('The kind of the object.', { required: true }),
        name: str('The name of the object.', { required: true }),
        namespace: str("The namespace of the object; the Kustomization's when unset."),
      },
    },
  },
} as const;

export const HEALTH_CHECKS_EXAMPLE = { checks: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'shop' }] };
