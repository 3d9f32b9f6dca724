import { describe, expect, it } from 'vitest';
import type { K8sObject } from 'kurel/plugin-api';
import { builtinTester, loweringRefusal, objectOf, type BuiltinTesterOptions } from '../../support/engine.js';
import type { ComponentSpec } from 'kurel/plugin-api/testing';
import { deploymentObject, httpPort, meta, serviceAccountObject, webServiceObject } from './fixtures.js';

const image = 'ghcr.io/example/frontend:v1.0.0';

/** The objects the CLI builds for one component, and how the engine lowered it. */
async function build(component: ComponentSpec, options: BuiltinTesterOptions = {}) {
  const result = await builtinTester('components', options).build([component]);
  return { objects: result.objects, members: result.chains[0].members.map((member) => ({ name: member.name, type: member.type, traits: member.traits.map((trait) => trait.type) })) };
}

type Pod = { spec: { template: { spec: Record<string, unknown> & { containers: Array<Record<string, unknown>> } } } };
const podOf = (object: K8sObject) => (object as K8sObject & Pod).spec.template.spec;
const lowering = (name: string, message: string) => loweringRefusal(`component "${name}" (type "webservice")`, message);
const tester = builtinTester('components');

describe('webservice lowering', () => {
  it('emits a deployment, a service and a serviceaccount under the component name', async () => {
    const { objects, members } = await build({ name: 'frontend', type: 'webservice', properties: { image, port: 8080 } });
    expect(members).toEqual([
      { name: 'frontend', type: 'deployment', traits: [] },
      { name: 'frontend', type: 'service', traits: [] },
      { name: 'frontend', type: 'serviceaccount', traits: [] },
    ]);
    // The chain lists what acted: the topology-spread trait the lowering adds spreads more than one replica only.
    const spread = await build({ name: 'frontend', type: 'webservice', properties: { image, port: 8080, replicas: 3 } });
    expect(spread.members[0]).toEqual({ name: 'frontend', type: 'deployment', traits: ['topology-spread'] });
    expect(podOf(spread.objects[0]).topologySpreadConstraints).toBeDefined();
    expect(podOf(objects[0]).containers[0].ports).toEqual(httpPort(8080));
    expect(podOf(objects[0]).serviceAccountName).toBe('frontend');
    expect(objects[1].spec).toMatchObject({ ports: [{ name: 'http', port: 8080, targetPort: 8080, protocol: 'TCP' }] });
    expect(objects[2]).toEqual(serviceAccountObject('frontend'));
  });

  it("names the members' objects by deploymentObjectName, serviceObjectName and serviceAccountObjectName; the members keep the component name", async () => {
    const { objects, members } = await build({ name: 'web', type: 'webservice', properties: { image, deploymentObjectName: 'shop-web', serviceObjectName: 'shop-http', serviceAccountObjectName: 'shop-runner' } });
    expect(members.map((member) => [member.name, member.type])).toEqual([
      ['web', 'deployment'],
      ['web', 'service'],
      ['web', 'serviceaccount'],
    ]);
    expect(objects.map((object) => `${object.kind}/${object.metadata.name}`)).toEqual(['Deployment/shop-web', 'Service/shop-http', 'ServiceAccount/shop-runner']);
    expect(podOf(objects[0]).serviceAccountName).toBe('shop-runner');
    expect(objects.every((object) => object.metadata.labels?.['launcher.gokure.dev/component'] === 'web')).toBe(true);
  });

  it('refuses a member name its role does not take, and an account name beside serviceAccountName', async () => {
    await tester.runComponent('webservice', [
      {
        name: 'web',
        properties: { image, serviceObjectName: 'shop.web' },
        error: {
          code: 'KUREL_LOWERING',
          message: /^lowering component "web" \(type "webservice"\) in document "app" \(kind "Application"\): naming the Service: serviceObjectName "shop.web" cannot be the name for role "workload-service": not a valid DNS-1035 label: .*; write a valid name, or leave the property out for the default "web"$/,
          property: ['serviceObjectName'],
        },
      },
      {
        name: 'web',
        properties: { image, serviceAccountName: 'shared', serviceAccountObjectName: 'mine' },
        error: {
          code: 'KUREL_LOWERING',
          message: lowering('web', 'serviceAccountObjectName and serviceAccountName are both set: serviceAccountName names an existing account, so the component generates none for serviceAccountObjectName to name; remove one of them'),
          property: ['serviceAccountObjectName'],
        },
      },
    ]);
  });

  it('names a created claim by claimObjectName, refusing one that is no name', async () => {
    const { objects } = await build({ name: 'api', type: 'webservice', properties: { image, volumes: [{ name: 'data', type: 'pvc', mountPath: '/data', size: '1Gi', claimObjectName: 'api-store' }] } });
    expect(objectOf(objects, 'PersistentVolumeClaim').metadata.name).toBe('api-store');
    expect(podOf(objects[0]).volumes).toEqual([{ name: 'data', persistentVolumeClaim: { claimName: 'api-store' } }]);
    await tester.runComponent('webservice', [
      {
        name: 'api',
        properties: { image, volumes: [{ name: 'data', type: 'pvc', mountPath: '/data', size: '1Gi', claimObjectName: 'Store' }] },
        error: {
          code: 'KUREL_LOWERING',
          message: /^lowering component "api" \(type "webservice"\) in document "app" \(kind "Application"\): volume "data": naming the PersistentVolumeClaim: volumes\[0\]\.claimObjectName "Store" cannot be the name for role "workload-volume-claim": not a valid DNS-1123 subdomain: /,
          property: ['volumes', 0, 'claimObjectName'],
        },
      },
    ]);
  });

  it('defaults the port to 80', async () => {
    const { objects } = await build({ name: 'web', type: 'webservice', properties: { image } });
    expect(podOf(objects[0]).containers[0].ports).toEqual(httpPort(80));
    expect(objects[1]).toEqual(webServiceObject('web', 80));
  });

  it('adds no spread with topologySpread: false and no account when serviceAccountName is authored', async () => {
    const { objects, members } = await build({ name: 'api', type: 'webservice', properties: { image, replicas: 3, topologySpread: false, serviceAccountName: 'shared' } });
    expect(members).toEqual([
      { name: 'api', type: 'deployment', traits: [] },
      { name: 'api', type: 'service', traits: [] },
    ]);
    expect(podOf(objects[0]).topologySpreadConstraints).toBeUndefined();
    expect(podOf(objects[0]).serviceAccountName).toBe('shared');
  });

  it('forwards routing traits to the service, delivery intents to every member and the rest to the deployment', async () => {
    const traits = [
      { type: 'scaler', properties: { minReplicas: 2, maxReplicas: 4 } },
      { type: 'expose', properties: { hostnames: ['a.example.com'] } },
      { type: 'prune-protection', properties: {} },
    ];
    const capabilities = { expose: { controllerType: 'ingress', ingressClassName: 'nginx' } };
    const { objects, members } = await build({ name: 'api', type: 'webservice', properties: { image }, traits }, { capabilities });
    expect(members.map((member) => [member.type, member.traits])).toEqual([
      ['deployment', ['scaler', 'prune-protection']],
      ['service', ['ingress', 'prune-protection']],
      ['serviceaccount', ['prune-protection']],
    ]);
    expect(objects.map((object) => `${object.kind}/${object.metadata.name}`)).toEqual(['Deployment/api', 'Service/api', 'ServiceAccount/api', 'HorizontalPodAutoscaler/api-hpa', 'Ingress/api-ingress']);
  });

  it('turns a pvc volume without claimName into a pvc trait and points the volume at the claim', async () => {
    const volumes = [
      { name: 'data', type: 'pvc', mountPath: '/data', size: '5Gi', accessModes: ['ReadWriteOnce'] },
      { name: 'fast', type: 'pvc', mountPath: '/fast', size: '1Gi', storageClass: 'ssd' },
      { name: 'shared', type: 'pvc', mountPath: '/shared', claimName: 'existing' },
    ];
    const { objects, members } = await build({ name: 'api', type: 'webservice', properties: { image, volumes } }, { capabilities: { pvc: { storageClassName: 'standard' } } });
    expect(members[0].traits).toEqual(['pvc', 'pvc']);
    const claim = (name: string, storage: string, storageClassName: string) => ({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: meta(name, 'api'),
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } }, storageClassName },
    });
    expect(objects.slice(3)).toEqual([claim('api-data', '5Gi', 'standard'), claim('api-fast', '1Gi', 'ssd')]);
    expect(podOf(objects[0]).volumes).toEqual([
      { name: 'data', persistentVolumeClaim: { claimName: 'api-data' } },
      { name: 'fast', persistentVolumeClaim: { claimName: 'api-fast' } },
      { name: 'shared', persistentVolumeClaim: { claimName: 'existing' } },
    ]);
  });

  it('evaluates the affinity shorthand over the component label', async () => {
    const affinity = { enablePodAntiAffinity: true, nodeSelector: { disk: 'ssd' } };
    const { objects } = await build({ name: 'api', type: 'webservice', properties: { image, affinity } });
    expect(podOf(objects[0]).affinity).toEqual({
      nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd'] }] }] } },
      podAntiAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [
          { weight: 100, podAffinityTerm: { labelSelector: { matchLabels: { app: 'api' } }, topologyKey: 'kubernetes.io/hostname' } },
        ],
      },
    });
    const required = await build({ name: 'api', type: 'webservice', properties: { image, affinity: { enablePodAntiAffinity: true, podAntiAffinityType: 'required' } } });
    expect(podOf(required.objects[0]).affinity).toEqual({
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'api' } }, topologyKey: 'kubernetes.io/hostname' }] },
    });
  });

  it('refuses what it cannot lower', async () => {
    await tester.runComponent('webservice', [
      // The schema holds the port's range (1-65535) before the rule runs.
      { title: 'port', name: 'api', properties: { image, port: 0 }, error: { code: 'KUREL_PROPERTY', message: 'component "api" (type "webservice"): 0 is less than the minimum 1', property: ['port'] } },
      { title: 'port', name: 'api', properties: { image, port: 65536 }, error: { code: 'KUREL_PROPERTY', message: 'component "api" (type "webservice"): 65536 is more than the maximum 65535', property: ['port'] } },
      {
        title: 'size',
        name: 'api',
        properties: { image, volumes: [{ name: 'd', type: 'pvc', mountPath: '/d' }] },
        error: { code: 'KUREL_LOWERING', message: lowering('api', 'volumes[0]: a pvc volume without claimName needs size, the size of the claim it creates'), property: ['volumes', 0, 'size'] },
      },
      {
        title: 'size and claimName',
        name: 'api',
        properties: { image, volumes: [{ name: 'd', type: 'pvc', mountPath: '/d', claimName: 'c', size: '1Gi' }] },
        error: { code: 'KUREL_LOWERING', message: lowering('api', 'volumes[0].size: describes a claim to create, but claimName names an existing one') },
      },
      { title: 'ports', name: 'api', properties: { image, ports: [] }, error: { code: 'KUREL_PROPERTY', message: 'component "api" (type "webservice"): unsupported field "ports" (did you mean "port"?)', property: ['ports'] } },
    ]);
    // The CLI checks a capability's rendering against its schema when it reads the profile, before any rule runs.
    await builtinTester('components', { capabilities: { pvc: { storageClassName: 7 } } }).runComponent('webservice', [
      {
        title: 'storage class',
        name: 'api',
        properties: { image, volumes: [{ name: 'd', type: 'pvc', mountPath: '/d', size: '1Gi' }] },
        error: { code: 'KUREL_CAPABILITY', text: 'cluster.yaml:9:9 spec.capabilities.pvc.rendering.storageClassName: evaluating profile "test": capability "pvc": expected a string, got a number' },
      },
    ]);
  });
});

