import { defineDeclaration } from 'kurel/plugin-api';
import { DELIVERY_REASON as reason } from 'kurel/plugin-kit';

// How an application is reconciled and judged healthy belongs to the consumer that delivers it.
// Each type takes the properties the reference documents for it (its ReconciliationSettings and
// stack.HealthCheck), so that an author who writes them is told why the build fails, not that a
// property is unknown; see docs/grounded-choices.md.

const duration = (description: string) => ({ type: 'string' as const, description: `${description} A Go duration (such as 10m or 1h).` });
const flag = (description: string) => ({ type: 'boolean' as const, description });
const text = (description: string) => ({ type: 'string' as const, description });

export const reconciliation = defineDeclaration({
  type: 'reconciliation',
  description: 'How often and how the application is reconciled. Rendered by the consumer that delivers the application.',
  contract: { family: 'reconciliation', version: 'v1alpha1' },
  reason,
  properties: {
    interval: duration('How often the application is reconciled.'),
    retryInterval: duration('How soon a failed reconciliation is retried.'),
    timeout: duration('How long a reconciliation may take.'),
    prune: flag('Whether objects no longer in the application are deleted.'),
    wait: flag('Whether a reconciliation waits for every object to be ready.'),
    force: flag('Whether objects that cannot be changed in place are recreated.'),
    suspend: flag('Whether reconciliation is suspended.'),
  },
  example: { interval: '10m', prune: true },
});

export const healthChecks = defineDeclaration({
  type: 'health-checks',
  description: 'How the readiness of the application is judged. Rendered by the consumer that delivers the application.',
  contract: { family: 'health-checks', version: 'v1alpha1' },
  reason,
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
          namespace: text('The namespace of the object.'),
        },
      },
    },
  },
  example: { checks: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'shop' }] },
});
