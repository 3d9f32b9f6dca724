import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { NOOP_POLICY, RefusalClass, type Policy } from 'kurel/plugin-api';
import { kinds } from '../../../plugins/builtin-kinds/families/volsync.js';

const kind = (type: string) => kinds.find((k) => k.type === type)!;
const under = (policy: Partial<Policy> = {}) => new HandlerTester({ namespace: 'data', policy: { ...NOOP_POLICY, ...policy } });

describe('VolSync movers under the policy', () => {
  it('hold the volumes a mover creates to the storage maximum', () => {
    under({ maxStorageSize: () => '10Gi' }).runComponent(kind('replicationsource'), [
      {
        title: 'cache',
        name: 'backup',
        properties: { sourcePVC: 'data', restic: { repository: 'repo', capacity: '1Gi', cacheCapacity: '11Gi' } },
        error: { message: 'restic.cacheCapacity "11Gi" exceeds enforced maximum "10Gi"', path: ['restic', 'cacheCapacity'], refusalClass: RefusalClass.storageMaximum },
      },
    ]);
    under({ maxStorageSize: () => '10Gi' }).runComponent(kind('replicationdestination'), [
      { name: 'restore', properties: { rclone: { capacity: '20Gi' } }, error: { message: 'rclone.capacity "20Gi" exceeds enforced maximum "10Gi"', refusalClass: RefusalClass.storageMaximum } },
    ]);
  });

  it('hold a mover’s resources to the maxima and its pod to the security flags', () => {
    under({ maxMemory: () => '1Gi' }).runComponent(kind('replicationdestination'), [
      {
        name: 'restore',
        properties: { rsync: { moverResources: { limits: { memory: '2Gi' } } } },
        error: { message: 'rsync.moverResources: memory limit "2Gi" exceeds enforced maximum "1Gi"', path: ['rsync', 'moverResources', 'limits', 'memory'], refusalClass: RefusalClass.resourceMaximum },
      },
    ]);
    under().runComponent(kind('replicationsource'), [
      {
        name: 'backup',
        properties: { sourcePVC: 'data', rclone: { moverSecurityContext: { windowsOptions: { hostProcess: true } } } },
        error: { message: 'rclone: moverSecurityContext.windowsOptions.hostProcess is not allowed by environment policy', refusalClass: RefusalClass.privileged },
      },
    ]);
  });

  it('build a mover inside the limits', () => {
    expect(under({ maxStorageSize: () => '10Gi' }).renderComponent(kind('replicationsource'), 'backup', { sourcePVC: 'data', restic: { repository: 'repo', capacity: '10Gi' } }).objects).toHaveLength(1);
  });
});
