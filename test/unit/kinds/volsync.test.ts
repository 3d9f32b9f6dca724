import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { kinds } from '../../../plugins/builtin-kinds/families/volsync.js';
import { handlerOf, meta } from './support.js';
import { buildSamples } from './upstream-samples.js';

const tester = builtinTester('kinds', { namespace: 'shop' });
const replicationsource = handlerOf(kinds, 'replicationsource');

describe('volsync kinds', () => {
  it('renders a ReplicationSource as its Go type prints it: a by-value struct as {}, quantities canonical, pointers kept', async () => {
    await tester.runComponent(replicationsource.type, [
      {
        name: 'data-backup',
        properties: {
          sourcePVC: 'data',
          trigger: { schedule: '0 * * * *' },
          restic: {
            repository: 'restic-config',
            copyMethod: 'Snapshot',
            cacheCapacity: '1024Mi',
            pruneIntervalDays: 0,
            retain: { daily: 7 },
            moverResources: { limits: { cpu: 0.5, memory: '512Mi' } },
            moverSecurityContext: { runAsNonRoot: false },
          },
          paused: false,
        },
        objects: [
          {
            apiVersion: 'volsync.backube/v1alpha1',
            kind: 'ReplicationSource',
            metadata: meta('data-backup', 'shop'),
            spec: {
              sourcePVC: 'data',
              trigger: { schedule: '0 * * * *' },
              restic: {
                repository: 'restic-config',
                copyMethod: 'Snapshot',
                cacheCapacity: '1Gi',
                customCA: {},
                pruneIntervalDays: 0,
                retain: { daily: 7 },
                moverResources: { limits: { cpu: '500m', memory: '512Mi' } },
                moverSecurityContext: { runAsNonRoot: false },
              },
            },
          },
        ],
      },
    ]);
  });

  it('refuses an unknown nested field, naming its path', async () => {
    await tester.runComponent(replicationsource.type, [
      { properties: { restic: { retain: { daily: 7, forever: true } } }, error: { property: ['restic', 'retain', 'forever'], message: /unsupported field "forever"/ } },
    ]);
  });

  it('refuses a value that is no quantity, naming its path', async () => {
    await tester.runComponent(replicationsource.type, [{ properties: { rsyncTLS: { capacity: 'ten gigs' } }, error: { property: ['rsyncTLS', 'capacity'], message: /not a quantity/ } }]);
  });

  it('refuses a mover the destination does not have', async () => {
    await tester.runComponent(handlerOf(kinds, 'replicationdestination').type, [{ properties: { syncthing: {} }, error: { property: ['syncthing'] } }]);
  });

  it("builds upstream's own sample objects (backube/volsync config/samples and examples at v0.16.0)", async () => {
    const rendered = await buildSamples(kinds, 'volsync', ['volsync.backube']);
    expect(rendered.length).toBeGreaterThanOrEqual(12);
    for (const { file, authored, object } of rendered) expect(Object.keys(object.spec as object), file).toEqual(expect.arrayContaining(Object.keys(authored)));
  });
});
