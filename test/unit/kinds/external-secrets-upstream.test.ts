import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { externalSecretsKinds } from '../../../plugins/builtin-kinds/families/operators/external-secrets/index.js';
import { handlerOf } from './support.js';
import { renderSamplesIsolated } from './upstream-samples.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

// The External Secrets kinds take the schemas generated from external-secrets/external-secrets'
// CRDs (plugins/builtin-kinds/crds/external-secrets, v2.7.0): the project's documentation snippets
// build, and a misspelt field deep in the spec is refused by its path.

const tester = new HandlerTester({ plugins: SOURCE_BUILTINS, namespace: 'shop' });
const storeRef = { name: 'vault', kind: 'ClusterSecretStore' };

describe('External Secrets kinds from the upstream CRDs', () => {
  it("build upstream's own documentation snippets (docs/snippets at v2.7.0)", () => {
    const rendered = renderSamplesIsolated(externalSecretsKinds, 'external-secrets', ['external-secrets.io']);
    expect(rendered.length).toBeGreaterThanOrEqual(11);
    expect(new Set(rendered.map(({ object }) => object.kind))).toEqual(new Set(['ExternalSecret', 'SecretStore', 'ClusterSecretStore']));
    for (const { file, authored, object } of rendered) expect(Object.keys(object.spec as object), file).toEqual(expect.arrayContaining(Object.keys(authored)));
  });

  it('refuses a misspelt nested field by its path', () => {
    tester.runComponent(handlerOf(externalSecretsKinds, 'externalsecret'), [
      { properties: { secretStoreRef: storeRef, data: [{ secretKey: 'a', remoteRef: { key: 'k', proprety: 'p' } }] }, error: { path: ['data', 0, 'remoteRef', 'proprety'], message: /unsupported field "proprety"/ } },
    ]);
    tester.runComponent(handlerOf(externalSecretsKinds, 'clustersecretstore'), [
      { properties: { provider: { vault: { server: 'https://vault', auth: { tokenSecretRef: { name: 'a', keyy: 'b' } } } } }, error: { path: ['provider', 'vault', 'auth', 'tokenSecretRef', 'keyy'], message: /unsupported field "keyy"/ } },
    ]);
    tester.runComponent(handlerOf(externalSecretsKinds, 'clusterexternalsecret'), [
      { properties: { externalSecretSpec: { secretStoreRef: storeRef, target: { nme: 'x' } } }, error: { path: ['externalSecretSpec', 'target', 'nme'], message: /unsupported field "nme"/ } },
    ]);
  });

  it('keeps the enums upstream states', () => {
    tester.runComponent(handlerOf(externalSecretsKinds, 'externalsecret'), [
      { properties: { secretStoreRef: storeRef, refreshPolicy: 'Sometimes' }, error: { path: ['refreshPolicy'], message: /Sometimes/ } },
    ]);
  });
});
