import { describe, expect, it } from 'vitest';
import { refusal } from '../engine/support.js';
import type { Policy } from '../../../src/plugin-api/index.js';
import { NOOP_POLICY } from '../../../src/plugin-api/kit/index.js';
import { allowClusterScoped, application, buildWith, importedProfile } from './support.js';

const kindCluster = importedProfile('kind-v1.35');

describe('the object component', () => {
  it('negotiates the apiVersion, names the object after the component, stamps the namespace and passes its content through', () => {
    const [role] = buildWith(application('{name: reader, type: object, properties: {kind: Role, metadata: {labels: {team: pay}, annotations: {note: x}}, rules: [{apiGroups: [""], resources: [pods], verbs: [get]}]}}')).objects;
    expect(role).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: 'reader', namespace: 'shop', labels: { team: 'pay', 'launcher.gokure.dev/component': 'reader' }, annotations: { note: 'x' } },
      rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }],
    });
  });

  it('negotiates autoscaling/v2 for a HorizontalPodAutoscaler against the recorded cluster', () => {
    const [hpa] = buildWith(application('{name: web, type: object, properties: {kind: HorizontalPodAutoscaler, spec: {maxReplicas: 3, scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}}}}'), kindCluster).objects;
    expect(hpa.apiVersion).toBe('autoscaling/v2');
  });

  it('keeps an explicit apiVersion, name and namespace as written', () => {
    const [object] = buildWith(application('{name: w, type: object, properties: {apiVersion: example.com/v1, kind: Widget, metadata: {name: blue, namespace: other}, spec: {a: 1}}}')).objects;
    expect(object).toMatchObject({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'blue', namespace: 'other' }, spec: { a: 1 } });
  });

  it('builds a cluster-scoped object under a policy with no object kind rules, and leaves a refusal to the object kind policy, as the typed kind', () => {
    const app = application('{name: ops, type: object, properties: {kind: ClusterRole, rules: []}}');
    expect(buildWith(app).objects[0].metadata).toEqual({ name: 'ops', labels: { 'launcher.gokure.dev/component': 'ops' } });
    const closed = { ...NOOP_POLICY, allowClusterScopedObjects: () => false } as Policy;
    const refused = refusal(() => buildWith(app, undefined, closed)).diagnostics[0];
    expect(refused).toMatchObject({ code: 'KUREL_POLICY_VIOLATION', refusalClass: 'object-kind', component: 'ops' });
    expect(refused.message).toBe('component "ops": ClusterRole "ops" (rbac.authorization.k8s.io/ClusterRole): the kind is cluster-scoped, and the object kind policy does not allow cluster-scoped objects');
    const typed = refusal(() => buildWith(application('{name: ops, type: clusterrole, properties: {rules: []}}'), undefined, closed)).diagnostics[0];
    expect(typed.message).toBe(refused.message);
    expect(buildWith(app, undefined, allowClusterScoped).objects[0].metadata).toEqual({ name: 'ops', labels: { 'launcher.gokure.dev/component': 'ops' } });
  });

  it('takes the scope of a kind nobody knows from clusterScoped, and refuses one contradicting a known scope', () => {
    const unknown = buildWith(application('{name: t, type: object, properties: {apiVersion: example.com/v1, kind: Tenant, clusterScoped: true}}'), undefined, allowClusterScoped).objects[0];
    expect(unknown.metadata.namespace).toBeUndefined();
    expect(refusal(() => buildWith(application('{name: r, type: object, properties: {kind: Role, clusterScoped: true}}'))).diagnostics[0]).toMatchObject({
      path: 'spec.components[0].properties.clusterScoped',
      message: 'component "r": clusterScoped: true contradicts the scope of rbac.authorization.k8s.io/v1 Role, which is Namespaced',
    });
    expect(refusal(() => buildWith(application('{name: n, type: object, properties: {kind: Namespace, metadata: {namespace: x}}}'), undefined, allowClusterScoped)).diagnostics[0].path).toBe(
      'spec.components[0].properties.metadata.namespace',
    );
  });

  it('fails on an unknown kind without apiVersion, naming manifests as the way out', () => {
    const diagnostic = refusal(() => buildWith(application('{name: w, type: object, properties: {kind: Widget}}'))).diagnostics[0];
    expect(diagnostic).toMatchObject({ code: 'KUREL_HANDLER_REFUSED', path: 'spec.components[0].properties.kind' });
    expect(diagnostic.message).toContain('apiVersion is not set and kind "Widget" is not a kind kurel knows');
    expect(diagnostic.message).toContain('manifests component');
  });

  it('fails closed on a custom resource kind without apiVersion where the cluster says nothing', () => {
    expect(refusal(() => buildWith(application('{name: r, type: object, properties: {kind: HTTPRoute}}'))).diagnostics[0].message).toContain('a custom resource of group gateway.networking.k8s.io');
  });

  it('refuses a list kind and a missing kind', () => {
    expect(refusal(() => buildWith(application('{name: l, type: object, properties: {apiVersion: v1, kind: ConfigMapList, items: []}}'))).diagnostics[0].message).toContain('is a list');
    expect(refusal(() => buildWith(application('{name: l, type: object, properties: {apiVersion: v1}}'))).diagnostics[0].message).toContain('"kind" is required');
  });

  it('collides with another object of the same kind and name', () => {
    const diagnostic = refusal(() => buildWith(application('{name: a, type: object, properties: {kind: Role, metadata: {name: same}}}', '{name: b, type: object, properties: {kind: Role, metadata: {name: same}}}'))).diagnostics[0];
    expect(diagnostic.code).toBe('KUREL_COLLISION');
  });
});

describe('the object component under the environment policy', () => {
  it('gets the checks every carried object gets, placed at its own properties', () => {
    const hostNetwork = application('{name: agent, type: object, properties: {kind: DaemonSet, spec: {selector: {matchLabels: {app: a}}, template: {metadata: {labels: {app: a}}, spec: {hostNetwork: true, containers: [{name: a, image: "r.example/a:1.0"}]}}}}}');
    const refused = refusal(() => buildWith(hostNetwork)).diagnostics[0];
    expect(refused).toMatchObject({ code: 'KUREL_POLICY_VIOLATION', refusalClass: 'host-namespace', component: 'agent' });
    expect(refused.path).toMatch(/^spec\.components\[0\]\.properties\.spec\.template\.spec/);
    const secret = application('{name: creds, type: object, properties: {kind: Secret, stringData: {token: x}}}');
    expect(refusal(() => buildWith(secret, undefined, { ...allowClusterScoped, allowExplicitSecrets: () => false } as never)).diagnostics[0].refusalClass).toBe('explicit-secret');
  });
});
