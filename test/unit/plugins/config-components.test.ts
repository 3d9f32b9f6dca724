import { builtinTester, rendered } from '../../support/engine.js';
import { describe, it } from 'vitest';
import { configmap } from '../../../plugins/builtin-components/configmap.js';
import { secret } from '../../../plugins/builtin-components/secret.js';
import { serviceaccount } from '../../../plugins/builtin-components/serviceaccount.js';
import { meta } from './fixtures.js';

const tester = builtinTester('components');

describe('serviceaccount component', () => {
  it('writes automountServiceAccountToken and imagePullSecrets only when authored', async () => {
    await tester.runComponent(serviceaccount.type, [
      { name: 'runner', properties: {}, objects: [{ apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta('runner') }] },
      {
        name: 'builder',
        properties: { automountServiceAccountToken: false, imagePullSecrets: [{ name: 'registry-credentials' }] },
        objects: [
          {
            apiVersion: 'v1',
            kind: 'ServiceAccount',
            metadata: meta('builder'),
            automountServiceAccountToken: false,
            imagePullSecrets: [{ name: 'registry-credentials' }],
          },
        ],
      },
    ]);
  });
});

describe('configmap component', () => {
  it('writes data, binaryData and immutable', async () => {
    const data = { LOG_LEVEL: 'info', 'config.yaml': 'mode: production\n' };
    await tester.runComponent(configmap.type, [
      {
        name: 'settings',
        properties: { immutable: true, data, binaryData: { 'logo.bin': 'aGVsbG8=' } },
        objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('settings'), data, binaryData: { 'logo.bin': 'aGVsbG8=' }, immutable: true }],
      },
    ]);
  });

  it('refuses keys and values the API server refuses', async () => {
    await tester.runComponent(configmap.type, [
      { title: 'value type', properties: { data: { replicas: 3 } }, error: { message: 'component "web" (type "configmap"): expected a string, got a number', property: ['data', 'replicas'] } },
      { title: 'key', properties: { data: { 'bad key': 'x' } }, error: { message: /data: invalid key "bad key"/, property: ['data', 'bad key'] } },
      { title: 'both', properties: { data: { a: 'x' }, binaryData: { a: 'eA==' } }, error: { message: 'component "web": binaryData.a: key also appears in data; a key may appear in only one of them' } },
      { title: 'base64', properties: { binaryData: { a: 'not base64!' } }, error: { message: 'component "web": binaryData.a: invalid base64' } },
      { title: 'size', properties: { data: { a: 'x'.repeat(1024 * 1024 + 1) } }, error: { message: /over the 1048576-byte limit the API server allows a ConfigMap/ } },
    ]);
  });
});

describe('secret component', () => {
  it('writes every entry base64-encoded under data, with type and immutable when authored', async () => {
    await tester.runComponent(secret.type, [
      {
        name: 'creds',
        properties: { stringData: { user: 'admin' }, data: { token: 'c2VjcmV0' }, type: 'kubernetes.io/basic-auth', immutable: false },
        objects: [
          {
            apiVersion: 'v1',
            kind: 'Secret',
            metadata: meta('creds'),
            data: { user: 'YWRtaW4=', token: 'c2VjcmV0' },
            type: 'kubernetes.io/basic-auth',
            immutable: false,
          },
        ],
      },
      { name: 'empty', properties: {}, objects: [{ apiVersion: 'v1', kind: 'Secret', metadata: meta('empty') }] },
    ]);
  });

  it('refuses a key given twice or a value that is not base64, without quoting the value', async () => {
    await tester.runComponent(secret.type, [
      { title: 'twice', properties: { stringData: { a: 'x' }, data: { a: 'eA==' } }, error: { message: 'component "web": data.a: key also appears in stringData; a key may appear in only one of them' } },
      { title: 'base64', properties: { data: { a: 'hunter2!' } }, error: { message: 'component "web": data.a: invalid base64', property: ['data', 'a'] } },
      { title: 'key', properties: { stringData: { '..': 'x' } }, error: { message: /stringData: invalid key "\.\."/ } },
      { title: 'size', properties: { stringData: { a: 'x'.repeat(1024 * 1024 + 1) } }, error: { message: /over the 1048576-byte limit the API server allows a Secret/ } },
    ]);
  });
});
