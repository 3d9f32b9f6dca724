import { defineComponentLowering } from 'kurel/plugin-api';
import { lowerRole, roleSchema, WORKLOAD_ROLES } from './role.js';
import { deploymentHints } from './refused-fields.js';

/** A background workload: a Deployment and its ServiceAccount, with no Service and no endpoint. */
export const workerRule = defineComponentLowering({
  type: 'worker',
  hints: deploymentHints,
  nameRoles: WORKLOAD_ROLES,
  description: 'A background workload: Deployment and ServiceAccount, with spread and claims.',
  example: { image: 'ghcr.io/example/queue-worker:v3.1.0', replicas: 2 },
  exampleHost: { image: 'ghcr.io/example/db-proxy:v1.0.0' },
  contract: { family: 'worker', version: 'v1alpha1' },
  targets: { componentTypes: ['deployment', 'serviceaccount'], traitTypes: ['topology-spread', 'pvc'] },
  properties: roleSchema,
  lower({ component }, ctx) {
    return { components: lowerRole(component, ctx) };
  },
});
