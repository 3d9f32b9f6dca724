import type { HandlerTester } from 'kurel/plugin-api/testing';
import { builtinTester, rendered } from '../../support/engine.js';
import { refusingContext } from '../../support/handler-context.js';
import { describe, expect, it } from 'vitest';
import { RefusalClass, type HandlerContext, type Policy } from 'kurel/plugin-api';
import { NOOP_POLICY, refusalClassOf } from 'kurel/plugin-kit';
import { deployment } from '../../../plugins/builtin-components/deployment.js';
import { statefulset } from '../../../plugins/builtin-components/statefulset.js';
import { enforcePodPolicy, registryHost } from '../../../src/plugin-api/kit/policy-checks/pod-policy.js';

const image = 'ghcr.io/example/api:v1.0.0';
const noop = builtinTester('components');
const under = (policy: Partial<Policy>) => builtinTester('components', { policy: { ...NOOP_POLICY, ...policy } });

async function container(tester: HandlerTester, properties: Record<string, unknown>): Promise<any> {
  return ((await rendered(tester, deployment.type, 'api', { image, ...properties })).objects[0].spec as any).template.spec.containers[0];
}

describe('the security flags, default-deny', () => {
  it('refuses the host namespaces, privileged and HostProcess containers with no policy configured', async () => {
    await noop.runComponent(deployment.type, [
      { title: 'hostNetwork', properties: { image, hostNetwork: true }, error: { message: 'component "web": hostNetwork is not allowed by environment policy', property: ['hostNetwork'], refusalClass: RefusalClass.hostNamespace } },
      { title: 'hostPID', properties: { image, hostPID: true }, error: { message: 'component "web": hostPID is not allowed by environment policy', property: ['hostPID'], refusalClass: RefusalClass.hostNamespace } },
      { title: 'hostIPC', properties: { image, hostIPC: true }, error: { message: 'component "web": hostIPC is not allowed by environment policy', property: ['hostIPC'], refusalClass: RefusalClass.hostNamespace } },
      {
        title: 'privileged',
        properties: { image, securityContext: { privileged: true } },
        error: { message: 'component "web": securityContext.privileged is not allowed by environment policy', property: ['securityContext', 'privileged'], refusalClass: RefusalClass.privileged },
      },
      {
        title: 'privileged init container',
        properties: { image, initContainers: [{ name: 'init', image: 'ghcr.io/example/init:1.0.0', securityContext: { privileged: true } }] },
        error: { message: 'component "web": initContainers[0] "init": securityContext.privileged is not allowed by environment policy', property: ['initContainers', 0, 'securityContext', 'privileged'], refusalClass: RefusalClass.privileged },
      },
      {
        title: 'pod HostProcess',
        properties: { image, podSecurityContext: { windowsOptions: { hostProcess: true } } },
        error: { message: 'component "web": podSecurityContext.windowsOptions.hostProcess is not allowed by environment policy', property: ['podSecurityContext', 'windowsOptions', 'hostProcess'], refusalClass: RefusalClass.privileged },
      },
      {
        title: 'hostPath',
        properties: { image, volumes: [{ name: 'host', type: 'hostPath', path: '/var/lib/data', mountPath: '/data' }] },
        error: { message: 'component "web": volume "host": hostPath volumes are not allowed by environment policy', property: ['volumes', 0], refusalClass: RefusalClass.hostPath },
      },
    ]);
  });

  it('refuses a HostProcess container, which a raw pod spec can state', async () => {
    const spec = { containers: [{ name: 'app', image, securityContext: { windowsOptions: { hostProcess: true } } }] };
    const paths = { label: 'spec: ', field: (name: string) => ['spec', name], volume: () => ['spec', 'volumes'] };
    const refusal = (() => {
      try {
        enforcePodPolicy(spec, [{ container: spec.containers[0], label: 'containers[0] "app": ', path: ['spec', 'containers', 0] }], paths, refusingContext() as unknown as HandlerContext);
      } catch (error) {
        return error as Error & { path: unknown[] };
      }
      throw new Error('expected a refusal');
    })();
    expect(refusal.message).toBe('containers[0] "app": securityContext.windowsOptions.hostProcess is not allowed by environment policy');
    expect(refusal.path).toEqual(['spec', 'containers', 0, 'securityContext', 'windowsOptions', 'hostProcess']);
    expect(refusalClassOf(refusal)).toBe(RefusalClass.privileged);
  });

  it('builds each where the policy allows it', async () => {
    const allowing = under({ allowHostNetwork: () => true, allowHostPID: () => true, allowHostIPC: () => true, allowPrivileged: () => true, allowHostPathVolumes: () => true });
    const pod = ((await rendered(allowing, deployment.type, 'api', { image, hostNetwork: true, hostPID: true, hostIPC: true, securityContext: { privileged: true } })).objects[0].spec as any).template.spec;
    expect(pod).toMatchObject({ hostNetwork: true, hostPID: true, hostIPC: true });
    expect(pod.containers[0].securityContext).toEqual({ privileged: true });
  });
});

