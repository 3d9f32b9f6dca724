import { describe, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { volsync } from '../../../plugins/builtin-traits/volsync.js';
import { deploymentObject, meta } from './fixtures.js';

const component = { name: 'api', type: 'deployment', objects: [deploymentObject('api')] };

function source(restic: Record<string, unknown>, schedule = '0 2 * * *', claim = 'data') {
  return {
    apiVersion: 'volsync.backube/v1alpha1',
    kind: 'ReplicationSource',
    metadata: meta(`${claim}-backup`, 'api'),
    spec: { sourcePVC: claim, trigger: { schedule }, restic: { customCA: {}, ...restic } },
  };
}

describe('volsync trait', () => {
  it('backs the claim up with restic by Snapshot into the component secret, leaving the component alone', () => {
    new HandlerTester().runTrait(volsync, [
      {
        component,
        properties: { sourcePVC: 'data', schedule: '0 2 * * *' },
        objects: [source({ copyMethod: 'Snapshot', repository: 'api-volsync-secret' })],
        componentObjects: component.objects,
      },
      {
        component,
        properties: { sourcePVC: 'db', schedule: '@daily', repository: 'restic-repo', pruneIntervalDays: 7, retain: { daily: 7, weekly: 4, monthly: 6 } },
        objects: [source({ copyMethod: 'Snapshot', repository: 'restic-repo', pruneIntervalDays: 7, retain: { daily: 7, weekly: 4, monthly: 6 } }, '@daily', 'db')],
      },
    ]);
  });

  it('writes the ClusterProfile class names the copy method uses, an authored one winning', () => {
    const platform = new HandlerTester({ capabilities: { volsync: { storageClassName: 'fast', volumeSnapshotClassName: 'csi-snap' } } });
    platform.runTrait(volsync, [
      {
        title: 'snapshot',
        component,
        properties: { sourcePVC: 'data', schedule: '0 2 * * *' },
        objects: [source({ copyMethod: 'Snapshot', storageClassName: 'fast', volumeSnapshotClassName: 'csi-snap', repository: 'api-volsync-secret' })],
      },
      {
        title: 'clone',
        component,
        properties: { sourcePVC: 'data', schedule: '0 2 * * *', copyMethod: 'Clone', storageClassName: 'slow' },
        objects: [source({ copyMethod: 'Clone', storageClassName: 'slow', repository: 'api-volsync-secret' })],
      },
      {
        title: 'direct',
        component,
        properties: { sourcePVC: 'data', schedule: '0 2 * * *', copyMethod: 'Direct' },
        objects: [source({ copyMethod: 'Direct', repository: 'api-volsync-secret' })],
      },
    ]);
  });

  it('refuses what VolSync would refuse', () => {
    const base = { sourcePVC: 'data', schedule: '0 2 * * *' };
    new HandlerTester().runTrait(volsync, [
      { title: 'claim required', component, properties: { schedule: '0 2 * * *' }, error: { message: /sourcePVC/ } },
      { title: 'schedule required', component, properties: { sourcePVC: 'data' }, error: { message: /schedule/ } },
      { title: 'claim', component, properties: { ...base, sourcePVC: 'Data_1' }, error: { message: 'sourcePVC: "Data_1" is not a valid claim name (a DNS-1123 subdomain)', path: ['sourcePVC'] } },
      { title: 'schedule', component, properties: { ...base, schedule: 'every night' }, error: { message: /is not a cron schedule of five fields/, path: ['schedule'] } },
      { title: 'repository', component, properties: { ...base, repository: 'Repo!' }, error: { message: 'repository: "Repo!" is not a valid Secret name (a DNS-1123 subdomain)', path: ['repository'] } },
      { title: 'prune', component, properties: { ...base, pruneIntervalDays: 0 }, error: { message: 'pruneIntervalDays must be >= 1, got 0', path: ['pruneIntervalDays'] } },
      { title: 'retain', component, properties: { ...base, retain: { weekly: 0 } }, error: { message: 'retain.weekly must be >= 1, got 0', path: ['retain', 'weekly'] } },
      { title: 'retain key', component, properties: { ...base, retain: { yearly: 1 } }, error: { message: /unsupported field "yearly"/ } },
      { title: 'copy method', component, properties: { ...base, copyMethod: 'None' }, error: { message: /must be one of: Snapshot, Clone, Direct/ } },
    ]);
  });
});
