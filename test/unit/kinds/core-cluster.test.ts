import { meta } from './support.js';
import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { kinds } from '../../../plugins/builtin-kinds/families/core.js';

const kind = (type: string) => kinds.find((k) => k.type === type)!;
const tester = builtinTester('kinds', { namespace: 'shop' });
const render = async (type: string, properties: Record<string, unknown>, name = 'x') => (await rendered(tester, kind(type).type, name, properties)).objects[0];

describe('core kinds: placement, scope and the printed form', () => {
  it('puts RBAC fields at the top level and prints members without omitempty', async () => {
    expect((await render('role', {}))).toEqual({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: meta('x', 'shop'), rules: null });
    expect((await render('clusterrolebinding', { roleRef: { kind: 'ClusterRole', name: 'view' }, subjects: [{ kind: 'Group', name: 'ops' }] }))).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: meta('x', null),
      roleRef: { apiGroup: '', kind: 'ClusterRole', name: 'view' },
      subjects: [{ kind: 'Group', name: 'ops' }],
    });
  });

  it('gives a PriorityClass value 0 when unauthored and drops a false globalDefault', async () => {
    expect((await render('priorityclass', { globalDefault: false, description: 'Batch.' }))).toEqual({
      apiVersion: 'scheduling.k8s.io/v1',
      kind: 'PriorityClass',
      metadata: meta('x', null),
      description: 'Batch.',
      value: 0,
    });
  });

  it('keeps pointer zeros, drops empty omitempty lists, prints non-pointer structs', async () => {
    expect((await render('poddisruptionbudget', {})).spec).toEqual({});
    expect((await render('poddisruptionbudget', { maxUnavailable: 0, selector: {} })).spec).toEqual({ maxUnavailable: 0, selector: {} });
    expect((await render('networkpolicy', { policyTypes: ['Ingress'] })).spec).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
    expect((await render('mutatingwebhookconfiguration', { webhooks: [] }))).toEqual({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration', metadata: meta('x', null) });
    expect((await render('csidriver', { attachRequired: false })).spec).toEqual({ attachRequired: false });
    expect((await render('limitrange', { limits: [] })).spec).toEqual({ limits: [] });
  });

  it('prints quantities canonically', async () => {
    const hpa = (await render('horizontalpodautoscaler', {
      scaleTargetRef: { kind: 'Deployment', name: 'web' },
      maxReplicas: 3,
      metrics: [{ type: 'Pods', pods: { metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: 100 } } }],
    }));
    expect((hpa.spec as any).metrics[0].pods.target).toEqual({ type: 'AverageValue', averageValue: '100' });
    expect(((await render('resourcequota', { hard: { pods: 10, 'limits.memory': '2048Mi' } })).spec as any).hard).toEqual({ pods: '10', 'limits.memory': '2Gi' });
  });

  it('places cluster-scoped kinds in no namespace', async () => {
    for (const type of ['namespace', 'persistentvolume', 'storageclass', 'csidriver', 'servicecidr', 'ingressclass', 'apiservice', 'clusterrole', 'runtimeclass', 'volumeattributesclass', 'priorityclass']) {
      expect(kind(type).object!.scope, type).toBe('cluster');
    }
    expect((await render('namespace', {}))).toEqual({ apiVersion: 'v1', kind: 'Namespace', metadata: meta('x', null), spec: {} });
    expect((await render('storageclass', { provisioner: 'csi.example.com', reclaimPolicy: 'Retain' }))).toEqual({
      apiVersion: 'storage.k8s.io/v1',
      kind: 'StorageClass',
      metadata: meta('x', null),
      provisioner: 'csi.example.com',
      reclaimPolicy: 'Retain',
    });
  });

  it('ties an EndpointSlice to its Service through an authored label', async () => {
    const slice = (await rendered(tester, kind('endpointslice').type, 'web-1', {
      addressType: 'IPv4',
      endpoints: [{ addresses: ['10.0.0.1'] }],
      labels: { 'kubernetes.io/service-name': 'web' },
    })).objects[0];
    expect(slice).toEqual({
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name: 'web-1', namespace: 'shop', labels: { 'kubernetes.io/service-name': 'web', 'launcher.gokure.dev/component': 'web-1' } },
      addressType: 'IPv4',
      endpoints: [{ addresses: ['10.0.0.1'], conditions: {} }],
      ports: null,
    });
  });
});

