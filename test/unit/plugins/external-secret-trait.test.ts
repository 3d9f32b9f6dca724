import { builtinTester, rendered } from '../../support/engine.js';
import { describe, it } from 'vitest';
import { externalSecret } from '../../../plugins/builtin-kinds/traits/external-secret.js';
import { deploymentObject, meta, deploymentComponent } from './fixtures.js';

const component = deploymentComponent('api');
const store = { name: 'vault-cluster-store', kind: 'ClusterSecretStore' };
const platform = builtinTester('kinds', { capabilities: { 'external-secret': { secretStoreRef: store } } });
const dbPassword = { secretKey: 'DB_PASSWORD', remoteRef: { key: 'prod/api/db', property: 'password' } };

function es(spec: Record<string, unknown>, name = 'api-credentials') {
  return { apiVersion: 'external-secrets.io/v1', kind: 'ExternalSecret', metadata: meta(name, 'api'), spec: { secretStoreRef: store, refreshInterval: '1h0m0s', target: { name }, ...spec } };
}

describe('external-secret trait', () => {
  it("reads from the profile's store and leaves the component alone", async () => {
    await platform.runTrait(externalSecret.type, [
      { component, properties: { secretName: 'api-credentials', data: [dbPassword] }, contains: [es({ data: [dbPassword] }), deploymentObject('api')] },
    ]);
  });

  it('derives what a data entry leaves out: key <namespace>/<secretName>, property secretKey', async () => {
    await platform.runTrait(externalSecret.type, [
      {
        component,
        properties: { secretName: 'app-secrets', data: [{ secretKey: 'USER' }, { secretKey: 'TOKEN', remoteRef: { key: 'shared/token' } }, { secretKey: 'K', remoteRef: { version: 'v2' } }] },
        contains: [
          es(
            {
              data: [
                { secretKey: 'USER', remoteRef: { key: 'default/app-secrets', property: 'USER' } },
                { secretKey: 'TOKEN', remoteRef: { key: 'shared/token', property: 'TOKEN' } },
                { secretKey: 'K', remoteRef: { key: 'default/app-secrets', property: 'K', version: 'v2' } },
              ],
            },
            'app-secrets',
          ),
        ],
      },
      {
        title: 'top-level remoteRef',
        component,
        properties: { secretName: 'db', remoteRef: { key: 'prod/db' } },
        contains: [es({ data: [{ secretKey: 'db', remoteRef: { key: 'prod/db' } }] }, 'db')],
      },
    ]);
  });

  it('takes an authored store, provider shorthand, interval and target over the defaults', async () => {
    await platform.runTrait(externalSecret.type, [
      {
        title: 'secretStoreRef',
        component,
        properties: { secretName: 's', secretStoreRef: { name: 'team', kind: 'SecretStore' }, refreshInterval: '90m', targetSecretName: 'out', target: { creationPolicy: 'Orphan' }, data: [dbPassword] },
        contains: [es({ secretStoreRef: { name: 'team', kind: 'SecretStore' }, refreshInterval: '1h30m0s', target: { name: 'out', creationPolicy: 'Orphan' }, data: [dbPassword] }, 's')],
      },
      {
        title: 'provider',
        component,
        properties: { secretName: 's', provider: 'aws', data: [dbPassword] },
        contains: [es({ secretStoreRef: { name: 'aws', kind: 'ClusterSecretStore' }, target: { name: 's' }, data: [dbPassword] }, 's')],
      },
    ]);
    await builtinTester('kinds').runTrait(externalSecret.type, [
      {
        title: 'dataFrom, no profile',
        component,
        properties: { secretName: 's', provider: 'aws', refreshInterval: '0', dataFrom: [{ extract: { key: 'prod/all' } }] },
        contains: [es({ secretStoreRef: { name: 'aws', kind: 'ClusterSecretStore' }, refreshInterval: '0s', target: { name: 's' }, dataFrom: [{ extract: { key: 'prod/all' } }] }, 's')],
      },
    ]);
  });

  it("gives the Secret to the first container of the component's pods", async () => {
    await platform.runTrait(externalSecret.type, [
      {
        title: 'envFrom',
        component,
        properties: { secretName: 'api-credentials', envFrom: true, data: [dbPassword] },
        contains: [es({ data: [dbPassword] }), deploymentObject('api', { container: { envFrom: [{ secretRef: { name: 'api-credentials' } }] } })],
      },
      {
        title: 'mountPath',
        component,
        properties: { secretName: 'api-credentials', mountPath: '/etc/secrets', data: [dbPassword] },
        contains: [
          deploymentObject('api', {
            container: { volumeMounts: [{ name: 'api-credentials', mountPath: '/etc/secrets' }] },
            pod: { volumes: [{ name: 'api-credentials', secret: { secretName: 'api-credentials' } }] },
          }),
        ],
      },
    ]);
  });

  it('refuses what it cannot write', async () => {
    const configOnly = { name: 'settings', type: 'configmap', properties: { data: { mode: 'fast' } } };
    await platform.runTrait(externalSecret.type, [
      { title: 'secretName', component, properties: { data: [dbPassword] }, error: { message: `component "api" trait "external-secret": "secretName" is required; neither the trait nor capability "external-secret"'s rendering sets it` } },
      { title: 'nothing read', component, properties: { secretName: 's' }, error: { message: `component "api" trait "external-secret": at least one of 'data', 'dataFrom' or 'remoteRef' must be specified` } },
      { title: 'remoteRef and data', component, properties: { secretName: 's', remoteRef: { key: 'k' }, data: [dbPassword] }, error: { message: `component "api" trait "external-secret": external-secret: 'remoteRef' cannot be combined with 'data' or 'dataFrom'` } },
      { title: 'unknown entry key', component, properties: { secretName: 's', data: [{ secretKey: 'X', remteRef: {} }] }, error: { message: /^component "api" trait "external-secret": unsupported field "remteRef"/ } },
      { title: 'unknown remoteRef key', component, properties: { secretName: 's', data: [{ secretKey: 'X', remoteRef: { ky: 'typo' } }] }, error: { message: /^component "api" trait "external-secret": unsupported field "ky"/ } },
      { title: 'non-string ref field', component, properties: { secretName: 's', data: [{ secretKey: 'X', remoteRef: { key: 12345 } }] }, error: { message: 'component "api" trait "external-secret": expected a string, got a number' } },
      { title: 'secretKey', component, properties: { secretName: 's', data: [{ remoteRef: { key: 'k' } }] }, error: { message: 'component "api" trait "external-secret": "secretKey" is required' } },
      { title: 'duplicate key', component, properties: { secretName: 's', data: [{ secretKey: 'X' }, { secretKey: 'X' }] }, error: { message: 'component "api" trait "external-secret": data[1].secretKey: "X" is listed twice' } },
      { title: 'interval', component, properties: { secretName: 's', refreshInterval: 'hourly', data: [dbPassword] }, error: { message: /^component "api" trait "external-secret": refreshInterval: "hourly" is not a duration/ } },
      { title: 'store and provider', component, properties: { secretName: 's', secretStoreRef: { name: 'x' }, provider: 'aws', data: [dbPassword] }, error: { message: `component "api" trait "external-secret": only one of 'secretStoreRef' and 'provider' may be set` } },
      { title: 'relative mountPath', component, properties: { secretName: 's', mountPath: 'etc', data: [dbPassword] }, error: { message: 'component "api" trait "external-secret": mountPath: "etc" must be an absolute path' } },
      { title: 'envFrom and remoteRef', component, properties: { secretName: 's', envFrom: true, remoteRef: { key: 'k' } }, error: { message: /^component "api" trait "external-secret": envFrom cannot be combined with the top-level 'remoteRef' shorthand/ } },
      {
        title: 'env var name',
        component,
        properties: { secretName: 's', envFrom: true, data: [dbPassword, { secretKey: '1st-key' }] },
        error: { message: /^component "api" trait "external-secret": data\[1\]\.secretKey: "1st-key" becomes an environment variable name with envFrom: /, property: ['data', 1, 'secretKey'] },
      },
      {
        title: 'template key',
        component,
        properties: { secretName: 's', envFrom: true, target: { template: { data: { 'my key': '{{ .x }}' } } }, data: [dbPassword] },
        error: { message: /^component "api" trait "external-secret": target\.template\.data: "my key" becomes an environment variable name/ },
      },
      { title: 'volume name', component, properties: { secretName: 'api.credentials', mountPath: '/etc/creds', data: [dbPassword] }, error: { message: /is not a valid volume name \(a DNS-1123 label\)$/ } },
      { title: 'no pods', component: configOnly, properties: { secretName: 's', envFrom: true, data: [dbPassword] }, error: { message: /^component "settings" trait "external-secret": envFrom: the component runs no pods/ } },
    ]);
    await builtinTester('kinds').runTrait(externalSecret.type, [
      { title: 'no store', component, properties: { secretName: 's', data: [dbPassword] }, error: { message: 'component "api" trait "external-secret": external-secret: secretStoreRef (or provider) is required; set inline or via ClusterProfile capability' } },
    ]);
  });
});
