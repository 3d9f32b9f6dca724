import { defineDeclaration } from 'kurel/plugin-api';
import { DELIVERY_REASON as reason, HEALTH_CHECKS_EXAMPLE, HEALTH_CHECKS_PROPERTIES, RECONCILIATION_EXAMPLE, RECONCILIATION_PROPERTIES } from 'kurel/plugin-kit';

// How an application is reconciled and judged healthy belongs to the consumer that delivers it.
// Each type takes the properties the reference documents for it, the same schema the delivering
// layout's handlers take, so that an author who writes them is told why the build fails, not that
// a property is unknown; see docs/grounded-choices.md.

export const reconciliation = defineDeclaration({
  type: 'reconciliation',
  description: 'How often and how the application is reconciled. Rendered by the consumer that delivers the application.',
  contract: { family: 'reconciliation', version: 'v1alpha1' },
  reason,
  properties: RECONCILIATION_PROPERTIES,
  example: RECONCILIATION_EXAMPLE,
});

export const healthChecks = defineDeclaration({
  type: 'health-checks',
  description: 'How the readiness of the application is judged. Rendered by the consumer that delivers the application.',
  contract: { family: 'health-checks', version: 'v1alpha1' },
  reason,
  properties: HEALTH_CHECKS_PROPERTIES,
  example: HEALTH_CHECKS_EXAMPLE,
});
