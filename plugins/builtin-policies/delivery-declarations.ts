import { defineDeclaration, DELIVERY_REASON as reason } from 'kurel/plugin-api';

// How an application is reconciled and judged healthy belongs to the consumer that delivers it.

export const reconciliation = defineDeclaration({
  type: 'reconciliation',
  description: 'How often and how the application is reconciled. Rendered by the consumer that delivers the application.',
  contract: { family: 'reconciliation', version: 'v1alpha1' },
  reason,
  properties: {},
  example: {},
});

export const healthChecks = defineDeclaration({
  type: 'health-checks',
  description: 'How the readiness of the application is judged. Rendered by the consumer that delivers the application.',
  contract: { family: 'health-checks', version: 'v1alpha1' },
  reason,
  properties: {},
  example: {},
});
