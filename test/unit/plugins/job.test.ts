import { builtinTester, rendered } from '../../support/engine.js';
import { describe, it } from 'vitest';
import { job } from '../../../plugins/builtin-components/job.js';
import { DEFAULT_RESOURCES, meta, COMPONENT_LABEL } from './fixtures.js';

const tester = builtinTester('components');
const image = 'ghcr.io/example/migrate:v1.0.0';

function jobObject(spec: Record<string, unknown>, pod: Record<string, unknown>) {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: meta('migrate'),
    spec: {
      ...spec,
      template: {
        metadata: { labels: { app: 'migrate', [COMPONENT_LABEL]: 'migrate' } },
        spec: { containers: [{ name: 'migrate', image, resources: DEFAULT_RESOURCES }], ...pod },
      },
    },
  };
}

describe('job component', () => {
  it('runs on failure-restarting pods that do not mount a token, and generates no ServiceAccount', async () => {
    await tester.runComponent(job.type, [
      {
        name: 'migrate',
        properties: { image },
        objects: [jobObject({}, { automountServiceAccountToken: false, restartPolicy: 'OnFailure' })],
      },
    ]);
  });

  it('writes every authored JobSpec field', async () => {
    const spec = {
      suspend: true,
      backoffLimit: 4,
      completions: 6,
      parallelism: 2,
      activeDeadlineSeconds: 600,
      ttlSecondsAfterFinished: 3600,
      completionMode: 'Indexed',
      backoffLimitPerIndex: 1,
      maxFailedIndexes: 2,
      podReplacementPolicy: 'TerminatingOrFailed',
      managedBy: 'example.com/custom-controller',
      successPolicy: { rules: [{ succeededIndexes: '0-3', succeededCount: 3 }, { succeededCount: 5 }] },
    };
    await tester.runComponent(job.type, [
      {
        name: 'migrate',
        properties: { image, restartPolicy: 'Never', ...spec },
        objects: [jobObject(spec, { automountServiceAccountToken: false, restartPolicy: 'Never' })],
      },
    ]);
  });

  it('leaves the token alone when the pods run as a named account', async () => {
    await tester.runComponent(job.type, [
      {
        name: 'migrate',
        properties: { image, serviceAccountName: 'migrator', podActiveDeadlineSeconds: 30 },
        objects: [jobObject({}, { serviceAccountName: 'migrator', activeDeadlineSeconds: 30, restartPolicy: 'OnFailure' })],
      },
    ]);
  });

  it('refuses what the API server refuses of a Job', async () => {
    await tester.runComponent(job.type, [
      {
        title: 'name length',
        name: 'a'.repeat(64),
        properties: { image },
        error: { message: `component "${'a'.repeat(64)}": job "${'a'.repeat(64)}": the component name is the Job's name, which must be at most 63 characters` },
      },
      { title: 'indexed', properties: { image, completionMode: 'Indexed' }, error: { message: 'component "web": completionMode: Indexed requires completions', property: ['completionMode'] } },
      { title: 'per index', properties: { image, maxFailedIndexes: 1 }, error: { message: 'component "web": maxFailedIndexes: only an Indexed Job takes it; set completionMode: Indexed' } },
      { title: 'failure policy', properties: { image, podFailurePolicy: { rules: [] } }, error: { message: 'component "web": podFailurePolicy: requires restartPolicy Never' } },
      { title: 'restart policy', properties: { image, restartPolicy: 'Always' }, error: { message: /is not allowed; must be one of: OnFailure, Never/ } },
    ]);
  });
});