describe('core kinds: refusals', () => {
  const cases: Array<[string, Record<string, unknown>, RegExp | string, (string | number)[]]> = [
    ['storageclass', {}, '"provisioner" is required', []],
    ['storageclass', { provisioner: 'p', allowedTopologies: [{ matchLabelExpressions: [{ key: 'zone', value: ['a'] }] }] }, /unsupported field "value"/, ['allowedTopologies', 0, 'matchLabelExpressions', 0, 'value']],
    ['runtimeclass', { overhead: {} }, '"handler" is required', []],
    ['ingressclass', {}, '"controller" is required', []],
    ['horizontalpodautoscaler', { scaleTargetRef: { kind: 'Deployment', name: 'web' } }, '"maxReplicas" is required', []],
    ['limitrange', {}, '"limits" is required', []],
    ['servicecidr', { cidrs: [] }, /at least one CIDR/, ['cidrs']],
    ['volumeattributesclass', { driverName: 'd', parameters: {} }, /at least one parameter/, ['parameters']],
    ['volumeattributesclass', { parameters: { a: 'b' } }, '"driverName" is required', []],
    ['ingress', { rules: [{ http: { paths: [{ path: '/', backend: { service: { name: 'a', port: { numbr: 80 } } } }] } }] }, /unsupported field "numbr"/, ['rules', 0, 'http', 'paths', 0, 'backend', 'service', 'port', 'numbr']],
    ['networkpolicy', { ingress: [{ ports: [{ port: 1.5 }] }] }, /expected a whole number or a string/, ['ingress', 0, 'ports', 0, 'port']],
    ['rolebinding', { roleRef: { kind: 'Role', name: 'r', namespace: 'x' } }, /unsupported field "namespace"/, ['roleRef', 'namespace']],
    ['validatingwebhookconfiguration', { webhooks: [{ name: 'a', clientConfig: { service: { name: 's', namespace: 'n', port: '443' } } }] }, /expected a whole number/, ['webhooks', 0, 'clientConfig', 'service', 'port']],
    ['apiservice', { service: { name: 'm' }, groupPriorityMinimum: 100, extra: true }, /unsupported field "extra"/, ['extra']],
    ['persistentvolume', { capacity: { storage: '1Gi' }, nfs: { server: 's', path: '/', readonly: true } }, /unsupported field "readonly"/, ['nfs', 'readonly']],
    ['resourcequota', { scopeSelector: { matchExpressions: [{ scopeName: 'Nope', operator: 'In' }] } }, /must be one of/, ['scopeSelector', 'matchExpressions', 0, 'scopeName']],
  ];
  for (const [type, properties, message, path] of cases) {
    it(`${type}: ${JSON.stringify(properties).slice(0, 60)}`, async () => {
      // A schema refusal names the component and its type before the schema's words.
      const expected = typeof message === 'string' ? `component "web" (type "${type}"): ${message}` : message;
      await tester.runComponent(kind(type).type, [{ properties, error: { message: expected, property: path } }]);
    });
  }
});

describe('core kinds: schemas', () => {
  it('describe every property at every depth', async () => {
    const missing: string[] = [];
    const seen = new Set<object>();
    const walk = (schema: any, path: string): void => {
      if (typeof schema !== 'object' || seen.has(schema)) return;
      seen.add(schema);
      if (!schema.description) missing.push(path);
      for (const [key, member] of Object.entries(schema.properties ?? {})) walk(member, `${path}.${key}`);
      walk(schema.items, `${path}[]`);
      walk(schema.additionalProperties, `${path}{}`);
    };
    for (const handler of kinds) for (const [key, member] of Object.entries(handler.properties)) walk(member, `${handler.type}.${key}`);
    expect(missing).toEqual([]);
    expect(seen.size).toBeGreaterThan(500);
  });
});

describe('core kinds: non-pointer scalars', () => {
  it('drop a zero the upstream type omits and keep one it points to', async () => {
    const pv = (await render('persistentvolume', { capacity: { storage: '1Gi' }, nfs: { server: 's', path: '/', readOnly: false }, mountOptions: [] }));
    expect(pv.spec).toEqual({ capacity: { storage: '1Gi' }, nfs: { server: 's', path: '/' } });
    const pv2 = (await render('persistentvolume', { csi: { driver: 'd', volumeHandle: 'h', readOnly: false } }));
    expect(pv2.spec).toEqual({ csi: { driver: 'd', volumeHandle: 'h' } });
    const rs = (await render('replicaset', { minReadySeconds: 0, replicas: 0, selector: {}, template: { spec: { containers: [{ name: 'a', image: 'i:1' }] } } }));
    expect(rs.spec).toMatchObject({ replicas: 0 });
    expect((rs.spec as any).minReadySeconds).toBeUndefined();
  });
});
