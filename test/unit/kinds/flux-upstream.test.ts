import { describe, expect, it } from 'vitest';
import { builtinTester, objectOf, rendered } from '../../support/engine.js';
import { kinds } from '../../../plugins/builtin-kinds/families/flux.js';
import { handlerOf } from './support.js';
import { buildSamples } from './upstream-samples.js';

// Each Flux controller's kinds, and the Flux Operator's ResourceSetInputProvider, take the schema
// generated from that project's CRDs (plugins/builtin-kinds/crds/flux-*): its own samples build,
// and a misspelt field deep in the spec is refused by its path.

const tester = builtinTester('kinds', { namespace: 'shop' });

/** Every authored spec field of each rendered sample is in the object the kind writes. */
async function expectSamplesBuild(family: string, groups: string[], least: number) {
  const rendered = await buildSamples(kinds, family, groups);
  expect(rendered.length).toBeGreaterThanOrEqual(least);
  for (const { file, authored, object } of rendered) expect(Object.keys(object.spec as object), file).toEqual(expect.arrayContaining(Object.keys(authored)));
}

describe('Flux kinds from the controllers’ CRDs', () => {
  it("build source-controller's config/samples (release/v1.9.x)", () => expectSamplesBuild('flux-source-controller', ['source.toolkit.fluxcd.io'], 8));
  it("build helm-controller's config/samples (v1.6.3)", () => expectSamplesBuild('flux-helm-controller', ['helm.toolkit.fluxcd.io'], 3));
  it("build kustomize-controller's config/samples (v1.9.4)", () => expectSamplesBuild('flux-kustomize-controller', ['kustomize.toolkit.fluxcd.io'], 1));
  it("build notification-controller's config/samples (v1.9.2)", () => expectSamplesBuild('flux-notification-controller', ['notification.toolkit.fluxcd.io'], 3));
  it("build image-reflector-controller's config/samples (v1.2.0)", () => expectSamplesBuild('flux-image-reflector-controller', ['image.toolkit.fluxcd.io'], 2));
  it("build image-automation-controller's config/samples (release/v1.2.x)", () => expectSamplesBuild('flux-image-automation-controller', ['image.toolkit.fluxcd.io'], 1));
  it("build source-watcher's config/samples (release/v2.2.x)", () => expectSamplesBuild('flux-source-watcher', ['source.extensions.fluxcd.io'], 1));
  it("build flux-operator's ResourceSetInputProvider samples (v0.58.1)", () => expectSamplesBuild('flux-operator', ['fluxcd.controlplane.io'], 8));

  const misspelt: Array<[string, Record<string, unknown>, (string | number)[]]> = [
    ['ocirepository', { url: 'oci://ghcr.io/x/y', interval: '5m', verify: { provider: 'cosign', matchOIDCIdentity: [{ issuer: 'a', subjet: 'b' }] } }, ['verify', 'matchOIDCIdentity', 0, 'subjet']],
    ['helmrelease', { interval: '5m', chartRef: { kind: 'OCIRepository', name: 'x' }, upgrade: { remediation: { retires: 3 } } }, ['upgrade', 'remediation', 'retires']],
    ['fluxcd-kustomization', { interval: '5m', prune: true, sourceRef: { kind: 'GitRepository', name: 'x' }, healthChecks: [{ kind: 'Deployment', name: 'a', namespce: 'b' }] }, ['healthChecks', 0, 'namespce']],
    ['fluxcd-receiver', { type: 'generic', resources: [{ kind: 'GitRepository', name: 'x', matchLabel: {} }] }, ['resources', 0, 'matchLabel']],
    ['imagepolicy', { imageRepositoryRef: { name: 'x' }, policy: { semver: { rang: '1.x' } } }, ['policy', 'semver', 'rang']],
    ['imageupdateautomation', { interval: '5m', sourceRef: { kind: 'GitRepository', name: 'x' }, git: { commit: { autor: {} } } }, ['git', 'commit', 'autor']],
    ['resourcesetinputprovider', { type: 'GitHubBranch', url: 'https://github.com/x/y', schedule: [{ cron: '0 * * * *', windw: '1h' }] }, ['schedule', 0, 'windw']],
    ['resourcesetinputprovider', { type: 'ExternalArtifact', selectors: [{ matchExpressions: [{ key: 'team', operator: 'In', value: ['a'] }] }] }, ['selectors', 0, 'matchExpressions', 0, 'value']],
    ['artifactgenerator', { sources: [{ alias: 'a', kind: 'GitRepository', name: 'x' }], artifacts: [{ name: 'a', copy: [{ from: '@a/**', to: '@artifact/', exclde: [] }] }] }, ['artifacts', 0, 'copy', 0, 'exclde']],
  ];
  it.each(misspelt)('%s refuses a misspelt nested field by its path', async (type, properties, path) => {
    await tester.runComponent(handlerOf(kinds, type).type, [{ properties, error: { code: 'KUREL_PROPERTY', property: path, message: new RegExp(`unsupported field "${String(path.at(-1))}"`) } }]);
  });

  it('prints a ResourceSetInputProvider as flux-operator\'s Go type writes it: omitempty zeros dropped, a schedule window always', async () => {
    const { objects } = await rendered(tester, handlerOf(kinds, 'resourcesetinputprovider').type, 'previews', {
      type: 'GitHubBranch',
      url: 'https://github.com/x/y',
      serviceAccountName: '',
      insecure: false,
      filter: { limit: 0, includeBranch: '', semver: '>=1.0.0' },
      schedule: [{ cron: '0 8 * * 1-5' }, { cron: '0 * * * *', timeZone: '', window: '90m' }],
    });
    expect(objectOf(objects, 'ResourceSetInputProvider', 'previews').spec).toEqual({
      type: 'GitHubBranch',
      url: 'https://github.com/x/y',
      filter: { semver: '>=1.0.0' },
      schedule: [
        { cron: '0 8 * * 1-5', window: '0s' },
        { cron: '0 * * * *', window: '1h30m0s' },
      ],
    });
  });

  it('refuses a ResourceSetInputProvider type its CRD does not list', async () => {
    await tester.runComponent(handlerOf(kinds, 'resourcesetinputprovider').type, [{ properties: { type: 'BitbucketBranch' }, error: { code: 'KUREL_PROPERTY', property: ['type'], message: /must be one of: Static, GitHubBranch/ } }]);
  });
});
