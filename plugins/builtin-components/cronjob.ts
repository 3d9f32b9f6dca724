import { defineComponent, type K8sObject } from 'kurel/plugin-api';
import { checkSchedule, checkTimeZone, schemaBuilders } from 'kurel/plugin-kit';
import { checkBatchName, jobSpecFields, jobSpecSchema } from './job-spec.js';
import { copyPresent, ownedMetadata } from './metadata.js';
import { buildPodTemplate, podSurfaceSchema } from './pod-surface.js';
import { jobHints } from './refused-fields.js';

const { bool, int, oneOf, str } = schemaBuilders;

const CRONJOB_FIELDS = ['concurrencyPolicy', 'suspend', 'startingDeadlineSeconds', 'timeZone', 'successfulJobsHistoryLimit', 'failedJobsHistoryLimit'];

/**
 * A CronJob and, unless `serviceAccountName` names an existing account, the ServiceAccount its
 * pods run as (emitted after the CronJob, its token not automounted).
 */
export const cronjob = defineComponent({
  type: 'cronjob',
  hints: jobHints,
  description: 'A batch/v1 CronJob running one main container on a schedule, with its own ServiceAccount.',
  example: { image: 'ghcr.io/example/cleanup:v1.0.0', schedule: '0 2 * * *' },
  contract: { family: 'cronjob', version: 'v1alpha1' },
  object: {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    scope: 'namespaced',
    podTemplate: { path: ['spec', 'jobTemplate', 'spec', 'template'], jobTemplate: ['spec', 'jobTemplate'], selector: ['spec', 'jobTemplate', 'spec', 'selector'] },
  },
  properties: {
    ...podSurfaceSchema({ jobPods: true }),
    ...jobSpecSchema,
    schedule: str('Cron schedule: five fields ("0 2 * * *"), a macro (@daily) or @every <duration>.', { required: true }),
    // Unauthored, the CronJob API's own default (Allow) applies; nothing is written.
    concurrencyPolicy: oneOf(['Allow', 'Forbid', 'Replace'], 'What happens when a run is due while the last one still runs; the API default is Allow.'),
    suspend: bool('Suspend further runs.'),
    startingDeadlineSeconds: int('Seconds after its time a missed run may still start.'),
    timeZone: str('IANA time zone the schedule is read in ("Europe/Brussels").'),
    successfulJobsHistoryLimit: int('Finished successful Jobs kept.', { default: 3 }),
    failedJobsHistoryLimit: int('Failed Jobs kept.', { default: 1 }),
  },
  render(input, ctx) {
    checkBatchName('cronjob', 'CronJob', input.objectName, 52, ctx);
    const props = input.properties;
    checkSchedule(props.schedule, ctx);
    if (props.timeZone !== undefined) checkTimeZone(props.timeZone, ctx);
    const serviceAccountName: string = props.serviceAccountName ?? input.name;
    const podProps = { ...props, serviceAccountName };
    const template = buildPodTemplate({ name: input.name, labelValue: input.labelValue, props: podProps, restartPolicy: props.restartPolicy }, ctx);
    const jobSpec = { ...jobSpecFields(props, ctx), template };
    const spec: Record<string, unknown> = { schedule: props.schedule, jobTemplate: { metadata: { labels: { app: input.labelValue } }, spec: jobSpec } };
    copyPresent(spec, props, CRONJOB_FIELDS);
    const objects: K8sObject[] = [
      { apiVersion: 'batch/v1', kind: 'CronJob', metadata: ownedMetadata(input.objectName, input.namespace, input.labelValue), spec },
    ];
    if (props.serviceAccountName === undefined) {
      objects.push({
        apiVersion: 'v1',
        kind: 'ServiceAccount',
        metadata: ownedMetadata(serviceAccountName, input.namespace, input.labelValue),
        automountServiceAccountToken: false,
      });
    }
    return { objects, answers: { serviceAccountName } };
  },
});
