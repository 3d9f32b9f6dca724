import { describe, expect, it } from 'vitest';
import { build, lower, refusal } from './support.js';
import { deploymentObject, httpPort, meta, serviceAccountObject, webServiceObject } from './isolated-fixtures.js';

const image = 'ghcr.io/example/frontend:v1.0.0';

describe('webservice lowering', () => {
  it('emits a deployment, a service and a serviceaccount under the component name', () => {
    const members = lower('webservice', { name: 'frontend', properties: { image, port: 8080 } });
    expect(members).toEqual([
      {
        name: 'frontend',
        type: 'deployment',
        properties: { image, ports: httpPort(8080), serviceAccountName: 'frontend' },
        traits: [{ type: 'topology-spread', properties: {} }],
      },
      { name: 'frontend', type: 'service', properties: { ports: [{ name: 'http', port: 8080, targetPort: 8080, protocol: 'TCP' }] }, traits: [] },
      { name: 'frontend', type: 'serviceaccount', properties: { automountServiceAccountToken: false }, traits: [] },
    ]);
  });

  it('names the members\' objects by deploymentObjectName, serviceObjectName and serviceAccountObjectName; the members keep the component name', () => {
    const members = lower('webservice', { name: 'web', properties: { image, deploymentObjectName: 'shop-web', serviceObjectName: 'shop-http', serviceAccountObjectName: 'shop-runner' } });
    expect(members.map((m) => [m.name, m.type, m.objectName])).toEqual([
      ['web', 'deployment', 'shop-web'],
      ['web', 'service', 'shop-http'],
      ['web', 'serviceaccount', 'shop-runner'],
    ]);
    expect(members[0].properties.serviceAccountName).toBe('shop-runner');
    expect(members[0].properties).not.toHaveProperty('deploymentObjectName');
  });

  it('refuses a member name its role does not take, and an account name beside serviceAccountName', () => {
    expect(refusal(() => lower('webservice', { name: 'web', properties: { image, serviceObjectName: 'shop.web' } }))).toMatchObject({
      message: expect.stringMatching(/^naming the Service: serviceObjectName "shop.web" cannot be the name for role "workload-service": not a valid DNS-1035 label: .*; write a valid name, or leave the property out for the default "web"$/),
      path: ['serviceObjectName'],
    });
    expect(refusal(() => lower('webservice', { name: 'web', properties: { image, serviceAccountName: 'shared', serviceAccountObjectName: 'mine' } }))).toMatchObject({
      message:
        'serviceAccountObjectName and serviceAccountName are both set: serviceAccountName names an existing account, so the component generates none for serviceAccountObjectName to name; remove one of them',
      path: ['serviceAccountObjectName'],
    });
  });

  it('names a created claim by claimObjectName, refusing one that is no name', () => {
    const [deployment] = lower('webservice', { name: 'api', properties: { image, volumes: [{ name: 'data', type: 'pvc', mountPath: '/data', size: '1Gi', claimObjectName: 'api-store' }] } });
    expect(deployment.traits?.find((trait) => trait.type === 'pvc')?.properties.name).toBe('api-store');
    expect((deployment.properties.volumes as Array<Record<string, unknown>>)[0]).toEqual({ name: 'data', type: 'pvc', mountPath: '/data', claimName: 'api-store' });
    expect(refusal(() => lower('webservice', { name: 'api', properties: { image, volumes: [{ name: 'data', type: 'pvc', mountPath: '/data', size: '1Gi', claimObjectName: 'Store' }] } }))).toMatchObject({
      message: expect.stringMatching(/^volume "data": naming the PersistentVolumeClaim: volumes\[0\]\.claimObjectName "Store" cannot be the name for role "workload-volume-claim": not a valid DNS-1123 subdomain: /),
      path: ['volumes', 0, 'claimObjectName'],
    });
  });

  it('defaults the port to 80', () => {
    const [deployment, service] = lower('webservice', { name: 'web', properties: { image } });
    expect(deployment.properties.ports).toEqual(httpPort(80));
    expect(service.properties.ports).toEqual([{ name: 'http', port: 80, targetPort: 80, protocol: 'TCP' }]);
  });

  it('adds no spread with topologySpread: false and no account when serviceAccountName is authored', () => {
    const members = lower('webservice', { name: 'api', properties: { image, topologySpread: false, serviceAccountName: 'shared' } });
    expect(members.map((m) => m.type)).toEqual(['deployment', 'service']);
    expect(members[0].traits).toEqual([]);
    expect(members[0].properties.serviceAccountName).toBe('shared');
  });

  it('forwards routing traits to the service, delivery intents to every member and the rest to the deployment', () => {
    const traits = [
      { type: 'scaler', properties: { minReplicas: 2, maxReplicas: 4 } },
      { type: 'expose', properties: {} },
      { type: 'prune-protection', properties: {} },
    ];
    const [deployment, service, account] = lower('webservice', { name: 'api', properties: { image }, traits, annotations: { note: 'x' } });
    expect(deployment.traits!.map((t) => t.type)).toEqual(['topology-spread', 'scaler', 'prune-protection']);
    expect(service.traits!.map((t) => t.type)).toEqual(['expose', 'prune-protection']);
    expect(account.traits!.map((t) => t.type)).toEqual(['prune-protection']);
    expect([deployment, service, account].map((m) => m.annotations)).toEqual([{ note: 'x' }, { note: 'x' }, { note: 'x' }]);
  });

  it('turns a pvc volume without claimName into a pvc trait and points the volume at the claim', () => {
    const volumes = [
      { name: 'data', type: 'pvc', mountPath: '/data', size: '5Gi', accessModes: ['ReadWriteOnce'] },
      { name: 'fast', type: 'pvc', mountPath: '/fast', size: '1Gi', storageClass: 'ssd' },
      { name: 'shared', type: 'pvc', mountPath: '/shared', claimName: 'existing' },
    ];
    const [deployment] = lower('webservice', { name: 'api', properties: { image, volumes } }, { capabilities: { pvc: { storageClassName: 'standard' } } });
    expect(deployment.traits).toEqual([
      { type: 'topology-spread', properties: {} },
      { type: 'pvc', properties: { name: 'api-data', size: '5Gi', storageClassName: 'standard', accessModes: ['ReadWriteOnce'] } },
      { type: 'pvc', properties: { name: 'api-fast', size: '1Gi', storageClassName: 'ssd' } },
    ]);
    expect(deployment.properties.volumes).toEqual([
      { name: 'data', type: 'pvc', mountPath: '/data', claimName: 'api-data' },
      { name: 'fast', type: 'pvc', mountPath: '/fast', claimName: 'api-fast' },
      { name: 'shared', type: 'pvc', mountPath: '/shared', claimName: 'existing' },
    ]);
  });

  it('evaluates the affinity shorthand over the component label', () => {
    const affinity = { enablePodAntiAffinity: true, nodeSelector: { disk: 'ssd' } };
    const [deployment] = lower('webservice', { name: 'api', properties: { image, affinity } });
    expect(deployment.properties.affinity).toEqual({
      nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd'] }] }] } },
      podAntiAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [
          { weight: 100, podAffinityTerm: { labelSelector: { matchLabels: { app: 'api' } }, topologyKey: 'kubernetes.io/hostname' } },
        ],
      },
    });
    const [required] = lower('webservice', { name: 'api', properties: { image, affinity: { enablePodAntiAffinity: true, podAntiAffinityType: 'required' } } });
    expect(required.properties.affinity).toEqual({
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'api' } }, topologyKey: 'kubernetes.io/hostname' }] },
    });
  });

  it('refuses what it cannot lower', () => {
    expect(refusal(() => lower('webservice', { name: 'api', properties: { image, port: 0 } }))).toMatchObject({
      message: 'port: must be between 1 and 65535, got 0',
      path: ['port'],
    });
    expect(refusal(() => lower('webservice', { name: 'api', properties: { image, volumes: [{ name: 'd', type: 'pvc', mountPath: '/d' }] } }))).toMatchObject({
      message: 'volumes[0]: a pvc volume without claimName needs size, the size of the claim it creates',
      path: ['volumes', 0, 'size'],
    });
    expect(refusal(() => lower('webservice', { name: 'api', properties: { image, volumes: [{ name: 'd', type: 'pvc', mountPath: '/d', claimName: 'c', size: '1Gi' }] } })).message).toBe(
      'volumes[0].size: describes a claim to create, but claimName names an existing one',
    );
    expect(refusal(() => lower('webservice', { name: 'api', properties: { image, ports: [] } })).message).toMatch(/unsupported field "ports"/);
    expect(refusal(() => lower('webservice', { name: 'api', properties: { image, volumes: [{ name: 'd', type: 'pvc', mountPath: '/d', size: '1Gi' }] } }, { capabilities: { pvc: { storageClassName: 7 } } })).message).toBe(
      'capability "pvc" storageClassName: expected a string, got a number',
    );
  });
});

