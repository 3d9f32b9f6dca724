import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { RefusalClass, type Policy } from 'kurel/plugin-api';
import { NOOP_POLICY } from 'kurel/plugin-kit';
import { kinds } from '../../../plugins/builtin-kinds/families/escape-hatches.js';
import { handlerOf } from '../kinds/support.js';

// The one check of objects passthrough and manifests carry: the same refusals, texts and classes
// a typed kind has, and unreadable-object for a known kind that cannot be read as it.

const passthrough = handlerOf(kinds, 'passthrough');
const manifests = handlerOf(kinds, 'manifests');
const noop = builtinTester('kinds', { namespace: 'shop' });
const under = (policy: Partial<Policy>) => builtinTester('kinds', { namespace: 'shop', policy: { ...NOOP_POLICY, ...policy } });

const image = 'ghcr.io/acme/agent:1.0.0';
const daemonSet = (podSpec: Record<string, unknown>) => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'agent' },
  spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image }], ...podSpec } } },
});
const deployment = (spec: Record<string, unknown>, container: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: { selector: {}, template: { spec: { containers: [{ name: 'web', image, ...container }] } }, ...spec },
});
const yaml = (object: unknown) => JSON.stringify(object);

describe('passthrough under the default policy', () => {
  it('refuses a DaemonSet with hostNetwork and a privileged container, as a typed kind does', async () => {
    await noop.runComponent(passthrough.type, [
      {
        title: 'hostNetwork',
        properties: { object: daemonSet({ hostNetwork: true }) },
        error: { message: 'component "web": spec.template.spec: hostNetwork is not allowed by environment policy', property: ['object', 'spec', 'template', 'spec', 'hostNetwork'], refusalClass: RefusalClass.hostNamespace },
      },
      {
        title: 'privileged',
        properties: { object: daemonSet({ containers: [{ name: 'agent', image, securityContext: { privileged: true } }] }) },
        error: {
          message: 'component "web": spec.template.spec.containers[0] "agent": securityContext.privileged is not allowed by environment policy',
          property: ['object', 'spec', 'template', 'spec', 'containers', 0, 'securityContext', 'privileged'],
          refusalClass: RefusalClass.privileged,
        },
      },
      {
        title: 'hostPath volume',
        properties: { object: daemonSet({ volumes: [{ name: 'root', hostPath: { path: '/' } }] }) },
        error: { message: 'component "web": spec.template.spec: volume "root": hostPath volumes are not allowed by environment policy', refusalClass: RefusalClass.hostPath },
      },
      {
        title: 'hostPID on a bare Pod',
        properties: { object: { apiVersion: 'v1', kind: 'Pod', spec: { hostPID: true, containers: [{ name: 'a', image }] } } },
        error: { message: 'component "web": spec: hostPID is not allowed by environment policy', property: ['object', 'spec', 'hostPID'], refusalClass: RefusalClass.hostNamespace },
      },
      {
        title: 'a CronJob pod template',
        properties: { object: { apiVersion: 'batch/v1', kind: 'CronJob', spec: { schedule: '@daily', jobTemplate: { spec: { template: { spec: { hostIPC: true, containers: [] } } } } } } },
        error: { message: 'component "web": spec.jobTemplate.spec.template.spec: hostIPC is not allowed by environment policy', refusalClass: RefusalClass.hostNamespace },
      },
      {
        title: 'a hostPath PersistentVolume',
        properties: { object: { apiVersion: 'v1', kind: 'PersistentVolume', spec: { hostPath: { path: '/data' } } } },
        error: { message: 'component "web": spec.hostPath: a hostPath PersistentVolume is not allowed by environment policy', refusalClass: RefusalClass.hostPath },
      },
    ]);
  });

  it('holds container images to the image rule', async () => {
    await noop.runComponent(passthrough.type, [
      { title: 'latest', properties: { object: deployment({}, { image: 'ghcr.io/acme/web:latest' }) }, error: { message: 'component "web": image "ghcr.io/acme/web:latest" rejected: :latest tag not allowed; use an explicit version tag or digest', property: ['object', 'spec', 'template', 'spec', 'containers', 0, 'image'] } },
      { title: 'no tag', properties: { object: deployment({}, { image: 'nginx' }) }, error: { message: /no tag or digest specified/ } },
    ]);
  });

  it('builds a workload the policy allows, unchanged but for the component label on its pods', async () => {
    const object = deployment({ replicas: 2 });
    const template = { ...object.spec.template, metadata: { labels: { 'launcher.gokure.dev/component': 'web' } } };
    expect((await rendered(noop, passthrough.type, 'web', { object })).objects[0].spec).toEqual({ ...object.spec, template });
  });
});

