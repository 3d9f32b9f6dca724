import { builtinTester, rendered } from '../../support/engine.js';
import { describe, it } from 'vitest';
import { volsync } from '../../../plugins/builtin-traits/volsync.js';
import { deploymentObject, meta, deploymentComponent } from './fixtures.js';

const component = deploymentComponent('api');

function source(restic: Record<string, unknown>, schedule = '0 2 * * *', claim = 'data') {
  return {
    apiVersion: 'volsync.backube/v1alpha1',
    kind: 'ReplicationSource',
    metadata: meta(`${claim}-backup`, 'api'),
    spec: { sourcePVC: claim, trigger: { schedule }, restic: { customCA: {}, ...restic } },
  };
}

describe('volsync trait', () => {
  it('backs the claim up with restic by Snapshot into the component secret, leaving the component alone', async () => {
    await builtinTester('traits').runTrait(volsync.type, [
      {
        component,
        properties: { sourcePVC: 'data', schedule: '0 2 * * *' },
        contains: [source({ copyMethod: 'Snapshot', repository: 'api-volsync-secret' })],
      },
      {
        component,
        properties: { sourcePVC: 'db', schedule: '@daily', repository: 'restic-repo', pruneIntervalDays: 7, retain: { daily: 7, weekly: 4, monthly: 6 } },
        contains: [deploymentObject('api'), source({ copyMethod: 'Snapshot', repository: 'restic-repo', pruneIntervalDays: 7, retain: { daily: 7, weekly: 4, monthly: 6 } }, '@daily', 'db')],
      },
    ]);
  });

  it('writes the ClusterProfile class names the copy method uses, an authored one winning', async () => {
    const platform = builtinTester('traits', { capabilities: { volsync: { storageClassName: 'fast', volumeSnapshotClassName: 'csi-snap' } } });
    await platform.runTrait(volsync.type, [
      {
        title: 'snapshot',
        component,
        properties: { sourcePVC: 'data', schedule: '0 2 * * *' },
        contains: [source({ copyMethod: 'Snapshot', storageClassName: 'fast', volumeSnapshotClassName: 'csi-snap', repository: 'api-volsync-secret' })],
      },
      {
        title: 'clone',
        component,
        properties: { sourcePVC: 'data', schedule: '0 2 * * *', copyMethod: 'Clone', storageClassName: 'slow' },
        contains: [source({ copyMethod: 'Clone', storageClassName: 'slow', repository: 'api-volsync-secret' })],
      },
      {
        title: 'direct',
        component,
        properties: { sourcePVC: 'data', schedule: '0 2 * * *', copyMethod: 'Direct' },
        contains: [source({ copyMethod: 'Direct', repository: 'api-volsync-secret' })],
      },
    ]);
  });

  it('refuses what VolSync would refuse', async () => {
    const base = { sourcePVC: 'data', schedule: '0 2 * * *' };
    await builtinTester('traits').runTrait(volsync.type, [
      { title: 'claim required', component, properties: { schedule: '0 2 * * *' }, error: { message: /sourcePVC/ } },
      { title: 'schedule required', component, properties: { sourcePVC: 'data' }, error: { message: /schedule/ } },
      { title: 'claim', component, properties: { ...base, sourcePVC: 'Data_1' }, error: { message: 'component "api" trait "volsync": sourcePVC: "Data_1" is not a valid claim name (a DNS-1123 subdomain)', property: ['sourcePVC'] } },
      { title: 'schedule', component, properties: { ...base, schedule: 'every night' }, error: { message: /is not a cron schedule of five fields/, property: ['schedule'] } },
      { title: 'repository', component, properties: { ...base, repository: 'Repo!' }, error: { message: 'component "api" trait "volsync": repository: "Repo!" is not a valid Secret name (a DNS-1123 subdomain)', property: ['repository'] } },
      { title: 'prune', component, properties: { ...base, pruneIntervalDays: 0 }, error: { message: 'component "api" trait "volsync": pruneIntervalDays must be >= 1, got 0', property: ['pruneIntervalDays'] } },
      { title: 'retain', component, properties: { ...base, retain: { weekly: 0 } }, error: { message: 'component "api" trait "volsync": retain.weekly must be >= 1, got 0', property: ['retain', 'weekly'] } },
      { title: 'retain key', component, properties: { ...base, retain: { yearly: 1 } }, error: { message: /unsupported field "yearly"/ } },
      { title: 'copy method', component, properties: { ...base, copyMethod: 'None' }, error: { message: /must be one of: Snapshot, Clone, Direct/ } },
    ]);
  });
});
