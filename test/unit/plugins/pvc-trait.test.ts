import { builtinTester, rendered } from '../../support/engine.js';
import { describe, it } from 'vitest';
import { RefusalClass } from 'kurel/plugin-api';
import { NOOP_POLICY } from 'kurel/plugin-kit';
import { pvc } from '../../../plugins/builtin-traits/pvc.js';
import { deploymentObject, meta, deploymentComponent } from './fixtures.js';

const component = deploymentComponent('api');

function claim(spec: Record<string, unknown>) {
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: meta('shared-data', 'api'), spec };
}

describe('pvc trait', () => {
  it('creates a ReadWriteOnce claim of the requested size and leaves the component alone', async () => {
    await builtinTester('traits').runTrait(pvc.type, [
      {
        component,
        properties: { name: 'shared-data', size: '5Gi' },
        contains: [claim({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '5Gi' } } })],
      },
    ]);
  });

  it('takes the storage class from the ClusterProfile unless one is authored', async () => {
    const platform = builtinTester('traits', { capabilities: { pvc: { storageClassName: 'standard' } } });
    await platform.runTrait(pvc.type, [
      {
        component,
        properties: { name: 'shared-data', size: '5Gi', volumeMode: 'Block' },
        contains: [deploymentObject('api'), claim({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '5Gi' } }, storageClassName: 'standard', volumeMode: 'Block' })],
      },
      {
        component,
        properties: { name: 'shared-data', size: '5Gi', storageClassName: 'fast', accessModes: ['ReadWriteMany'] },
        contains: [claim({ accessModes: ['ReadWriteMany'], resources: { requests: { storage: '5Gi' } }, storageClassName: 'fast' })],
      },
    ]);
  });

  it('refuses a claim the API server would refuse', async () => {
    await builtinTester('traits').runTrait(pvc.type, [
      { title: 'name', component, properties: { name: 'Shared_Data', size: '5Gi' }, error: { message: 'component "api" trait "pvc": name: "Shared_Data" is not a valid claim name (a DNS-1123 subdomain)' } },
      { title: 'size', component, properties: { name: 'data', size: '0' }, error: { message: 'component "api" trait "pvc": size: "0" is not a positive quantity (such as "5Gi")', property: ['size'] } },
      { title: 'quantity', component, properties: { name: 'data', size: 'five gigs' }, error: { message: /is not a positive quantity/ } },
      { title: 'modes', component, properties: { name: 'data', size: '1Gi', accessModes: [] }, error: { message: 'component "api" trait "pvc": accessModes: at least one access mode is required' } },
      { title: 'mode value', component, properties: { name: 'data', size: '1Gi', volumeMode: 'Raw' }, error: { message: /must be one of: Filesystem, Block/ } },
    ]);
  });
});

describe('pvc trait under an environment policy', () => {
  const governed = builtinTester('traits', { policy: { ...NOOP_POLICY, defaultStorageSize: () => '2Gi', maxStorageSize: () => '10Gi' } });
  const spec = (size: string) => ({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: size } } });

  it('takes the policy default size when the trait sets none; an authored size wins', async () => {
    await governed.runTrait(pvc.type, [
      { title: 'defaulted', component, properties: { name: 'shared-data' }, contains: [claim(spec('2Gi'))] },
      { title: 'authored', component, properties: { name: 'shared-data', size: '5Gi' }, contains: [claim(spec('5Gi'))] },
    ]);
  });

  it('refuses a size over the maximum as a storage-maximum violation', async () => {
    await governed.runTrait(pvc.type, [
      { component, properties: { name: 'data', size: '20Gi' }, error: { message: 'component "api": PVC "data": storageSize "20Gi" exceeds enforced maximum "10Gi"', property: ['size'], refusalClass: RefusalClass.storageMaximum } },
    ]);
    await builtinTester('traits', { policy: { ...NOOP_POLICY, defaultStorageSize: () => '20Gi', maxStorageSize: () => '10Gi' } }).runTrait(pvc.type, [
      { title: 'defaulted', component, properties: { name: 'data' }, error: { message: 'component "api": PVC "data": storageSize "20Gi" exceeds enforced maximum "10Gi"', refusalClass: RefusalClass.storageMaximum } },
    ]);
  });

  it('refuses a claim with no size when the policy has no default', async () => {
    await builtinTester('traits').runTrait(pvc.type, [
      { component, properties: { name: 'data' }, error: { message: `component "api" trait "pvc": "size" is required; neither the trait nor the environment policy's default storage size sets it`, property: ['size'] } },
    ]);
  });
});
