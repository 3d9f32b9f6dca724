import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { RefusalClass, type Policy } from 'kurel/plugin-api';
import { NOOP_POLICY } from 'kurel/plugin-kit';
import { kinds } from '../../../plugins/builtin-kinds/families/volsync.js';

const kind = (type: string) => kinds.find((k) => k.type === type)!;
const under = (policy: Partial<Policy> = {}) => builtinTester('kinds', { namespace: 'data', policy: { ...NOOP_POLICY, ...policy } });

describe('VolSync movers under the policy', () => {
  it('hold the volumes a mover creates to the storage maximum', async () => {
    await under({ maxStorageSize: () => '10Gi' }).runComponent(kind('replicationsource').type, [
      {
        title: 'cache',
        name: 'backup',
        properties: { sourcePVC: 'data', restic: { repository: 'repo', capacity: '1Gi', cacheCapacity: '11Gi' } },
        error: { message: 'component "backup": restic.cacheCapacity "11Gi" exceeds enforced maximum "10Gi"', property: ['restic', 'cacheCapacity'], refusalClass: RefusalClass.storageMaximum },
      },
    ]);
    await under({ maxStorageSize: () => '10Gi' }).runComponent(kind('replicationdestination').type, [
      { name: 'restore', properties: { rclone: { capacity: '20Gi' } }, error: { message: 'component "restore": rclone.capacity "20Gi" exceeds enforced maximum "10Gi"', refusalClass: RefusalClass.storageMaximum } },
    ]);
  });

  it('hold a mover’s resources to the maxima and its pod to the security flags', async () => {
    await under({ maxMemory: () => '1Gi' }).runComponent(kind('replicationdestination').type, [
      {
        name: 'restore',
        properties: { rsync: { moverResources: { limits: { memory: '2Gi' } } } },
        error: { message: 'component "restore": rsync.moverResources: memory limit "2Gi" exceeds enforced maximum "1Gi"', property: ['rsync', 'moverResources', 'limits', 'memory'], refusalClass: RefusalClass.resourceMaximum },
      },
    ]);
    await under().runComponent(kind('replicationsource').type, [
      {
        name: 'backup',
        properties: { sourcePVC: 'data', rclone: { moverSecurityContext: { windowsOptions: { hostProcess: true } } } },
        error: { message: 'component "backup": rclone: moverSecurityContext.windowsOptions.hostProcess is not allowed by environment policy', refusalClass: RefusalClass.privileged },
      },
    ]);
  });

  it('build a mover inside the limits', async () => {
    expect((await rendered(under({ maxStorageSize: () => '10Gi' }), 'replicationsource', 'backup', { sourcePVC: 'data', restic: { repository: 'repo', capacity: '10Gi' } })).objects).toHaveLength(1);
  });
});
