import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { externalSecretsKinds } from '../../../plugins/builtin-kinds/families/operators/external-secrets/index.js';

const tester = new HandlerTester({ namespace: 'shop' });
const kind = (type: string) => externalSecretsKinds.find((handler) => handler.type === type)!;
const storeRef = { name: 'vault', kind: 'ClusterSecretStore' };

describe('External Secrets kinds', () => {
  it('declare the four kinds of external-secrets.io/v1', () => {
    expect(externalSecretsKinds.map((handler) => [handler.type, handler.object?.kind, handler.object?.scope])).toEqual([
      ['externalsecret', 'ExternalSecret', 'namespaced'],
      ['clusterexternalsecret', 'ClusterExternalSecret', 'cluster'],
      ['secretstore', 'SecretStore', 'namespaced'],
      ['clustersecretstore', 'ClusterSecretStore', 'cluster'],
    ]);
  });

  it('renders an ExternalSecret with its duration as Go prints it and the target Go always writes', () => {
    tester.runComponent(kind('externalsecret'), [
      {
        name: 'creds',
        properties: { secretStoreRef: storeRef, refreshInterval: '90m', data: [{ secretKey: 'TOKEN', remoteRef: { key: 'prod/app' } }] },
        objects: [
          {
            apiVersion: 'external-secrets.io/v1',
            kind: 'ExternalSecret',
            metadata: { name: 'creds', namespace: 'shop' },
            spec: { secretStoreRef: storeRef, refreshInterval: '1h30m0s', data: [{ secretKey: 'TOKEN', remoteRef: { key: 'prod/app' } }], target: {} },
          },
        ],
      },
    ]);
  });

  it('writes the empty structs of a ClusterExternalSecret and of the providers', () => {
    const cluster = tester.renderComponent(kind('clusterexternalsecret'), 'ca', { namespaces: ['a'], refreshTime: '60s', externalSecretSpec: { secretStoreRef: storeRef } });
    expect(cluster.objects[0].spec).toEqual({ namespaces: ['a'], refreshTime: '1m0s', externalSecretMetadata: {}, externalSecretSpec: { secretStoreRef: storeRef, target: {} } });
    const store = tester.renderComponent(kind('clustersecretstore'), 'aws', { provider: { aws: { service: 'SecretsManager', region: 'eu-west-1' } } });
    expect(store.objects[0].spec).toEqual({ provider: { aws: { service: 'SecretsManager', region: 'eu-west-1', auth: {} } } });
  });

  it('writes the webhook result and the SDK cache time-to-live as Go does', () => {
    const hook = tester.renderComponent(kind('secretstore'), 'hook', { provider: { webhook: { url: 'https://s', timeout: '90s' } } });
    expect(hook.objects[0].spec).toEqual({ provider: { webhook: { url: 'https://s', timeout: '1m30s', result: {} } } });
    const sdk = tester.renderComponent(kind('secretstore'), 'op', { provider: { onepasswordSDK: { vault: 'v', auth: { serviceAccountSecretRef: { name: 't' } }, cache: {} } } });
    expect(sdk.objects[0].spec).toEqual({ provider: { onepasswordSDK: { vault: 'v', auth: { serviceAccountSecretRef: { name: 't' } }, cache: { ttl: '0s' } } } });
    tester.runComponent(kind('secretstore'), [
      { properties: { provider: { webhook: { url: 'https://s', timeout: 'soon' } } }, error: { message: /not a duration/, path: ['provider', 'webhook', 'timeout'] } },
    ]);
  });

  it('refuses an unknown nested field, naming its path', () => {
    tester.runComponent(kind('externalsecret'), [
      {
        properties: { secretStoreRef: storeRef, data: [{ secretKey: 'A', remoteRef: { key: 'k', propery: 'p' } }] },
        error: { message: /unsupported field "propery"/, path: ['data', 0, 'remoteRef', 'propery'] },
      },
    ]);
    tester.runComponent(kind('secretstore'), [
      { properties: { provider: { vault: { server: 'https://v', auth: { kubernetes: { role: 'r', mount: 'k8s' } } } } }, error: { path: ['provider', 'vault', 'auth', 'kubernetes', 'mount'] } },
    ]);
  });

  it('refuses a duration Go cannot read and a store with no provider or two', () => {
    tester.runComponent(kind('externalsecret'), [{ properties: { refreshInterval: '1d' }, error: { message: /"1d" is not a duration/, path: ['refreshInterval'] } }]);
    tester.runComponent(kind('clusterexternalsecret'), [
      { properties: { externalSecretSpec: { refreshInterval: '5' } }, error: { path: ['externalSecretSpec', 'refreshInterval'] } },
    ]);
    tester.runComponent(kind('secretstore'), [
      { properties: { provider: {} }, error: { message: /exactly one provider, got none/, path: ['provider'] } },
      { properties: { provider: { fake: { data: [] }, aws: { service: 'SecretsManager', region: 'x' } } }, error: { message: /got fake, aws/ } },
    ]);
  });
});
