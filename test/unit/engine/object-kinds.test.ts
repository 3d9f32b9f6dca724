import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { build } from '../../../src/engine/build.js';
import { RefusalClass, type GroupKind, type Policy } from '../../../src/plugin-api/index.js';
import { NOOP_POLICY } from '../../../src/plugin-api/kit/index.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { refusal, registryOf } from './support.js';

const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);

const role = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'reader' }, rules: [] };
const clusterRole = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'reader' }, rules: [] };
const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' }, data: { a: 'b' } };
const widget = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'shop' }, spec: {} };

function run(objects: unknown[], kinds: { allowed?: GroupKind[]; forbidden?: GroupKind[]; allowCluster?: boolean } | undefined) {
  const inline = objects.map((object) => stringify(object)).join('---\n');
  const text = stringify({ apiVersion: 'launcher.gokure.dev/v1alpha1', kind: 'Application', metadata: { name: 'shop', namespace: 'shop' }, spec: { components: [{ name: 'web', type: 'manifests', properties: { inline, scopeOverrides: [{ apiVersion: 'example.com/v1', kind: 'Widget', scope: 'Namespaced' }] } }] } });
  const policy = kinds ? ({ ...NOOP_POLICY, allowedObjectKinds: () => kinds.allowed ?? [], forbiddenObjectKinds: () => kinds.forbidden ?? [], allowClusterScopedObjects: () => kinds.allowCluster ?? false } as Policy) : NOOP_POLICY;
  return build({ application: { file: 'app.yaml', text }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local', policy } }, registry);
}

describe('the object kind policy', () => {
  it('refuses a kind the policy forbids, a whole group by "*", as an object-kind violation of the component', () => {
    const error = refusal(() => run([configMap, role], { forbidden: [{ group: 'rbac.authorization.k8s.io', kind: '*' }], allowCluster: true }));
    expect(error.code).toBe('KUREL_POLICY_VIOLATION');
    expect(error.refusalClass).toBe(RefusalClass.objectKind);
    expect(error.message).toBe('component "web": Role "reader" (rbac.authorization.k8s.io/Role): the object kind policy forbids the kind');
  });

  it('refuses a kind the allowed list leaves out; forbidden wins over allowed', () => {
    expect(refusal(() => run([configMap, role], { allowed: [{ group: '', kind: 'ConfigMap' }], allowCluster: true })).message).toBe(
      'component "web": Role "reader" (rbac.authorization.k8s.io/Role): the kind is not among those the object kind policy allows',
    );
    expect(refusal(() => run([configMap], { allowed: [{ group: '', kind: 'ConfigMap' }], forbidden: [{ group: '', kind: 'ConfigMap' }], allowCluster: true })).message).toBe(
      'component "web": ConfigMap "settings" (core/ConfigMap): the object kind policy forbids the kind',
    );
  });

  it('refuses a cluster-scoped kind, and a kind of unknown scope, where cluster-scoped objects are not allowed', () => {
    expect(run([configMap, role], {}).objects).toHaveLength(2);
    expect(refusal(() => run([clusterRole], {})).message).toBe(
      'component "web": ClusterRole "reader" (rbac.authorization.k8s.io/ClusterRole): the kind is cluster-scoped, and the object kind policy does not allow cluster-scoped objects',
    );
    expect(refusal(() => run([widget], {})).message).toBe(
      `component "web": Widget "w" (example.com/Widget): the build does not know the kind's scope (it is neither a built-in kind nor one kure registers), so it is taken as cluster-scoped, which the object kind policy does not allow; a namespace the object states does not make it namespaced`,
    );
    expect(run([widget, clusterRole], { allowCluster: true }).objects).toHaveLength(2);
  });

  it('reads a list envelope by its members, not as an object of its own', () => {
    const list = { apiVersion: 'v1', kind: 'List', items: [configMap, { apiVersion: 'v1', kind: 'List', items: [clusterRole] }] };
    expect(refusal(() => run([list], {})).message).toContain('ClusterRole "reader" (rbac.authorization.k8s.io/ClusterRole): the kind is cluster-scoped');
    expect(run([{ apiVersion: 'v1', kind: 'List', items: [configMap] }], {}).objects).toHaveLength(1);
  });

  it('checks nothing for a policy that does not implement it', () => {
    expect(run([clusterRole, widget], undefined).objects).toHaveLength(2);
  });

  it('fails the transform on an entry with no kind', () => {
    const error = refusal(() => run([configMap], { forbidden: [{ group: 'apps', kind: '' }] }));
    expect(error.message).toBe('invalid ObjectKindPolicy.ForbiddenObjectKinds()[0] ".apps": no kind; "*" matches every kind of the group');
  });
});