describe('the limits of a configured policy', () => {
  const policy = under({ maxReplicas: () => 1, allowedRegistries: () => ['quay.io'], maxCPU: () => '1', maxStorageSize: () => '10Gi', forbiddenContainerCapabilities: () => ['NET_ADMIN'] });

  it('refuses replicas, registries, cpu, capabilities, claims and autoscalers over them', async () => {
    await policy.runComponent(passthrough.type, [
      { title: 'replicas', properties: { object: deployment({ replicas: 5 }, { image: 'quay.io/acme/web:1.0.0' }) }, error: { message: 'component "web": replicas 5 exceeds enforced maximum 1', property: ['object', 'spec', 'replicas'], refusalClass: RefusalClass.replicaMaximum } },
      {
        title: 'registry',
        properties: { object: deployment({}, { image: 'docker.io/library/nginx:1.27' }) },
        error: { message: 'component "web": spec.template.spec.containers[0] "web": image "docker.io/library/nginx:1.27" is not from an allowed registry [quay.io]', refusalClass: RefusalClass.registry },
      },
      { title: 'cpu', properties: { object: deployment({}, { image: 'quay.io/a/b:1', resources: { limits: { cpu: '2' } } }) }, error: { message: 'component "web": spec.template.spec.containers[0] "web": cpu limit "2" exceeds enforced maximum "1"', refusalClass: RefusalClass.resourceMaximum } },
      {
        title: 'capability',
        properties: { object: deployment({}, { image: 'quay.io/a/b:1', securityContext: { capabilities: { add: ['NET_ADMIN'] } } }) },
        error: { message: 'component "web": spec.template.spec.containers[0] "web": securityContext.capabilities.add: "NET_ADMIN" is forbidden by environment policy', refusalClass: RefusalClass.containerCapability },
      },
      { title: 'claim', properties: { object: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, spec: { resources: { requests: { storage: '20Gi' } } } } }, error: { message: 'component "web": PVC "data": storageSize "20Gi" exceeds enforced maximum "10Gi"', refusalClass: RefusalClass.storageMaximum } },
      { title: 'PV capacity', properties: { object: { apiVersion: 'v1', kind: 'PersistentVolume', spec: { capacity: { storage: '1Ti' }, nfs: { server: 'a', path: '/' } } } }, error: { message: 'component "web": spec.capacity.storage "1Ti" exceeds enforced maximum "10Gi"', refusalClass: RefusalClass.storageMaximum } },
      { title: 'autoscaler', properties: { object: { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', spec: { maxReplicas: 4 } } }, error: { message: 'component "web": replicas 4 exceeds enforced maximum 1', property: ['object', 'spec', 'maxReplicas'], refusalClass: RefusalClass.replicaMaximum } },
      {
        title: 'volume claim template',
        properties: { object: { apiVersion: 'apps/v1', kind: 'StatefulSet', spec: { template: { spec: { containers: [] } }, volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { resources: { requests: { storage: '50Gi' } } } }] } } },
        error: { message: 'component "web": volume claim template "data": storageSize "50Gi" exceeds enforced maximum "10Gi"', refusalClass: RefusalClass.storageMaximum },
      },
    ]);
  });

  it('refuses a manifests Deployment with replicas 5 and a docker.io image, naming the document', async () => {
    const inline = `${yaml({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } })}\n---\n${yaml(deployment({ replicas: 5 }))}\n`;
    await policy.runComponent(manifests.type, [{ properties: { inline }, error: { message: 'component "web": inline: document 2 (Deployment "web"): replicas 5 exceeds enforced maximum 1', property: ['inline'], refusalClass: RefusalClass.replicaMaximum } }]);
    const docker = yaml(deployment({}, { image: 'docker.io/acme/web:1.0.0' }));
    await policy.runComponent(manifests.type, [{ properties: { inline: docker }, error: { message: /^component "web": inline: document 1 \(Deployment "web"\): spec\.template\.spec\.containers\[0\] "web": image "docker\.io\/acme\/web:1\.0\.0" is not from an allowed registry/, refusalClass: RefusalClass.registry } }]);
  });

  it('refuses a manifests Deployment with hostPID and a hostPath volume under the default policy', async () => {
    const inline = yaml(deployment({ template: { spec: { hostPID: true, containers: [{ name: 'web', image }], volumes: [{ name: 'h', hostPath: { path: '/' } }] } } }));
    await noop.runComponent(manifests.type, [{ properties: { inline }, error: { message: 'component "web": inline: document 1 (Deployment "web"): spec.template.spec: hostPID is not allowed by environment policy', refusalClass: RefusalClass.hostNamespace } }]);
  });
});

