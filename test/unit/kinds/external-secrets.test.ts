import { meta } from './support.js';
import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { externalSecretsKinds } from '../../../plugins/builtin-kinds/families/operators/external-secrets/index.js';

const tester = builtinTester('kinds', { namespace: 'shop' });
const kind = (type: string) => externalSecretsKinds.find((handler) => handler.type === type)!;
const storeRef = { name: 'vault', kind: 'ClusterSecretStore' };

describe('External Secrets kinds', () => {
  it('declare the four kinds of external-secrets.io/v1', async () => {
    expect(externalSecretsKinds.map((handler) => [handler.type, handler.object?.kind, handler.object?.scope])).toEqual([
      ['externalsecret', 'ExternalSecret', 'namespaced'],
      ['clusterexternalsecret', 'ClusterExternalSecret', 'cluster'],
      ['secretstore', 'SecretStore', 'namespaced'],
      ['clustersecretstore', 'ClusterSecretStore', 'cluster'],
    ]);
  });

  it('renders an ExternalSecret with its duration as Go prints it and the target Go always writes', async () => {
    await tester.runComponent(kind('externalsecret').type, [
      {
        name: 'creds',
        properties: { secretStoreRef: storeRef, refreshInterval: '90m', data: [{ secretKey: 'TOKEN', remoteRef: { key: 'prod/app' } }] },
        objects: [
          {
            apiVersion: 'external-secrets.io/v1',
            kind: 'ExternalSecret',
            metadata: meta('creds', 'shop'),
            spec: { secretStoreRef: storeRef, refreshInterval: '1h30m0s', data: [{ secretKey: 'TOKEN', remoteRef: { key: 'prod/app' } }], target: {} },
          },
        ],
      },
    ]);
  });

  it('writes the empty structs of a ClusterExternalSecret and of the providers', async () => {
    const cluster = await rendered(tester, kind('clusterexternalsecret').type, 'ca', { namespaces: ['a'], refreshTime: '60s', externalSecretSpec: { secretStoreRef: storeRef } });
    expect(cluster.objects[0].spec).toEqual({ namespaces: ['a'], refreshTime: '1m0s', externalSecretMetadata: {}, externalSecretSpec: { secretStoreRef: storeRef, target: {} } });
    const store = await rendered(tester, kind('clustersecretstore').type, 'aws', { provider: { aws: { service: 'SecretsManager', region: 'eu-west-1' } } });
    expect(store.objects[0].spec).toEqual({ provider: { aws: { service: 'SecretsManager', region: 'eu-west-1', auth: {} } } });
  });

  it('writes the webhook result and the SDK cache time-to-live as Go does', async () => {
    const hook = await rendered(tester, kind('secretstore').type, 'hook', { provider: { webhook: { url: 'https://s', timeout: '90s' } } });
    expect(hook.objects[0].spec).toEqual({ provider: { webhook: { url: 'https://s', timeout: '1m30s', result: {} } } });
    const sdk = await rendered(tester, kind('secretstore').type, 'op', { provider: { onepasswordSDK: { vault: 'v', auth: { serviceAccountSecretRef: { name: 't' } }, cache: {} } } });
    expect(sdk.objects[0].spec).toEqual({ provider: { onepasswordSDK: { vault: 'v', auth: { serviceAccountSecretRef: { name: 't' } }, cache: { ttl: '0s' } } } });
    await tester.runComponent(kind('secretstore').type, [
      { properties: { provider: { webhook: { url: 'https://s', timeout: 'soon' } } }, error: { message: /not a Go duration/, property: ['provider', 'webhook', 'timeout'] } },
    ]);
  });

  it('refuses an unknown nested field, naming its path', async () => {
    await tester.runComponent(kind('externalsecret').type, [
      {
        properties: { secretStoreRef: storeRef, data: [{ secretKey: 'A', remoteRef: { key: 'k', propery: 'p' } }] },
        error: { message: /unsupported field "propery"/, property: ['data', 0, 'remoteRef', 'propery'] },
      },
    ]);
    await tester.runComponent(kind('secretstore').type, [
      { properties: { provider: { vault: { server: 'https://v', auth: { kubernetes: { role: 'r', mount: 'k8s' } } } } }, error: { property: ['provider', 'vault', 'auth', 'kubernetes', 'mount'] } },
    ]);
  });

  it('refuses a duration Go cannot read and a store with no provider or two', async () => {
    await tester.runComponent(kind('externalsecret').type, [{ properties: { refreshInterval: '1d' }, error: { message: /"1d" is not a Go duration/, property: ['refreshInterval'] } }]);
    await tester.runComponent(kind('clusterexternalsecret').type, [
      { properties: { externalSecretSpec: { refreshInterval: '5' } }, error: { property: ['externalSecretSpec', 'refreshInterval'] } },
    ]);
    await tester.runComponent(kind('secretstore').type, [
      { properties: { provider: {} }, error: { message: /exactly one provider, got none/, property: ['provider'] } },
      { properties: { provider: { fake: { data: [] }, aws: { service: 'SecretsManager', region: 'x' } } }, error: { message: /got fake, aws/ } },
    ]);
  });
});
