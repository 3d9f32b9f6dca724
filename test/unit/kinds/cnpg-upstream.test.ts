import { describe, expect, it } from 'vitest';
import { builtinTester, rendered } from '../../support/engine.js';
import { cnpgKinds } from '../../../plugins/builtin-kinds/families/operators/cnpg/index.js';
import { clusterOverlay, databaseOverlay } from '../../../plugins/builtin-kinds/families/operators/cnpg/overlay.js';
import { buildSamples } from './upstream-samples.js';

// The CloudNativePG kinds take the schemas generated from cloudnative-pg v1.30.0's CRDs, the
// ObjectStore from plugin-barman-cloud v0.14.0's: the projects' own samples build, a misspelt field
// deep in the spec is refused by its path, and each overlay entry holds.

const tester = builtinTester('kinds', { namespace: 'shop' });

async function expectSamplesBuild(family: string, groups: string[], least: number) {
  const rendered = await buildSamples(cnpgKinds, family, groups);
  expect(rendered.length).toBeGreaterThanOrEqual(least);
  // Go's omitempty drops an authored false, 0 or "": every other authored field is written.
  const written = (authored: Record<string, unknown>) => Object.keys(authored).filter((key) => ![false, 0, ''].includes(authored[key] as never));
  for (const { file, authored, object } of rendered) expect(Object.keys(object.spec as object), file).toEqual(expect.arrayContaining(written(authored)));
  return rendered;
}

describe('CloudNativePG kinds from the upstream CRDs', () => {
  it("build cloudnative-pg's own samples (docs/src/samples at v1.30.0), every kind of the group among them", async () => {
    const rendered = await expectSamplesBuild('cloudnative-pg', ['postgresql.cnpg.io'], 20);
    expect(new Set(rendered.map(({ object }) => object.kind))).toEqual(
      new Set(['Backup', 'Cluster', 'Database', 'ScheduledBackup', 'Publication', 'Subscription', 'Pooler', 'ImageCatalog', 'ClusterImageCatalog', 'DatabaseRole']),
    );
  });

  it("builds plugin-barman-cloud's example ObjectStore (hack/examples at v0.14.0)", () => expectSamplesBuild('plugin-barman-cloud', ['barmancloud.cnpg.io'], 1));

  it('refuses a misspelt nested field by its path', async () => {
    await tester.runComponent('cnpg-cluster', [
      { properties: { storage: { size: '1Gi' }, postgresql: { parameters: {}, synchronous: { method: 'any', numbr: 1 } } }, error: { code: 'KUREL_PROPERTY', property: ['postgresql', 'synchronous', 'numbr'], message: /unsupported field "numbr"/ } },
    ]);
    await tester.runComponent('cnpg-objectstore', [
      { properties: { configuration: { destinationPath: 's3://b', s3Credentials: { accessKeyId: { name: 'a', kye: 'b' } } } }, error: { code: 'KUREL_PROPERTY', property: ['configuration', 's3Credentials', 'accessKeyId', 'kye'], message: /unsupported field "kye"/ } },
    ]);
  });

  it('takes the labels and annotations of an ephemeral volume claim template, which the CRD leaves bare', async () => {
    const metadata = { labels: { tier: 'db' }, annotations: { note: 'scratch' } };
    const spec = (await rendered(tester, 'cnpg-cluster', 'pg', {
      storage: { size: '1Gi' },
      ephemeralVolumeSource: { volumeClaimTemplate: { metadata, spec: { accessModes: ['ReadWriteOnce'] } } },
    })).objects[0].spec as Record<string, any>;
    expect(spec.ephemeralVolumeSource.volumeClaimTemplate.metadata).toEqual(metadata);
  });

  describe('the overlay: where the reference departs from the CRDs', () => {
    it('holds one entry per departure', async () => {
      expect(clusterOverlay.map((entry) => `${entry.change} ${entry.path}`)).toEqual(['default instances']);
      expect(databaseOverlay.map((entry) => `${entry.change} ${entry.path}`)).toEqual(['default schemas[].ensure', 'default extensions[].ensure', 'default fdws[].ensure', 'default servers[].ensure']);
    });

    it('writes one instance when the Cluster names none', async () => {
      expect((await rendered(tester, 'cnpg-cluster', 'pg', { storage: { size: '1Gi' } })).objects[0].spec).toMatchObject({ instances: 1 });
    });

    it.each(['schemas', 'extensions', 'fdws'])('writes ensure: present on each of a Database’s %s', async (list) => {
      const spec = (await rendered(tester, 'cnpg-database', 'orders', { cluster: { name: 'pg' }, name: 'orders', owner: 'app', [list]: [{ name: 'x' }] })).objects[0].spec as Record<string, unknown>;
      expect(spec[list]).toEqual([{ name: 'x', ensure: 'present' }]);
    });

    it('writes ensure: present on each of a Database’s servers', async () => {
      const spec = (await rendered(tester, 'cnpg-database', 'orders', { cluster: { name: 'pg' }, name: 'orders', owner: 'app', servers: [{ name: 'x', fdw: 'f' }] })).objects[0].spec as Record<string, unknown>;
      expect(spec.servers).toEqual([{ name: 'x', fdw: 'f', ensure: 'present' }]);
    });
  });
});
