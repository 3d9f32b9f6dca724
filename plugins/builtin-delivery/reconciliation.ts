import { BUNDLE_DELIVERY_EXTENSION, definePolicy, type BundleDelivery } from 'kurel/plugin-api';
import { fluxDuration } from './durations.js';

const duration = (description: string) => ({ type: 'string' as const, description: `${description} A Go duration (such as 10m or 1h).` });
const flag = (description: string) => ({ type: 'boolean' as const, description });

const DURATIONS = ['interval', 'retryInterval', 'timeout'] as const;
const FLAGS = ['prune', 'wait', 'force', 'suspend'] as const;

// What the policy reads goes to every bundle of the application: the layout writer turns it into
// each bundle's Kustomization spec.
export const reconciliation = definePolicy({
  type: 'reconciliation',
  description: 'How often and how every bundle of the application is reconciled: the fields of each generated Flux Kustomization.',
  contract: { family: 'reconciliation', version: 'v1alpha1' },
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