describe('unreadable-object', () => {
  it('refuses a known kind whose fields cannot be read as that kind, in the user\'s words', async () => {
    await noop.runComponent(passthrough.type, [
      {
        title: 'containers a string',
        properties: { object: deployment({ template: { spec: { containers: 'not-a-list' } } }) },
        error: { message: 'component "web": Deployment "web" cannot be read as a Deployment: spec.template.spec.containers must be a list, not a string', property: ['object', 'spec', 'template', 'spec', 'containers'], refusalClass: RefusalClass.unreadableObject },
      },
      { title: 'replicas a string', properties: { object: deployment({ replicas: 'three' }) }, error: { message: /spec\.replicas must be a whole number, not a string$/, refusalClass: RefusalClass.unreadableObject } },
      { title: 'spec a list', properties: { object: { apiVersion: 'v1', kind: 'Pod', spec: [] } }, error: { message: /spec must be a map, not a list$/, refusalClass: RefusalClass.unreadableObject } },
      { title: 'hostNetwork a string', properties: { object: daemonSet({ hostNetwork: 'yes' }) }, error: { message: /hostNetwork must be true or false, not a string$/, refusalClass: RefusalClass.unreadableObject } },
      { title: 'capabilities.add a map', properties: { object: deployment({}, { securityContext: { capabilities: { add: { a: 1 } } } }) }, error: { message: /capabilities\.add must be a list, not a map$/, refusalClass: RefusalClass.unreadableObject } },
      { title: 'storage a list', properties: { object: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', spec: { resources: { requests: { storage: [] } } } } }, error: { message: /storage must be a quantity \(a string or a number\), not a list$/, refusalClass: RefusalClass.unreadableObject } },
      {
        title: 'matchLabels a number',
        properties: { object: deployment({ selector: { matchLabels: 5 } }) },
        error: { message: 'component "web": Deployment "web" cannot be read as a Deployment: spec.selector.matchLabels must be a map, not a number', property: ['object', 'spec', 'selector', 'matchLabels'], refusalClass: RefusalClass.unreadableObject },
      },
      { title: 'a label of the selector a number', properties: { object: deployment({ selector: { matchLabels: { app: 1 } } }) }, error: { message: /spec\.selector\.matchLabels\.app must be a string, not a number$/, refusalClass: RefusalClass.unreadableObject } },
      { title: 'matchExpressions a map', properties: { object: deployment({ selector: { matchExpressions: {} } }) }, error: { message: /spec\.selector\.matchExpressions must be a list, not a map$/, refusalClass: RefusalClass.unreadableObject } },
      {
        title: 'the values of an expression a string',
        properties: { object: deployment({ selector: { matchExpressions: [{ key: 'app', operator: 'In', values: 'web' }] } }) },
        error: { message: /spec\.selector\.matchExpressions\[0\]\.values must be a list, not a string$/, refusalClass: RefusalClass.unreadableObject },
      },
      { title: 'a ReplicationController selector a list', properties: { object: { apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'rc' }, spec: { selector: [] } } }, error: { message: /spec\.selector must be a map, not a list$/, refusalClass: RefusalClass.unreadableObject } },
      {
        title: "a CronJob's job selector a string",
        properties: { object: { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'cj' }, spec: { jobTemplate: { spec: { selector: 'app=web' } } } } },
        error: { message: /spec\.jobTemplate\.spec\.selector must be a map, not a string$/, refusalClass: RefusalClass.unreadableObject },
      },
      { title: 'a pod template label a list', properties: { object: deployment({ template: { metadata: { labels: { app: [] } }, spec: { containers: [{ name: 'web', image }] } } }) }, error: { message: /spec\.template\.metadata\.labels\.app must be a string, not a list$/, refusalClass: RefusalClass.unreadableObject } },
    ]);
  });

  it('reads null as absent and passes kinds it does not know', async () => {
    expect((await rendered(noop, passthrough.type, 'web', { object: deployment({ replicas: null }) })).objects).toHaveLength(1);
    expect((await rendered(noop, passthrough.type, 'w', { object: { apiVersion: 'example.com/v1', kind: 'Widget', spec: { containers: 'anything' } } })).objects).toHaveLength(1);
  });
});
