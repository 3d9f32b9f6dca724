import { type HandlerContext, type PropertiesOf } from 'kurel/plugin-api';
import { schemaBuilders } from 'kurel/plugin-kit';
import { copyPresent } from './metadata.js';
import type { PodSurfaceProperties } from './pod-surface.js';

/** The properties of a job's or cronjob's pods and JobSpec, as their schemas admit them. */
export type JobPodProperties = PodSurfaceProperties & PropertiesOf<typeof jobSpecSchema>;

const { int, list, object, oneOf, openObject, str } = schemaBuilders;

/** The JobSpec fields beside the pod template, shared by job and cronjob (its jobTemplate). */
export const jobSpecSchema = {
  backoffLimit: int('Retries before the Job is marked failed.'),
  completions: int('Successful pods the Job needs.'),
  parallelism: int('Pods run at the same time.'),
  activeDeadlineSeconds: int('Seconds the Job may run before it is terminated.'),
  ttlSecondsAfterFinished: int('Seconds after it finishes before the Job is deleted.'),
  completionMode: oneOf(['NonIndexed', 'Indexed'], 'How completions are tracked; Indexed needs completions.'),
  backoffLimitPerIndex: int('Retries per index of an Indexed Job.'),
  maxFailedIndexes: int('Failed indexes tolerated before an Indexed Job fails.'),
  podReplacementPolicy: oneOf(['TerminatingOrFailed', 'Failed'], 'When a replacement pod is created.'),
  managedBy: str('Controller that manages the Job instead of the built-in one.'),
  successPolicy: object('When an Indexed Job counts as succeeded before all its indexes complete.', {
    rules: list('Rules; the first one met ends the Job.', object('One rule.', {
      succeededIndexes: str('Indexes that must succeed ("0-3,5").'),
      succeededCount: int('How many of those indexes must succeed.'),
    })),
  }),
  podFailurePolicy: openObject('How pod failures count against the Job (a Kubernetes PodFailurePolicy); needs restartPolicy Never.'),
  restartPolicy: oneOf(['OnFailure', 'Never'], 'Restart policy of the Job pods.', { default: 'OnFailure' }),
};

const JOB_SPEC_FIELDS = Object.keys(jobSpecSchema).filter((key) => key !== 'restartPolicy');

/** Fields the API accepts only on an Indexed Job. */
const INDEXED_ONLY = ['backoffLimitPerIndex', 'maxFailedIndexes', 'successPolicy'] as const;

/** The authored JobSpec fields, checked against the rules the API server applies to them. */
export function jobSpecFields(props: JobPodProperties, ctx: HandlerContext): Record<string, unknown> {
  if (props.completionMode === 'Indexed' && props.completions === undefined) {
    ctx.fail('completionMode: Indexed requires completions', ['completionMode']);
  }
  for (const key of INDEXED_ONLY) {
    if (props[key] !== undefined && props.completionMode !== 'Indexed') {
      ctx.fail(`${key}: only an Indexed Job takes it; set completionMode: Indexed`, [key]);
    }
  }
  if (props.podFailurePolicy !== undefined && props.restartPolicy !== 'Never') {
    ctx.fail('podFailurePolicy: requires restartPolicy Never', ['podFailurePolicy']);
  }
  return copyPresent({}, props, JOB_SPEC_FIELDS);
}

/** Refuses a component whose name is longer than its batch object's name may be. */
export function checkBatchName(type: string, kind: string, name: string, limit: number, ctx: HandlerContext): void {
  if (name.length > limit) {
    ctx.fail(`${type} "${name}": the component name is the ${kind}'s name, which must be at most ${limit} characters`);
  }
}
