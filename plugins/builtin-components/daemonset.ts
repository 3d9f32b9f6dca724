import { defineComponent } from 'kurel/plugin-api';
import { copyData, schemaBuilders } from 'kurel/plugin-kit';
import { kindPodTemplate, kindPorts, nodeKindPodSchema } from './kind-pods.js';
import { copyPresent, ownedMetadata } from './metadata.js';
import { daemonsetHints } from './refused-fields.js';

const { int, object, oneOf, openObject } = schemaBuilders;

const SPEC_FIELDS = ['minReadySeconds', 'revisionHistoryLimit'];

/** A DaemonSet: one pod per node. No Service and no ServiceAccount of its own. */
export const daemonset = defineComponent({
  type: 'daemonset',
  hints: daemonsetHints,
  description: 'An apps/v1 DaemonSet running one main container on every (selected) node, with optional init containers and sidecars.',
  example: {
    image: 'ghcr.io/example/node-agent:v1.0.0',
    tolerations: [{ operator: 'Exists' }],
    // A host path needs a policy that allows it; the example builds under the default policy.
    volumes: [{ name: 'agent-config', configMap: { name: 'node-agent' } }],
    volumeMounts: [{ name: 'agent-config', mountPath: '/etc/node-agent', readOnly: true }],
  },
  contract: { family: 'daemonset', version: 'v1alpha1' },
  object: { apiVersion: 'apps/v1', kind: 'DaemonSet', scope: 'namespaced', podTemplate: { path: ['spec', 'template'], selector: ['spec', 'selector'] } },
  properties: {
    ...nodeKindPodSchema(),
    port: int('Port the main container listens on, 1-65535; it is declared as the container port named http and answered as the service port.'),
    updateStrategy: object('How pods are replaced on an update.', {
      type: oneOf(['RollingUpdate', 'OnDelete'], 'The strategy.'),
      rollingUpdate: openObject('maxUnavailable and maxSurge of a rolling update.'),
    }),
    minReadySeconds: int('Seconds a new pod must be ready before it counts as available.'),
    revisionHistoryLimit: int('Old revisions kept for rollback.'),
  },
  render(input, ctx) {
    const props = input.properties;
    const { ports, servicePort } = kindPorts(props, 'http', ctx);
    const template = kindPodTemplate({ name: input.name, labelValue: input.labelValue, props, ports }, ctx);
    const spec: Record<string, unknown> = { selector: { matchLabels: { app: input.labelValue } }, template };
    if (props.updateStrategy !== undefined) spec.updateStrategy = copyData(props.updateStrategy);
    copyPresent(spec, props, SPEC_FIELDS);
    const object = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: ownedMetadata(input.objectName, input.namespace, input.labelValue), spec };
    const answers: Record<string, unknown> = {};
    if (props.serviceAccountName) answers.serviceAccountName = props.serviceAccountName;
    if (servicePort) answers.servicePort = servicePort;
    return { objects: [object], answers };
  },
});
