import { BUNDLE_DELIVERY_EXTENSION, definePolicy, type BundleDelivery } from 'kurel/plugin-api';
import { RECONCILIATION_EXAMPLE, RECONCILIATION_PROPERTIES } from 'kurel/plugin-kit';
import { fluxDuration } from './durations.js';

const DURATIONS = ['interval', 'retryInterval', 'timeout'] as const;
const FLAGS = ['prune', 'wait', 'force', 'suspend'] as const;

// What the policy reads goes to every bundle of the application: the layout writer turns it into
// each bundle's Kustomization spec.
export const reconciliation = definePolicy({
  type: 'reconciliation',
  description: 'How often and how every bundle of the application is reconciled: the fields of each generated Flux Kustomization.',
  contract: { family: 'reconciliation', version: 'v1alpha1' },
  properties: RECONCILIATION_PROPERTIES,
  example: RECONCILIATION_EXAMPLE,
  apply({ properties }, ctx) {
    const delivery: BundleDelivery = {};
    for (const key of DURATIONS) {
      const value = properties[key];
      if (value !== undefined) delivery[key] = fluxDuration(value, key, ctx);
    }
    for (const key of FLAGS) {
      const value = properties[key];
      if (value !== undefined) delivery[key] = value;
    }
    return { extensions: { [BUNDLE_DELIVERY_EXTENSION]: delivery } };
  },
});
