import { builtinTester, rendered } from '../../support/engine.js';
import { describe, it } from 'vitest';
import { configmap } from '../../../plugins/builtin-traits/configmap.js';
import { secret } from '../../../plugins/builtin-traits/secret.js';
import { DEFAULT_RESOURCES, deploymentObject, meta, deploymentComponent } from './fixtures.js';

const tester = builtinTester('traits');
const component = deploymentComponent('worker');
const data = { BATCH_SIZE: '50' };
const configMapObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('worker-config', 'worker'), data };

describe('configmap trait', () => {
  it('creates the ConfigMap under its own name and mounts nothing without mountPath', async () => {
    await tester.runTrait(configmap.type, [{ component, properties: { name: 'worker-config', data }, contains: [configMapObject, deploymentObject('worker')] }]);
  });

  it('mounts the ConfigMap into the first container of every pod template with mountPath', async () => {
    await tester.runTrait(configmap.type, [
      {
        component,
        properties: { name: 'worker-config', data, mountPath: '/etc/worker' },
        contains: [configMapObject, 
          deploymentObject('worker', {
            container: { resources: DEFAULT_RESOURCES, volumeMounts: [{ name: 'worker-config', mountPath: '/etc/worker' }] },
            pod: { volumes: [{ name: 'worker-config', configMap: { name: 'worker-config' } }] },
          }),
        ],
      },
    ]);
  });

  it('refuses a name, mount or volume that collides, and a mount with no pods', async () => {
    const mounted = deploymentComponent('worker', { volumes: [{ name: 'cache', type: 'emptyDir', mountPath: '/etc/worker' }] });
    await tester.runTrait(configmap.type, [
      { title: 'name', component, properties: { name: 'Worker Config' }, error: { message: 'component "worker" trait "configmap": name: "Worker Config" is not a valid ConfigMap name (a DNS-1123 subdomain)' } },
      { title: 'required', component, properties: { data }, error: { message: `component "worker" trait "configmap": "name" is required; neither the trait nor capability "configmap"'s rendering sets it` } },
      {
        title: 'volume',
        component: mounted,
        properties: { name: 'cache', mountPath: '/other' },
        error: { message: 'component "worker" trait "configmap": name: Deployment "worker" already has a volume named "cache"; give the ConfigMap another name' },
      },
      {
        title: 'path',
        component: mounted,
        properties: { name: 'worker-config', mountPath: '/etc/worker' },
        error: { message: 'component "worker" trait "configmap": mountPath: Deployment "worker" already mounts a volume at "/etc/worker"', property: ['mountPath'] },
      },
      {
        title: 'no pods',
        component: { name: 'settings', type: 'configmap', properties: { data: { mode: 'fast' } } },
        properties: { name: 'extra', mountPath: '/etc/extra' },
        error: { message: /mountPath: the component runs no pods/ },
      },
    ]);
  });
});

describe('secret trait', () => {
  it('creates the Secret under its own name, every entry base64 under data', async () => {
    await tester.runTrait(secret.type, [
      {
        component,
        properties: { name: 'worker-creds', stringData: { password: 'hunter2' }, type: 'Opaque' },
        contains: [deploymentObject('worker'), { apiVersion: 'v1', kind: 'Secret', metadata: meta('worker-creds', 'worker'), data: { password: 'aHVudGVyMg==' }, type: 'Opaque' }],
      },
    ]);
  });

  it('refuses an invalid name and unknown keys', async () => {
    await tester.runTrait(secret.type, [
      { title: 'name', component, properties: { name: '-creds' }, error: { message: 'component "worker" trait "secret": name: "-creds" is not a valid Secret name (a DNS-1123 subdomain)' } },
      { title: 'mountPath', component, properties: { name: 'creds', mountPath: '/x' }, error: { message: /unsupported field "mountPath"/ } },
    ]);
  });
});
