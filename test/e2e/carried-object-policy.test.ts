import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kurelIn, scratchFolder } from './support.js';

// What passthrough and manifests carry is held to the environment policy through the real CLI,
// as a typed kind's objects are.

const scratch = scratchFolder('kurel-carried-');

const app = (components: string) => `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
${components}`;

const HOST_NETWORK_DAEMONSET = `    - name: agent
      type: passthrough
      properties:
        object:
          apiVersion: apps/v1
          kind: DaemonSet
          metadata: {name: agent}
          spec:
            selector: {matchLabels: {app: agent}}
            template:
              metadata: {labels: {app: agent}}
              spec:
                hostNetwork: true
                containers:
                  - name: agent
                    image: ghcr.io/acme/agent:1.0.0
                    securityContext: {privileged: true}
`;

const MANIFESTS_DEPLOYMENT = (spec: string, image = 'ghcr.io/acme/web:1.0.0') => `    - name: raw
      type: manifests
      properties:
        inline: |
          apiVersion: apps/v1
          kind: Deployment
          metadata: {name: web}
          spec:
${spec}
            selector: {matchLabels: {app: web}}
            template:
              spec:
                containers: [{name: web, image: ${image}}]
`;

function run(command: string[], application: string, config = '') {
  rmSync(join(scratch.dir, '.kurelrc.yaml'), { force: true });
  if (config) writeFileSync(join(scratch.dir, '.kurelrc.yaml'), config);
  writeFileSync(join(scratch.dir, 'app.yaml'), application);
  return kurelIn(scratch.dir, [...command, 'app.yaml']);
}

describe('objects passthrough and manifests carry, under the environment policy', () => {
  it('refuses a passthrough DaemonSet with hostNetwork under the default policy, at its line, as a pod component is', () => {
    const result = run(['build'], app(HOST_NETWORK_DAEMONSET));
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('Error: app.yaml:18:17 spec.components[0].properties.object.spec.template.spec.hostNetwork: component "agent": spec.template.spec: hostNetwork is not allowed by environment policy\n');
  });

  it('refuses a manifests Deployment with hostPID and a hostPath volume under the default policy', () => {
    const spec = MANIFESTS_DEPLOYMENT('').replace('              spec:\n', '              spec:\n                hostPID: true\n                volumes: [{name: h, hostPath: {path: /}}]\n');
    const result = run(['build'], app(spec));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('component "raw": inline: document 1 (Deployment "web"): spec.template.spec: hostPID is not allowed by environment policy');
  });

  it('refuses a manifests Deployment with replicas 5 and a docker.io image under maxReplicas 1 and allowedRegistries [quay.io]', () => {
    const config = 'policy:\n  maxReplicas: 1\n  allowedRegistries: [quay.io]\n';
    const replicas = run(['validate', '--format', 'json'], app(MANIFESTS_DEPLOYMENT('            replicas: 5', 'quay.io/acme/web:1.0.0')), config);
    expect(replicas.status).toBe(1);
    expect(JSON.parse(replicas.stdout).diagnostics[0]).toMatchObject({ component: 'raw', refusalClass: 'replica-maximum', message: 'component "raw": inline: document 1 (Deployment "web"): replicas 5 exceeds enforced maximum 1' });
    const registry = run(['validate', '--format', 'json'], app(MANIFESTS_DEPLOYMENT('', 'docker.io/acme/web:1.0.0')), config);
    expect(JSON.parse(registry.stdout).diagnostics[0]).toMatchObject({ component: 'raw', refusalClass: 'registry' });
  });

  it('refuses a passthrough Deployment whose containers is "not-a-list" as unreadable-object, the class shown by validate --format json', () => {
    const deployment = `    - name: web
      type: passthrough
      properties:
        object:
          apiVersion: apps/v1
          kind: Deployment
          metadata: {name: web}
          spec:
            selector: {matchLabels: {app: web}}
            template:
              spec:
                containers: "not-a-list"
`;
    const result = run(['validate', '--format', 'json'], app(deployment));
    expect(result.status).toBe(1);
    const [diagnostic] = JSON.parse(result.stdout).diagnostics;
    expect(diagnostic).toMatchObject({
      code: 'KUREL_POLICY_VIOLATION',
      refusalClass: 'unreadable-object',
      path: 'spec.components[0].properties.object.spec.template.spec.containers',
      message: 'component "web": Deployment "web" cannot be read as a Deployment: spec.template.spec.containers must be a list, not a string',
    });
    expect(diagnostic.line).toBe(17);
  });

  it('refuses a passthrough Deployment whose selector cannot be read as unreadable-object, before the component label is checked', () => {
    const deployment = `    - name: web
      type: passthrough
      properties:
        object:
          apiVersion: apps/v1
          kind: Deployment
          metadata: {name: web}
          spec:
            selector: {matchLabels: 5}
            template:
              metadata: {labels: {app: web}}
              spec:
                containers: [{name: web, image: ghcr.io/acme/web:1.0.0}]
`;
    const result = run(['validate', '--format', 'json'], app(deployment));
    expect(result.status).toBe(1);
    const { diagnostics } = JSON.parse(result.stdout);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      code: 'KUREL_POLICY_VIOLATION',
      refusalClass: 'unreadable-object',
      path: 'spec.components[0].properties.object.spec.selector.matchLabels',
      message: 'component "web": Deployment "web" cannot be read as a Deployment: spec.selector.matchLabels must be a map, not a number',
    });
    const built = run(['build'], app(deployment));
    expect(built.stderr).not.toContain('component label');
  });

  it('builds what the policy allows', () => {
    const result = run(['build'], app(MANIFESTS_DEPLOYMENT('            replicas: 2')));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('replicas: 2');
  });
});
