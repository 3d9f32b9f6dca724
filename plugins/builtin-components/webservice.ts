import { defineComponentLowering } from 'kurel/plugin-api';
import { schemaBuilders } from 'kurel/plugin-kit';
import { lowerRole, roleSchema, serviceObjectNameSchema, WORKLOAD_ROLES, WORKLOAD_SERVICE_ROLE } from './role.js';
import { deploymentHints } from './refused-fields.js';

const { int } = schemaBuilders;

/**
 * An HTTP service: a Deployment, a ClusterIP Service in front of its pods on `port` (named
 * http) and, unless `serviceAccountName` is authored, the ServiceAccount its pods run as.
 */
export const webserviceRule = defineComponentLowering({
  type: 'webservice',
  hints: deploymentHints,
  nameRoles: [...WORKLOAD_ROLES, WORKLOAD_SERVICE_ROLE],
  description: 'An HTTP service: Deployment, ClusterIP Service and ServiceAccount, with spread and claims.',
  example: { image: 'ghcr.io/example/shop:v1.2.0', port: 8080, replicas: 2, env: [{ name: 'LOG_LEVEL', value: 'info' }] },
  exampleHost: { image: 'ghcr.io/example/app:v1.0.0' },
  contract: { family: 'webservice', version: 'v1alpha1' },
  targets: { componentTypes: ['deployment', 'service', 'serviceaccount'], traitTypes: ['topology-spread', 'pvc'] },
  properties: {
    ...roleSchema,
    ...serviceObjectNameSchema,
    port: int('Port the main container listens on and the Service exposes, 1-65535.', { default: 80, minimum: 1, maximum: 65535 }),
  },
  lower({ component }, ctx) {
    return { components: lowerRole(component, ctx, { port: component.properties.port }) };
  },
});
