import { describe, expect, it } from 'vitest';
import { builtinTester } from '../../support/engine.js';
import { externalSecretsKinds } from '../../../plugins/builtin-kinds/families/operators/external-secrets/index.js';
import { buildSamples } from './upstream-samples.js';

// The External Secrets kinds take the schemas generated from external-secrets/external-secrets'
// CRDs (plugins/builtin-kinds/crds/external-secrets, v2.7.0): the project's documentation snippets
// build, and a misspelt field deep in the spec is refused by its path.

const tester = builtinTester('kinds', { namespace: 'shop' });
const storeRef = { name: 'vault', kind: 'ClusterSecretStore' };

describe('External Secrets kinds from the upstream CRDs', () => {
  it("build upstream's own documentation snippets (docs/snippets at v2.7.0)", async () => {
    const rendered = await buildSamples(externalSecretsKinds, 'external-secrets', ['external-secrets.io']);
    expect(rendered.length).toBeGreaterThanOrEqual(11);
    expect(new Set(rendered.map(({ object }) => object.kind))).toEqual(new Set(['ExternalSecret', 'SecretStore', 'ClusterSecretStore']));
    for (const { file, authored, object } of rendered) expect(Object.keys(object.spec as object), file).toEqual(expect.arrayContaining(Object.keys(authored)));
  });

  it('refuses a misspelt nested field by its path', async () => {
    await tester.runComponent('externalsecret', [
      { properties: { secretStoreRef: storeRef, data: [{ secretKey: 'a', remoteRef: { key: 'k', proprety: 'p' } }] }, error: { code: 'KUREL_PROPERTY', property: ['data', 0, 'remoteRef', 'proprety'], message: /unsupported field "proprety"/ } },
    ]);
    await tester.runComponent('clustersecretstore', [
      { properties: { provider: { vault: { server: 'https://vault', auth: { tokenSecretRef: { name: 'a', keyy: 'b' } } } } }, error: { code: 'KUREL_PROPERTY', property: ['provider', 'vault', 'auth', 'tokenSecretRef', 'keyy'], message: /unsupported field "keyy"/ } },
    ]);
    await tester.runComponent('clusterexternalsecret', [
      { properties: { externalSecretSpec: { secretStoreRef: storeRef, target: { nme: 'x' } } }, error: { code: 'KUREL_PROPERTY', property: ['externalSecretSpec', 'target', 'nme'], message: /unsupported field "nme"/ } },
    ]);
  });

  it('keeps the enums upstream states', async () => {
    await tester.runComponent('externalsecret', [
      { properties: { secretStoreRef: storeRef, refreshPolicy: 'Sometimes' }, error: { code: 'KUREL_PROPERTY', property: ['refreshPolicy'], message: /Sometimes/ } },
    ]);
  });
});
