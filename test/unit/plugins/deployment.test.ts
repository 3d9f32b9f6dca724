import { answersOf, builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { NOOP_POLICY } from 'kurel/plugin-kit';
import { deployment } from '../../../plugins/builtin-components/deployment.js';
import { deploymentObject } from './fixtures.js';
import { HandlerTester as EngineTester } from 'kurel/plugin-api/testing';
import components from '../../../plugins/builtin-components/index.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

const tester = builtinTester('components');
const image = 'ghcr.io/example/api:v1.0.0';

describe('deployment component', () => {
  it('renders a Deployment with default resources, an empty strategy and no ServiceAccount', async () => {
    await tester.runComponent(deployment.type, [
      { name: 'api', properties: { image }, objects: [deploymentObject('api', { container: { image } })] },
    ]);
  });

  it('lets authored resources win key by key and defaults the memory limit to the memory request', async () => {
    const resources = { requests: { memory: '256Mi', 'ephemeral-storage': '1Gi' }, limits: { cpu: 0.5 } };
    const rendering = await rendered(tester, deployment.type, 'api', { image, resources });
    const container = (rendering.objects[0].spec as any).template.spec.containers[0];
    expect(container.resources).toEqual({
      requests: { cpu: '100m', memory: '256Mi', 'ephemeral-storage': '1Gi' },
      limits: { cpu: '500m', memory: '256Mi' },
    });
  });

  it('writes container ports, the DeploymentSpec fields and no default imagePullPolicy', async () => {
    await tester.runComponent(deployment.type, [
      {
        name: 'api',
        properties: { image, replicas: 3, ports: [{ containerPort: 8080, name: 'http' }], minReadySeconds: 5, strategy: { type: 'Recreate' } },
        objects: [
          deploymentObject('api', {
            replicas: 3,
            container: { image, ports: [{ containerPort: 8080, name: 'http', protocol: 'TCP' }] },
            spec: { minReadySeconds: 5, strategy: { type: 'Recreate' } },
          }),
        ],
      },
    ]);
  });

  it('answers the authored serviceAccountName and writes it on the pods', async () => {
    const rendering = await rendered(tester, deployment.type, 'api', { image, serviceAccountName: 'shared' });
    expect(await answersOf(deployment.type, 'api', { image, serviceAccountName: 'shared' })).toEqual({ serviceAccountName: 'shared' });
    expect((rendering.objects[0].spec as any).template.spec.serviceAccountName).toBe('shared');
  });

  it('maps probes, volumes, sidecars and init containers onto the pod', async () => {
    const rendering = await rendered(tester, deployment.type, 'api', {
      image,
      probes: { readiness: { httpGet: { path: '/ready', port: 8080 } } },
      volumes: [
        { name: 'cache', type: 'emptyDir', mountPath: '/cache', medium: 'Memory' },
        { name: 'data', type: 'pvc', mountPath: '/data', claimName: 'api-data', readOnly: true },
        { name: 'conf', type: 'configMap', mountPath: '/etc/conf', configMapName: 'api-conf' },
      ],
      initContainers: [{ name: 'migrate', image: 'ghcr.io/example/migrate:v2' }],
      sidecars: [{ name: 'proxy', image: 'envoyproxy/envoy:v1.30.0', args: ['-c', '/etc/envoy.yaml'] }],
    });
    const pod = (rendering.objects[0].spec as any).template.spec;
    expect(pod.containers.map((c: any) => c.name)).toEqual(['api', 'proxy']);
    expect(pod.containers[0].readinessProbe).toEqual({ httpGet: { path: '/ready', port: 8080 } });
    expect(pod.containers[0].volumeMounts).toEqual([
      { name: 'cache', mountPath: '/cache' },
      { name: 'data', mountPath: '/data', readOnly: true },
      { name: 'conf', mountPath: '/etc/conf' },
    ]);
    expect(pod.volumes).toEqual([
      { name: 'cache', emptyDir: { medium: 'Memory' } },
      { name: 'data', persistentVolumeClaim: { claimName: 'api-data', readOnly: true } },
      { name: 'conf', configMap: { name: 'api-conf' } },
    ]);
    expect(pod.initContainers).toEqual([{ name: 'migrate', image: 'ghcr.io/example/migrate:v2' }]);
  });

  it('writes plain host booleans only when true and warns when scheduling gates drop nodeName', async () => {
    const engine = new EngineTester(components, { builtins: SOURCE_BUILTINS, policy: { allowHostIPC: () => true } });
    const { objects, warnings: diagnostics } = await engine.build([{
      name: 'api',
      type: 'deployment',
      properties: { image, hostNetwork: false, hostIPC: true, nodeName: 'node-a', schedulingGates: [{ name: 'example.com/quota' }] },
    }]);
    const warnings = diagnostics.map((warning) => warning.message);
    const pod = (objects[0].spec as any).template.spec;
    expect(pod.hostNetwork).toBeUndefined();
    expect(pod.hostIPC).toBe(true);
    expect(pod.nodeName).toBeUndefined();
    expect(pod.schedulingGates).toEqual([{ name: 'example.com/quota' }]);
    expect(warnings).toEqual(['nodeName "node-a" is not written: a pod with schedulingGates is bound by the scheduler once its gates are removed']);
  });

  it('refuses an image without a pinned version, naming the property', async () => {
    await tester.runComponent(deployment.type, [
      {
        title: 'latest',
        properties: { image: 'nginx:latest' },
        error: { message: 'component "web": image "nginx:latest" rejected: :latest tag not allowed; use an explicit version tag or digest', property: ['image'] },
      },
      {
        title: 'no tag',
        properties: { image: 'registry.local:5000/team/nginx' },
        error: { message: 'component "web": image "registry.local:5000/team/nginx" rejected: no tag or digest specified; use an explicit version tag or digest', property: ['image'] },
      },
      {
        title: 'sidecar',
        properties: { image, sidecars: [{ name: 'proxy', image: 'envoy' }] },
        error: { message: /no tag or digest specified/, property: ['sidecars', 0, 'image'] },
      },
    ]);
    await expect(rendered(tester, deployment.type, 'api', { image: 'nginx:latest@sha256:' + 'a'.repeat(64) })).resolves.toBeDefined();
  });

  it('refuses the PodSpec fields it does not take, and launcher-owned selector and template', async () => {
    for (const key of ['ephemeralContainers', 'priority', 'overhead', 'serviceAccount', 'selector', 'template', 'podActiveDeadlineSeconds']) {
      await tester.runComponent(deployment.type, [{ title: key, properties: { image, [key]: 1 }, error: { message: new RegExp(`unsupported field "${key}"`) } }]);
    }
  });

  it('refuses invalid ports', async () => {
    await tester.runComponent(deployment.type, [
      { title: 'range', properties: { image, ports: [{ containerPort: 70000 }] }, error: { message: 'component "web": ports[0].containerPort: must be between 1 and 65535, got 70000', property: ['ports', 0, 'containerPort'] } },
      { title: 'name', properties: { image, ports: [{ containerPort: 80, name: 'Http_Port' }] }, error: { message: 'component "web": ports[0].name: invalid port name "Http_Port"' } },
      { title: 'duplicate name', properties: { image, ports: [{ containerPort: 80, name: 'web' }, { containerPort: 81, name: 'web' }] }, error: { message: 'component "web": ports[1].name: duplicate port name "web"' } },
      { title: 'duplicate pair', properties: { image, ports: [{ containerPort: 80 }, { containerPort: 80, protocol: 'TCP' }] }, error: { message: 'component "web": ports[1]: duplicate port 80/TCP' } },
    ]);
  });

  it('refuses volumes the pod cannot mount', async () => {
    const vol = (extra: object) => ({ name: 'v', mountPath: '/v', ...extra });
    await tester.runComponent(deployment.type, [
      { title: 'pvc without claim', properties: { image, volumes: [vol({ type: 'pvc' })] }, error: { message: 'component "web": volumes[0]: a pvc volume needs claimName; create the claim with a pvc trait', property: ['volumes', 0, 'claimName'] } },
      { title: 'key of another type', properties: { image, volumes: [vol({ type: 'emptyDir', path: '/srv' })] }, error: { message: 'component "web": volumes[0].path: not valid on a emptyDir volume' } },
      { title: 'missing source', properties: { image, volumes: [vol({ type: 'secret' })] }, error: { message: 'component "web": volumes[0]: a secret volume needs secretName' } },
      { title: 'duplicate name', properties: { image, volumes: [vol({ type: 'emptyDir' }), { ...vol({ type: 'emptyDir' }), mountPath: '/w' }] }, error: { message: 'component "web": volumes[1].name: duplicate volume name "v"' } },
      { title: 'duplicate mount', properties: { image, volumes: [vol({ type: 'emptyDir' }), { ...vol({ type: 'emptyDir' }), name: 'w' }] }, error: { message: 'component "web": volumes[1].mountPath: "/v" is already mounted' } },
      { title: 'claim size on a kind', properties: { image, volumes: [vol({ type: 'pvc', claimName: 'c', size: '1Gi' })] }, error: { message: /unsupported field "size"/ } },
    ]);
  });

  it('refuses inconsistent pod-level fields', async () => {
    await tester.runComponent(deployment.type, [
      { title: 'replicas', properties: { image, replicas: -1 }, error: { message: 'component "web": replicas: must not be negative, got -1', property: ['replicas'] } },
      { title: 'pid', properties: { image, shareProcessNamespace: true, hostPID: true }, error: { message: 'component "web": shareProcessNamespace and hostPID cannot both be true' } },
      { title: 'dns', properties: { image, dnsPolicy: 'None' }, error: { message: 'component "web": dnsPolicy: None requires dnsConfig.nameservers with at least one entry', property: ['dnsPolicy'] } },
      { title: 'pod resources', properties: { image, podResources: { limits: { 'ephemeral-storage': '1Gi' } } }, error: { message: /"ephemeral-storage" is not a pod-level resource/ } },
      { title: 'env source', properties: { image, env: [{ name: 'A', valueFrom: {} }] }, error: { message: /env\[0\].valueFrom: exactly one of/, property: ['env', 0, 'valueFrom'] } },
      { title: 'two env sources', properties: { image, env: [{ name: 'A', value: 'x', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] }, error: { message: /only one of value, valueFrom/ } },
      { title: 'container names', name: 'api', properties: { image, sidecars: [{ name: 'api', image }] }, error: { message: 'component "api": sidecars[0].name: container name "api" is already used in the pod' } },
    ]);
  });
});
