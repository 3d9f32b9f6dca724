import { defineComponent } from 'kurel/plugin-api';
import { copyData, enforceMaxReplicas, schemaBuilders } from 'kurel/plugin-kit';
import { copyPresent, ownedMetadata } from './metadata.js';
import { buildPodTemplate, podSurfaceSchema } from './pod-surface.js';
import { checkContainerPorts, containerPortsSchema } from './ports.js';
import { deploymentHints } from './refused-fields.js';

const { bool, int, object, oneOf, openObject } = schemaBuilders;

/** The DeploymentSpec fields beside the pod template, shared with webservice and worker. */
export const deploymentSpecSchema = {
  replicas: int('Number of pod replicas; the environment policy\'s default replicas, else 1, when unset.'),
  strategy: object('How pods are replaced on an update; written as {} when unset.', {
    type: oneOf(['RollingUpdate', 'Recreate'], 'The strategy.'),
    rollingUpdate: openObject('maxSurge and maxUnavailable of a rolling update.'),
  }),
  minReadySeconds: int('Seconds a new pod must be ready before it counts as available.'),
  revisionHistoryLimit: int('Old ReplicaSets kept for rollback.'),
  progressDeadlineSeconds: int('Seconds before a stalled rollout is reported as failed.'),
  paused: bool('Pause the rollout.'),
};

const SPEC_FIELDS = ['minReadySeconds', 'revisionHistoryLimit', 'progressDeadlineSeconds', 'paused'];

/**
 * A Deployment and nothing beside it: no Service, no ServiceAccount, no claim and no default
 * spread. `selector` and `template` are launcher's (refused as unknown keys).
 */
export const deployment = defineComponent({
  type: 'deployment',
  hints: deploymentHints,
  description: 'An apps/v1 Deployment running one main container, with optional init containers and sidecars.',
  example: { image: 'ghcr.io/example/api:v1.0.0', replicas: 3, ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }] },
  contract: { family: 'deployment', version: 'v1alpha1' },
  object: { apiVersion: 'apps/v1', kind: 'Deployment', scope: 'namespaced', podTemplate: { path: ['spec', 'template'], selector: ['spec', 'selector'] } },
  properties: {
    ...podSurfaceSchema({ jobPods: false }),
    ...deploymentSpecSchema,
    ports: containerPortsSchema,
  },
  render(input, ctx) {
    const props = input.properties;
    // Authored > the policy's default > 1, held to the policy's maximum.
    const replicas: number = props.replicas ?? ctx.policy.defaultReplicas() ?? 1;
    if (replicas < 0) ctx.fail(`replicas: must not be negative, got ${replicas}`, ['replicas']);
    enforceMaxReplicas(replicas, ctx, ['replicas']);
    const ports = checkContainerPorts(props.ports, ctx);
    const template = buildPodTemplate({ name: input.name, labelValue: input.labelValue, props, ports }, ctx);
    const spec: Record<string, unknown> = {
      replicas,
      selector: { matchLabels: { app: input.labelValue } },
      strategy: copyData(props.strategy ?? {}),
      template,
    };
    copyPresent(spec, props, SPEC_FIELDS);
    const object = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: ownedMetadata(input.objectName, input.namespace, input.labelValue), spec };
    const serviceAccountName = props.serviceAccountName;
    return { objects: [object], answers: serviceAccountName ? { serviceAccountName } : {} };
  },
});
