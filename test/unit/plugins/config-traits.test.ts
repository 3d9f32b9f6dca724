import { describe, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { configmap } from '../../../plugins/builtin-traits/configmap.js';
import { secret } from '../../../plugins/builtin-traits/secret.js';
import { DEFAULT_RESOURCES, deploymentObject, meta } from './fixtures.js';

const tester = new HandlerTester();
const component = { name: 'worker', type: 'deployment', objects: [deploymentObject('worker')] };
const data = { BATCH_SIZE: '50' };
const configMapObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('worker-config', 'worker'), data };

describe('configmap trait', () => {
  it('creates the ConfigMap under its own name and mounts nothing without mountPath', () => {
    tester.runTrait(configmap, [{ component, properties: { name: 'worker-config', data }, objects: [configMapObject], componentObjects: component.objects }]);
  });

  it('mounts the ConfigMap into the first container of every pod template with mountPath', () => {
    tester.runTrait(configmap, [
      {
        component,
        properties: { name: 'worker-config', data, mountPath: '/etc/worker' },
        objects: [configMapObject],
        componentObjects: [
          deploymentObject('worker', {
            container: { resources: DEFAULT_RESOURCES, volumeMounts: [{ name: 'worker-config', mountPath: '/etc/worker' }] },
            pod: { volumes: [{ name: 'worker-config', configMap: { name: 'worker-config' } }] },
          }),
        ],
      },
    ]);
  });

  it('refuses a name, mount or volume that collides, and a mount with no pods', () => {
    const mounted = deploymentObject('worker', {
      container: { volumeMounts: [{ name: 'cache', mountPath: '/etc/worker' }] },
      pod: { volumes: [{ name: 'cache', emptyDir: {} }] },
    });
    tester.runTrait(configmap, [
      { title: 'name', component, properties: { name: 'Worker Config' }, error: { message: 'name: "Worker Config" is not a valid ConfigMap name (a DNS-1123 subdomain)' } },
      { title: 'required', component, properties: { data }, error: { message: '"name" is required' } },
      {
        title: 'volume',
        component: { ...component, objects: [mounted] },
        properties: { name: 'cache', mountPath: '/other' },
        error: { message: 'name: Deployment "worker" already has a volume named "cache"; give the ConfigMap another name' },
      },
      {
        title: 'path',
        component: { ...component, objects: [mounted] },
        properties: { name: 'worker-config', mountPath: '/etc/worker' },
        error: { message: 'mountPath: Deployment "worker" already mounts a volume at "/etc/worker"', path: ['mountPath'] },
      },
      {
        title: 'no pods',
        component: { name: 'settings', type: 'configmap', objects: [] },
        properties: { name: 'extra', mountPath: '/etc/extra' },
        error: { message: /mountPath: the component runs no pods/ },
      },
    ]);
  });
});

describe('secret trait', () => {
  it('creates the Secret under its own name, every entry base64 under data', () => {
    tester.runTrait(secret, [
      {
        component,
        properties: { name: 'worker-creds', stringData: { password: 'hunter2' }, type: 'Opaque' },
        objects: [{ apiVersion: 'v1', kind: 'Secret', metadata: meta('worker-creds', 'worker'), data: { password: 'aHVudGVyMg==' }, type: 'Opaque' }],
        componentObjects: component.objects,
      },
    ]);
  });

  it('refuses an invalid name and unknown keys', () => {
    tester.runTrait(secret, [
      { title: 'name', component, properties: { name: '-creds' }, error: { message: 'name: "-creds" is not a valid Secret name (a DNS-1123 subdomain)' } },
      { title: 'mountPath', component, properties: { name: 'creds', mountPath: '/x' }, error: { message: /unsupported field "mountPath"/ } },
    ]);
  });
});
