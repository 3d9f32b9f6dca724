import { defineComponentLowering } from 'kurel/plugin-api';
import { lowerRole, roleSchema } from './role.js';

/** A background workload: a Deployment and its ServiceAccount, with no Service and no endpoint. */
export const workerRule = defineComponentLowering({
  type: 'worker',
  description: 'A background workload: Deployment and ServiceAccount, with spread and claims.',
  contract: { family: 'worker', version: 'v1alpha1' },
  targets: { componentTypes: ['deployment', 'serviceaccount'], traitTypes: ['topology-spread', 'pvc'] },
  properties: roleSchema,
  lower({ component }, ctx) {
    return { components: lowerRole(component, ctx) };
  },
});
