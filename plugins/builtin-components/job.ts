import { defineComponent } from 'kurel/plugin-api';
import { schemaBuilders } from 'kurel/plugin-kit';
import { checkBatchName, jobSpecFields, jobSpecSchema } from './job-spec.js';
import { ownedMetadata } from './metadata.js';
import { buildPodTemplate, podSurfaceSchema } from './pod-surface.js';
import { jobHints } from './refused-fields.js';

const { bool } = schemaBuilders;

/**
 * A Job run to completion. It generates no ServiceAccount: unless the author names one, its
 * pods run as the namespace default account with the token left unmounted.
 */
export const job = defineComponent({
  type: 'job',
  hints: jobHints,
  description: 'A batch/v1 Job running one main container to completion.',
  example: { image: 'ghcr.io/example/migrate:v1.0.0', backoffLimit: 2 },
  contract: { family: 'job', version: 'v1alpha1' },
  object: { apiVersion: 'batch/v1', kind: 'Job', scope: 'namespaced', podTemplate: { path: ['spec', 'template'], selector: ['spec', 'selector'] } },
  properties: {
    ...podSurfaceSchema({ jobPods: true }),
    ...jobSpecSchema,
    suspend: bool('Create the Job suspended: no pods start until it is resumed.'),
  },
  render(input, ctx) {
    checkBatchName('job', 'Job', input.objectName, 63, ctx);
    const props = input.properties;
    const spec = jobSpecFields(props, ctx);
    if (props.suspend !== undefined) spec.suspend = props.suspend;
    const template = buildPodTemplate({ name: input.name, labelValue: input.labelValue, props, restartPolicy: props.restartPolicy }, ctx);
    if (props.serviceAccountName === undefined && props.automountServiceAccountToken === undefined) {
      template.spec.automountServiceAccountToken = false;
    }
    spec.template = template;
    const object = { apiVersion: 'batch/v1', kind: 'Job', metadata: ownedMetadata(input.objectName, input.namespace, input.labelValue), spec };
    const serviceAccountName = props.serviceAccountName;
    return { objects: [object], answers: serviceAccountName ? { serviceAccountName } : {} };
  },
});
