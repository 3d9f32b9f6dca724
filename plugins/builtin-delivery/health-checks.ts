import { BUNDLE_DELIVERY_EXTENSION, definePolicy } from 'kurel/plugin-api';
import { HEALTH_CHECKS_EXAMPLE, HEALTH_CHECKS_PROPERTIES } from 'kurel/plugin-kit';

export const healthChecks = definePolicy({
  type: 'health-checks',
  description: "Objects whose readiness every bundle of the application waits for, after the ones the layout infers (an umbrella's groups).",
  contract: { family: 'health-checks', version: 'v1alpha1' },
  properties: HEALTH_CHECKS_PROPERTIES,
  example: HEALTH_CHECKS_EXAMPLE,
  apply({ properties }) {
    const checks = (properties.checks ?? []).map(({ apiVersion, kind, name, namespace }) => ({ apiVersion, kind, name, ...(namespace ? { namespace } : {}) }));
    return { extensions: { [BUNDLE_DELIVERY_EXTENSION]: { healthChecks: checks } } };
  },
});
