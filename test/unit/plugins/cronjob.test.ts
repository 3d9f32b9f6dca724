import { builtinTester, rendered } from '../../support/engine.js';
import { describe, it } from 'vitest';
import { cronjob } from '../../../plugins/builtin-components/cronjob.js';
import { DEFAULT_RESOURCES, meta, serviceAccountObject, COMPONENT_LABEL } from './fixtures.js';

const tester = builtinTester('components');
const image = 'ghcr.io/example/cleanup:v1.0.0';

function cronJobObject(spec: Record<string, unknown>, jobSpec: Record<string, unknown> = {}, pod: Record<string, unknown> = {}) {
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: meta('cleanup'),
    spec: {
      successfulJobsHistoryLimit: 3,
      failedJobsHistoryLimit: 1,
      ...spec,
      jobTemplate: {
        metadata: { labels: { app: 'cleanup', [COMPONENT_LABEL]: 'cleanup' } },
        spec: {
          ...jobSpec,
          template: {
            metadata: { labels: { app: 'cleanup', [COMPONENT_LABEL]: 'cleanup' } },
            spec: {
              containers: [{ name: 'cleanup', image, resources: DEFAULT_RESOURCES }],
              restartPolicy: 'OnFailure',
              serviceAccountName: 'cleanup',
              ...pod,
            },
          },
        },
      },
    },
  };
}

describe('cronjob component', () => {
  it('emits the CronJob, then the ServiceAccount its pods run as', async () => {
    await tester.runComponent(cronjob.type, [
      {
        name: 'cleanup',
        properties: { image, schedule: '0 2 * * *' },
        objects: [cronJobObject({ schedule: '0 2 * * *' }), serviceAccountObject('cleanup')],
      },
    ]);
  });

  it('writes the CronJobSpec fields on the CronJob and the JobSpec fields on its job template', async () => {
    const cronSpec = { schedule: '@every 1h30m', concurrencyPolicy: 'Forbid', suspend: false, startingDeadlineSeconds: 120, timeZone: 'Europe/Brussels' };
    const jobSpec = { backoffLimit: 4, completions: 3, parallelism: 2, activeDeadlineSeconds: 600, ttlSecondsAfterFinished: 3600, completionMode: 'Indexed' };
    await tester.runComponent(cronjob.type, [
      {
        name: 'cleanup',
        properties: { image, ...cronSpec, ...jobSpec },
        objects: [cronJobObject(cronSpec, jobSpec), serviceAccountObject('cleanup')],
      },
    ]);
  });

  it('generates no ServiceAccount when the pods run as an existing one', async () => {
    await tester.runComponent(cronjob.type, [
      {
        name: 'cleanup',
        properties: { image, schedule: '@daily', serviceAccountName: 'janitor' },
        objects: [cronJobObject({ schedule: '@daily' }, {}, { serviceAccountName: 'janitor' })],
      },
    ]);
  });

  it('refuses a name, schedule or time zone the CronJob API refuses', async () => {
    const long = 'a'.repeat(53);
    await tester.runComponent(cronjob.type, [
      { title: 'name', name: long, properties: { image, schedule: '@daily' }, error: { message: `component "${long}": cronjob "${long}": the component name is the CronJob's name, which must be at most 52 characters` } },
      { title: 'schedule required', properties: { image }, error: { message: 'component "web" (type "cronjob"): "schedule" is required' } },
      { title: 'fields', properties: { image, schedule: '0 2 * *' }, error: { message: 'component "web": schedule: "0 2 * *" is not a cron schedule of five fields (minute hour day-of-month month day-of-week)', property: ['schedule'] } },
      { title: 'macro', properties: { image, schedule: '@fortnightly' }, error: { message: /is not a known macro/ } },
      { title: 'time zone in schedule', properties: { image, schedule: 'TZ=UTC 0 2 * * *' }, error: { message: /sets a time zone; use the timeZone property instead/ } },
      { title: 'time zone', properties: { image, schedule: '@daily', timeZone: 'Local' }, error: { message: /timeZone: "Local" is not an IANA time zone name/, property: ['timeZone'] } },
      { title: 'unknown zone', properties: { image, schedule: '@daily', timeZone: 'Mars/Olympus' }, error: { message: /is not an IANA time zone name/ } },
    ]);
  });
});
