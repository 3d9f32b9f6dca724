import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import type { PropertySchema } from 'kurel/plugin-api';
import { kinds } from '../../../plugins/builtin-kinds/families/flux.js';
import { handlerOf, meta } from './support.js';

const tester = builtinTester('kinds');
const gitrepository = handlerOf(kinds, 'gitrepository');
const helmrelease = handlerOf(kinds, 'helmrelease');

/** Paths of schema nodes that carry no description. */
function undescribed(schema: PropertySchema, path: string): string[] {
  const missing = schema.description ? [] : [path];
  for (const [key, child] of Object.entries(schema.properties ?? {})) missing.push(...undescribed(child, `${path}.${key}`));
  if (schema.items) missing.push(...undescribed(schema.items, `${path}[]`));
  if (typeof schema.additionalProperties === 'object') missing.push(...undescribed(schema.additionalProperties, `${path}.*`));
  return missing;
}

describe('flux kinds', () => {
  it('describe every property of the table (Flux, VolSync, MetalLB, escape hatches with the generic object, helmtemplate), at every depth', async () => {
    expect(kinds).toHaveLength(28);
    for (const kind of kinds) {
      const missing = Object.entries(kind.properties).flatMap(([key, schema]) => undescribed(schema, key));
      expect(missing, kind.type).toEqual([]);
    }
  });

  it('registers the fifteen Flux types in the Flux scope', async () => {
    const flux = kinds.filter((kind) => kind.object?.scope === 'flux').map((kind) => kind.type);
    expect(flux.sort()).toEqual(
      [
        'artifactgenerator',
        'bucket',
        'fluxcd-alert',
        'fluxcd-kustomization',
        'fluxcd-provider',
        'fluxcd-receiver',
        'gitrepository',
        'helmchart',
        'helmrelease',
        'helmrepository',
        'imagepolicy',
        'imagerepository',
        'imageupdateautomation',
        'ocirepository',
        'resourcesetinputprovider',
      ].sort(),
    );
  });

  it('renders a GitRepository as its Go type prints it: durations formatted, zero values omitted', async () => {
    await tester.runComponent(gitrepository.type, [
      {
        name: 'fleet',
        properties: { url: 'https://git.example/fleet', interval: '90m', timeout: '120m', ref: { branch: 'main' }, suspend: false, recurseSubmodules: true },
        objects: [
          {
            apiVersion: 'source.toolkit.fluxcd.io/v1',
            kind: 'GitRepository',
            metadata: meta('fleet'),
            spec: { url: 'https://git.example/fleet', interval: '1h30m0s', timeout: '120m0s', ref: { branch: 'main' }, recurseSubmodules: true },
          },
        ],
      },
    ]);
  });

  it('refuses an unknown nested field, naming its path', async () => {
    await tester.runComponent(gitrepository.type, [
      { properties: { url: 'https://git.example/fleet', interval: '1h', ref: { brnch: 'main' } }, error: { property: ['ref', 'brnch'], message: /unsupported field "brnch"/ } },
      {
        properties: { url: 'https://git.example/fleet', interval: '1h', include: [{ repository: { name: 'base', namespace: 'x' } }] },
        error: { property: ['include', 0, 'repository', 'namespace'] },
      },
    ]);
  });

  it('refuses a value that is no Go duration, naming its path, by the pattern of the CRD', async () => {
    await tester.runComponent(gitrepository.type, [
      { properties: { url: 'https://git.example/fleet', interval: 'hourly' }, error: { property: ['interval'], message: /"hourly" does not match the pattern/ } },
      { properties: { url: 'https://git.example/fleet', interval: '1h', timeout: '2h' }, error: { property: ['timeout'], message: /"2h" does not match the pattern .*\(ms\|s\|m\)\)\+\$/ } },
    ]);
  });

  it('prints a field without omitempty even when absent or false', async () => {
    const rendering = await rendered(tester, handlerOf(kinds, 'fluxcd-kustomization').type, 'apps', {
      interval: '10m',
      prune: false,
      sourceRef: { kind: 'GitRepository', name: 'fleet' },
    });
    expect(rendering.objects[0].spec).toEqual({ interval: '10m0s', prune: false, sourceRef: { kind: 'GitRepository', name: 'fleet' } });
  });

  it('keeps a HelmRelease values tree as written', async () => {
    const values = { replicas: 2, nested: { list: [1, 'two'], empty: {} } };
    const rendering = await rendered(tester, helmrelease.type, 'app', { chartRef: { kind: 'OCIRepository', name: 'app' }, interval: '1h', values });
    expect((rendering.objects[0].spec as Record<string, unknown>).values).toEqual(values);
  });

  it('keeps the authored post-renderers as written: the engine appends the component label one', async () => {
    const authored = { kustomize: { images: [{ name: 'nginx', newTag: '1.27' }] } };
    const spec = (await rendered(tester, helmrelease.type, 'app', { chartRef: { kind: 'OCIRepository', name: 'app' }, interval: '1h', postRenderers: [authored] })).objects[0]
      .spec as Record<string, any>;
    expect(spec.postRenderers[0]).toEqual(authored);
    expect(spec.postRenderers).toHaveLength(2);
    expect(spec.postRenderers[1].kustomize.patches[0].patch).toContain('launcher.gokure.dev/component: app');
  });

  it('keeps the release name of a renamed HelmRelease', async () => {
    const renamed = await rendered(tester, helmrelease.type, 'app', { objectName: 'app-v2', chartRef: { kind: 'OCIRepository', name: 'app' }, interval: '1h' });
    expect(renamed.objects[0].metadata.name).toBe('app-v2');
    expect((renamed.objects[0].spec as Record<string, unknown>).releaseName).toBe('app');
    const plain = await rendered(tester, helmrelease.type, 'app', { chartRef: { kind: 'OCIRepository', name: 'app' }, interval: '1h' });
    expect((plain.objects[0].spec as Record<string, unknown>).releaseName).toBeUndefined();
  });

  it('refuses a HelmRelease with both or neither of chart and chartRef', async () => {
    const chart = { spec: { chart: 'app', sourceRef: { kind: 'HelmRepository', name: 'charts' } } };
    await tester.runComponent(helmrelease.type, [
      { properties: { interval: '1h' }, error: { message: 'component "web": one of chart or chartRef is required' } },
      { properties: { interval: '1h', chart, chartRef: { kind: 'OCIRepository', name: 'app' } }, error: { message: /only one of chart, chartRef/ } },
      { properties: { interval: '1h', chart: { spec: { chart: 'app', sourceRef: { kind: 'OCIRepository', name: 'x' } } } }, error: { property: ['chart', 'spec', 'sourceRef', 'kind'] } },
    ]);
  });
});