describe('webservice end to end', () => {
  it('builds Deployment, Service and ServiceAccount, in that order', () => {
    const { objects } = build({ name: 'frontend', type: 'webservice', properties: { image, port: 8080 } });
    expect(objects).toEqual([
      deploymentObject('frontend', { container: { image, ports: httpPort(8080) }, pod: { serviceAccountName: 'frontend' } }),
      webServiceObject('frontend', 8080),
      serviceAccountObject('frontend'),
    ]);
  });

  it('passes the container surface through to the main container', () => {
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
    const { objects } = build({ name: 'frontend', type: 'webservice', properties: { image, port: 8080, resources, ...surface } });
    expect(objects[0]).toEqual(
      deploymentObject('frontend', { container: { image, ports: httpPort(8080), resources, ...surface }, pod: { serviceAccountName: 'frontend' } }),
    );
  });

  it('writes the pod-level surface and generates no account for an authored serviceAccountName', () => {
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
    const { objects } = build({ name: 'api', type: 'webservice', properties: { image, port: 8080, ...pod, nodeName: 'node-a', podResources, podSecurityContext } });
    expect(objects).toEqual([
      deploymentObject('api', { container: { image, ports: httpPort(8080) }, pod: { ...pod, resources: podResources, securityContext: podSecurityContext } }),
      webServiceObject('api', 8080),
    ]);
  });

  it('spreads over nodes from 2 replicas and over zones from 3', () => {
    const constraints = (replicas: number) =>
      (build({ name: 'web', type: 'webservice', properties: { image, replicas } }).objects[0].spec as any).template.spec.topologySpreadConstraints;
    const hostname = { labelSelector: { matchLabels: { app: 'web' } }, maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule' };
    const zone = { labelSelector: { matchLabels: { app: 'web' } }, maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'ScheduleAnyway' };
    expect(constraints(1)).toBeUndefined();
    expect(constraints(2)).toEqual([hostname]);
    expect(constraints(3)).toEqual([hostname, zone]);
  });

  it('emits the claims of its volumes and its traits after the group', () => {
    const { objects } = build({
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
