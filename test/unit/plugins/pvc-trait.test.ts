import { describe, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { NOOP_POLICY, RefusalClass } from 'kurel/plugin-api';
import { pvc } from '../../../plugins/builtin-traits/pvc.js';
import { deploymentObject, meta } from './fixtures.js';

const component = { name: 'api', type: 'deployment', objects: [deploymentObject('api')] };

function claim(spec: Record<string, unknown>) {
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: meta('shared-data', 'api'), spec };
}

describe('pvc trait', () => {
  it('creates a ReadWriteOnce claim of the requested size and leaves the component alone', () => {
    new HandlerTester().runTrait(pvc, [
      {
        component,
        properties: { name: 'shared-data', size: '5Gi' },
        objects: [claim({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '5Gi' } } })],
        componentObjects: component.objects,
      },
    ]);
  });

  it('takes the storage class from the ClusterProfile unless one is authored', () => {
    const platform = new HandlerTester({ capabilities: { pvc: { storageClassName: 'standard' } } });
    platform.runTrait(pvc, [
      {
        component,
        properties: { name: 'shared-data', size: '5Gi', volumeMode: 'Block' },
        objects: [claim({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '5Gi' } }, storageClassName: 'standard', volumeMode: 'Block' })],
      },
      {
        component,
        properties: { name: 'shared-data', size: '5Gi', storageClassName: 'fast', accessModes: ['ReadWriteMany'] },
        objects: [claim({ accessModes: ['ReadWriteMany'], resources: { requests: { storage: '5Gi' } }, storageClassName: 'fast' })],
      },
    ]);
  });

  it('refuses a claim the API server would refuse', () => {
    new HandlerTester().runTrait(pvc, [
      { title: 'name', component, properties: { name: 'Shared_Data', size: '5Gi' }, error: { message: 'name: "Shared_Data" is not a valid claim name (a DNS-1123 subdomain)' } },
      { title: 'size', component, properties: { name: 'data', size: '0' }, error: { message: 'size: "0" is not a positive quantity (such as "5Gi")', path: ['size'] } },
      { title: 'quantity', component, properties: { name: 'data', size: 'five gigs' }, error: { message: /is not a positive quantity/ } },
      { title: 'modes', component, properties: { name: 'data', size: '1Gi', accessModes: [] }, error: { message: 'accessModes: at least one access mode is required' } },
      { title: 'mode value', component, properties: { name: 'data', size: '1Gi', volumeMode: 'Raw' }, error: { message: /must be one of: Filesystem, Block/ } },
    ]);
  });
});

describe('pvc trait under an environment policy', () => {
  const governed = new HandlerTester({ policy: { ...NOOP_POLICY, defaultStorageSize: () => '2Gi', maxStorageSize: () => '10Gi' } });
  const spec = (size: string) => ({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: size } } });

  it('takes the policy default size when the trait sets none; an authored size wins', () => {
    governed.runTrait(pvc, [
      { title: 'defaulted', component, properties: { name: 'shared-data' }, objects: [claim(spec('2Gi'))] },
      { title: 'authored', component, properties: { name: 'shared-data', size: '5Gi' }, objects: [claim(spec('5Gi'))] },
    ]);
  });

  it('refuses a size over the maximum as a storage-maximum violation', () => {
    governed.runTrait(pvc, [
      { component, properties: { name: 'data', size: '20Gi' }, error: { message: 'PVC "data": storageSize "20Gi" exceeds enforced maximum "10Gi"', path: ['size'], refusalClass: RefusalClass.storageMaximum } },
    ]);
    new HandlerTester({ policy: { ...NOOP_POLICY, defaultStorageSize: () => '20Gi', maxStorageSize: () => '10Gi' } }).runTrait(pvc, [
      { title: 'defaulted', component, properties: { name: 'data' }, error: { message: 'PVC "data": storageSize "20Gi" exceeds enforced maximum "10Gi"', refusalClass: RefusalClass.storageMaximum } },
    ]);
  });

  it('refuses a claim with no size when the policy has no default', () => {
    new HandlerTester().runTrait(pvc, [
      { component, properties: { name: 'data' }, error: { message: '"size" is required; neither the trait nor the environment policy\'s default storage size sets it', path: ['size'] } },
    ]);
  });
});