describe('Linux capabilities', () => {
  const adding = (...add: string[]) => ({ image, securityContext: { capabilities: { add } } });

  it('are unconstrained with empty lists', async () => {
    expect((await container(noop, adding('NET_ADMIN'))).securityContext.capabilities.add).toEqual(['NET_ADMIN']);
  });

  it('refuses a forbidden one in any spelling, forbidden winning over allowed, and ALL when anything is forbidden', async () => {
    const tester = under({ forbiddenContainerCapabilities: () => ['NET_ADMIN'], allowedContainerCapabilities: () => ['NET_ADMIN', 'CHOWN', 'ALL'] });
    await tester.runComponent(deployment.type, [
      {
        title: 'forbidden',
        properties: adding('CHOWN', 'cap_net_admin'),
        error: { message: 'component "web": securityContext.capabilities.add: "cap_net_admin" is forbidden by environment policy', property: ['securityContext', 'capabilities', 'add', 1], refusalClass: RefusalClass.containerCapability },
      },
      { title: 'ALL', properties: adding('ALL'), error: { message: 'component "web": securityContext.capabilities.add: "ALL" is forbidden by environment policy', refusalClass: RefusalClass.containerCapability } },
    ]);
  });

  it('refuses one the allowed list leaves out', async () => {
    await under({ allowedContainerCapabilities: () => ['CHOWN'] }).runComponent(deployment.type, [
      { properties: adding('SYS_TIME'), error: { message: 'component "web": securityContext.capabilities.add: "SYS_TIME" is not allowed by environment policy', refusalClass: RefusalClass.containerCapability } },
    ]);
  });
});

describe('registries', () => {
  it('refuses an image from a host outside the allowed registries, any container', async () => {
    const tester = under({ allowedRegistries: () => ['ghcr.io', 'quay.io/'] });
    expect((await container(tester, {})).image).toBe(image);
    await tester.runComponent(deployment.type, [
      { title: 'main', properties: { image: 'docker.io/library/nginx:1.27' }, error: { message: 'component "web": image "docker.io/library/nginx:1.27" is not from an allowed registry [ghcr.io quay.io/]', property: ['image'], refusalClass: RefusalClass.registry } },
      {
        title: 'sidecar',
        properties: { image, sidecars: [{ name: 'proxy', image: 'envoyproxy/envoy:v1.31.0' }] },
        error: { message: 'component "web": sidecars[0] "proxy": image "envoyproxy/envoy:v1.31.0" is not from an allowed registry [ghcr.io quay.io/]', property: ['sidecars', 0, 'image'], refusalClass: RefusalClass.registry },
      },
    ]);
  });

  it('reads the registry host of a reference', async () => {
    expect(registryHost('nginx:1.27')).toBe('docker.io');
    expect(registryHost('library/nginx@sha256:abc')).toBe('docker.io');
    expect(registryHost('localhost/app:1')).toBe('localhost');
    expect(registryHost('registry.example:5000/team/app:1')).toBe('registry.example:5000');
  });
});

describe('resources', () => {
  it('takes the policy defaults under authored values and over the handler defaults', async () => {
    const tester = under({ defaultCPURequest: () => '250m', defaultMemoryLimit: () => '1Gi' });
    expect((await container(tester, {})).resources).toEqual({ requests: { cpu: '250m', memory: '128Mi' }, limits: { memory: '1Gi' } });
    expect((await container(tester, { resources: { requests: { cpu: '1' }, limits: { memory: '512Mi' } } })).resources).toEqual({ requests: { cpu: '1', memory: '128Mi' }, limits: { memory: '512Mi' } });
  });

  it('holds the effective values to the maxima, the handler defaults included', async () => {
    await under({ maxCPU: () => '500m' }).runComponent(deployment.type, [
      { title: 'authored limit', properties: { image, resources: { limits: { cpu: 2 } } }, error: { message: 'component "web": cpu limit "2" exceeds enforced maximum "500m"', property: ['resources', 'limits', 'cpu'], refusalClass: RefusalClass.resourceMaximum } },
    ]);
    await under({ maxMemory: () => '64Mi' }).runComponent(deployment.type, [
      { title: 'handler default', properties: { image }, error: { message: 'component "web": memory request (generated default) "128Mi" exceeds enforced maximum "64Mi"', refusalClass: RefusalClass.resourceMaximum } },
    ]);
    await under({ maxCPU: () => '200m', defaultCPURequest: () => '300m' }).runComponent(deployment.type, [
      { title: 'policy default', properties: { image }, error: { message: 'component "web": cpu request "300m" exceeds enforced maximum "200m"', refusalClass: RefusalClass.resourceMaximum } },
    ]);
  });

  it('refuses a maximum that does not parse as the library’s own refusal, of no class', async () => {
    await under({ maxCPU: () => 'lots' }).runComponent(deployment.type, [
      { properties: { image }, error: { message: `component "web": invalid enforced max cpu request (generated default) value "lots": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`, code: 'KUREL_HANDLER_REFUSED' } },
    ]);
  });
});

describe('replicas', () => {
  const replicas = async (tester: HandlerTester, handler = deployment, properties: Record<string, unknown> = {}) => ((await rendered(tester, handler.type, 'api', { image, ...properties })).objects[0].spec as any).replicas;

  it('are authored, else the policy default, else 1', async () => {
    expect(await replicas(noop)).toBe(1);
    expect(await replicas(under({ defaultReplicas: () => 3 }))).toBe(3);
    expect(await replicas(under({ defaultReplicas: () => 3 }), deployment, { replicas: 2 })).toBe(2);
    expect(await replicas(under({ defaultReplicas: () => 2 }), statefulset)).toBe(2);
  });

  it('refuses effective replicas over the maximum', async () => {
    await under({ maxReplicas: () => 2 }).runComponent(deployment.type, [
      { title: 'authored', properties: { image, replicas: 4 }, error: { message: 'component "web": replicas 4 exceeds enforced maximum 2', property: ['replicas'], refusalClass: RefusalClass.replicaMaximum } },
    ]);
    await under({ maxReplicas: () => 2, defaultReplicas: () => 3 }).runComponent(statefulset.type, [
      { title: 'defaulted', properties: { image }, error: { message: 'component "web": replicas 3 exceeds enforced maximum 2', refusalClass: RefusalClass.replicaMaximum } },
    ]);
  });
});