describe('webservice end to end', () => {
  it('builds Deployment, Service and ServiceAccount, in that order', async () => {
    const { objects } = await build({ name: 'frontend', type: 'webservice', properties: { image, port: 8080 } });
    expect(objects).toEqual([
      deploymentObject('frontend', { container: { image, ports: httpPort(8080) }, pod: { serviceAccountName: 'frontend' } }),
      webServiceObject('frontend', 8080),
      serviceAccountObject('frontend'),
    ]);
  });

  it('passes the container surface through to the main container', async () => {
    const surface = {
      workingDir: '/app',
      env: [
        { name: 'LOG_LEVEL', value: 'info' },
        { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
        { name: 'POD_CPU_LIMIT', valueFrom: { resourceFieldRef: { resource: 'limits.cpu', divisor: '1m' } } },
      ],
      envFrom: [{ configMapRef: { name: 'frontend-config' }, prefix: 'CFG_' }, { secretRef: { name: 'frontend-secret', optional: true } }],
      lifecycle: { postStart: { exec: { command: ['/bin/sh', '-c', 'echo starting'] } }, preStop: { sleep: { seconds: 5 } } },
      securityContext: {
        runAsUser: 1000,
        runAsNonRoot: true,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { add: ['NET_BIND_SERVICE'], drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      },
    };
    const resources = { requests: { cpu: '100m', memory: '128Mi', 'ephemeral-storage': '1Gi' }, limits: { memory: '128Mi' } };
    const { objects } = await build({ name: 'frontend', type: 'webservice', properties: { image, port: 8080, resources, ...surface } });
    expect(objects[0]).toEqual(
      deploymentObject('frontend', { container: { image, ports: httpPort(8080), resources, ...surface }, pod: { serviceAccountName: 'frontend' } }),
    );
  });

  it('writes the pod-level surface and generates no account for an authored serviceAccountName', async () => {
    const pod = {
      serviceAccountName: 'shared-api-sa',
      automountServiceAccountToken: false,
      terminationGracePeriodSeconds: 45,
      dnsPolicy: 'None',
      dnsConfig: { nameservers: ['10.96.0.10'], searches: ['svc.cluster.local'], options: [{ name: 'ndots', value: '2' }, { name: 'edns0' }] },
      nodeSelector: { 'kubernetes.io/os': 'linux', tier: 'web' },
      hostname: 'api-0',
      subdomain: 'api',
      setHostnameAsFQDN: true,
      schedulerName: 'custom-scheduler',
      priorityClassName: 'high-priority',
      preemptionPolicy: 'Never',
      runtimeClassName: 'gvisor',
      enableServiceLinks: false,
      hostUsers: false,
      shareProcessNamespace: true,
      os: { name: 'linux' },
      imagePullSecrets: [{ name: 'regcred' }],
      hostAliases: [{ ip: '10.0.0.5', hostnames: ['db.local', 'cache.local'] }],
      readinessGates: [{ conditionType: 'example.com/ready' }],
      schedulingGates: [{ name: 'example.com/quota' }],
      resourceClaims: [{ name: 'gpu', resourceClaimName: 'shared-gpu' }, { name: 'scratch', resourceClaimTemplateName: 'scratch-template' }],
    };
    const podResources = { requests: { cpu: '500m', memory: '1Gi' }, limits: { memory: '2Gi', 'hugepages-2Mi': '100Mi' } };
    const podSecurityContext = { runAsUser: 1000, fsGroup: 2000, supplementalGroups: [4000], sysctls: [{ name: 'net.core.somaxconn', value: '1024' }] };
    const { objects } = await build({ name: 'api', type: 'webservice', properties: { image, port: 8080, ...pod, nodeName: 'node-a', podResources, podSecurityContext } });
    expect(objects).toEqual([
      deploymentObject('api', { container: { image, ports: httpPort(8080) }, pod: { ...pod, resources: podResources, securityContext: podSecurityContext } }),
      webServiceObject('api', 8080),
    ]);
  });

  it('spreads over nodes from 2 replicas and over zones from 3', async () => {
    const constraints = async (replicas: number) =>
      ((await build({ name: 'web', type: 'webservice', properties: { image, replicas } })).objects[0].spec as { template: { spec: Record<string, unknown> } }).template.spec.topologySpreadConstraints;
    const hostname = { labelSelector: { matchLabels: { app: 'web' } }, maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule' };
    const zone = { labelSelector: { matchLabels: { app: 'web' } }, maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'ScheduleAnyway' };
    expect(await constraints(1)).toBeUndefined();
    expect(await constraints(2)).toEqual([hostname]);
    expect(await constraints(3)).toEqual([hostname, zone]);
  });

  it('emits the claims of its volumes and its traits after the group', async () => {
    const { objects } = await build({
      name: 'api',
      type: 'webservice',
      properties: { image, port: 8080, volumes: [{ name: 'data', type: 'pvc', mountPath: '/data', size: '5Gi' }] },
      traits: [{ type: 'scaler', properties: { minReplicas: 2, maxReplicas: 10, enablePDB: true } }],
    });
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'Deployment/api',
      'Service/api',
      'ServiceAccount/api',
      'PersistentVolumeClaim/api-data',
      'HorizontalPodAutoscaler/api-hpa',
      'PodDisruptionBudget/api-pdb',
    ]);
    expect(objects[3]).toEqual({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: meta('api-data', 'api'),
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '5Gi' } } },
    });
  });
});
