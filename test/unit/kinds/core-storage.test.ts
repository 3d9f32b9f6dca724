import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { kinds } from '../../../plugins/builtin-kinds/families/core.js';
import { canonicalQuantity } from '../../../src/plugin-api/kit/policy-checks/quantity.js';

const pvc = kinds.find((k) => k.type === 'persistentvolumeclaim')!;

describe('persistentvolumeclaim', () => {
  it('puts size under resources.requests.storage and takes the storage class from the pvc capability', async () => {
    const withProfile = builtinTester('kinds', { namespace: 'shop', capabilities: { pvc: { storageClassName: 'fast' } } });
    expect((await rendered(withProfile, pvc.type, 'data', { size: '10Gi', labels: { tier: 'db' } })).objects).toEqual([
      {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'data', namespace: 'shop', labels: { app: 'data', tier: 'db', 'launcher.gokure.dev/component': 'data' } },
        spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10Gi' } }, storageClassName: 'fast' },
      },
    ]);
    const authored = (await rendered(withProfile, pvc.type, 'data', { size: 1024, storageClassName: '', accessModes: ['ReadWriteMany'], volumeMode: 'Block' })).objects[0];
    expect(authored.spec).toEqual({ accessModes: ['ReadWriteMany'], resources: { requests: { storage: '1024' } }, storageClassName: '', volumeMode: 'Block' });
    const noProfile = (await rendered(builtinTester('kinds'), pvc.type, 'data', { size: '1Gi' })).objects[0];
    expect((noProfile.spec as any).storageClassName).toBeUndefined();
  });

  it('refuses a missing or non-positive size, a bad capability value and unknown fields', async () => {
    await builtinTester('kinds').runComponent(pvc.type, [
      { properties: {}, error: { message: 'component "web" (type "persistentvolumeclaim"): "size" is required' } },
      { properties: { size: '0' }, error: { message: /not a positive quantity/, property: ['size'] } },
      { properties: { size: 'lots' }, error: { message: /not a positive quantity/, property: ['size'] } },
      { properties: { size: '1Gi', storageClassName: 'x', selector: { matchLabels: { a: 'b' }, match: {} } }, error: { message: /unsupported field "match"/, property: ['selector', 'match'] } },
    ]);
    // A capability value of the wrong type is refused where the profile binds it, before any component renders.
    await builtinTester('kinds', { capabilities: { pvc: { storageClassName: 3 } } }).runComponent(pvc.type, [
      { properties: { size: '1Gi' }, error: { message: 'evaluating profile "test": capability "pvc": expected a string, got a number' } },
    ]);
  });
});

describe('canonicalQuantity', () => {
  it('prints quantities as apimachinery does', async () => {
    const cases: Array<[string | number, string]> = [
      [1, '1'],
      [0.5, '500m'],
      ['1500m', '1500m'],
      ['1000m', '1'],
      [1000, '1k'],
      ['100', '100'],
      ['1024Mi', '1Gi'],
      ['1.5Gi', '1536Mi'],
      ['512Ki', '512Ki'],
      ['0.5Ki', '512'],
      ['1e3', '1e3'],
      ['0', '0'],
      ['-2Gi', '-2Gi'],
      ['0.1m', '100u'],
      ['.5', '500m'],
    ];
    for (const [input, expected] of cases) expect(canonicalQuantity(input), String(input)).toBe(expected);
    expect(canonicalQuantity('1GB')).toBeUndefined();
  });
});
