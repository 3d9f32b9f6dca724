import { describe, it } from 'vitest';
import { builtinTester } from '../../support/engine.js';
import { carrying, deploymentComponent, deploymentObject, meta } from './fixtures.js';

const tester = builtinTester('traits');
const rules = [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] }];
const withAccount = deploymentComponent('api', { serviceAccountName: 'api-sa' });
const subjects = (name: string) => [{ kind: 'ServiceAccount', name, namespace: 'default' }];
const role = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: meta('api'), rules };
const binding = (account: string) => ({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'RoleBinding',
  metadata: meta('api'),
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'api' },
  subjects: subjects(account),
});
const refused = (message: string) => `component "api" trait "rbac": ${message}`;

describe('rbac trait', () => {
  it('binds a Role to the ServiceAccount the component answers, named after the component', async () => {
    await tester.runTrait('rbac', [
      { component: withAccount, properties: { rules }, objects: [deploymentObject('api', { pod: { serviceAccountName: 'api-sa' } }), role, binding('api-sa')] },
    ]);
  });

  it('grants cluster-wide under one authored name, with the core group when apiGroups is absent', async () => {
    const clusterMeta = { name: 'reader', labels: meta('api').labels };
    await tester.runTrait('rbac', [
      {
        component: withAccount,
        properties: { rules: [{ resources: ['nodes'], verbs: ['get'] }], clusterWide: true, name: 'reader' },
        kinds: ['Deployment', 'ClusterRole', 'ClusterRoleBinding'],
        contains: [
          { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: clusterMeta, rules: [{ apiGroups: [''], resources: ['nodes'], verbs: ['get'] }] },
          {
            apiVersion: 'rbac.authorization.k8s.io/v1',
            kind: 'ClusterRoleBinding',
            metadata: clusterMeta,
            roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'reader' },
            subjects: subjects('api-sa'),
          },
        ],
      },
    ]);
  });

  it('finds the subject on a ServiceAccount object, on the pods, or falls back to the component name without pods', async () => {
    await tester.runTrait('rbac', [
      { title: 'account object', component: { name: 'api', type: 'serviceaccount', properties: { objectName: 'robot' } }, properties: { rules }, names: ['ServiceAccount/robot', 'Role/api', 'RoleBinding/api'], contains: [role, binding('robot')] },
      { title: 'pod', component: carrying('api', deploymentObject('api', { pod: { serviceAccountName: 'runner' } })), properties: { rules }, names: ['Deployment/api', 'Role/api', 'RoleBinding/api'], contains: [role, binding('runner')] },
      { title: 'no pods', component: { name: 'api', type: 'configmap', properties: { data: { a: 'b' } } }, properties: { rules }, names: ['ConfigMap/api', 'Role/api', 'RoleBinding/api'], contains: [role, binding('api')] },
    ]);
  });

  it('refuses pods with no ServiceAccount, empty rules, open rule objects and bad names', async () => {
    await tester.runTrait('rbac', [
      {
        title: 'no account',
        component: deploymentComponent('api'),
        properties: { rules },
        error: { code: 'KUREL_HANDLER_REFUSED', message: refused('rbac: component "api" runs pods with no ServiceAccount name; set serviceAccountName so the rules have a subject') },
      },
      { title: 'no rules', component: withAccount, properties: { rules: [] }, error: { message: refused('rules: at least one rule is required'), property: ['rules'] } },
      { title: 'rules required', component: withAccount, properties: {}, error: { code: 'KUREL_PROPERTY', message: /rules/, property: [] } },
      { title: 'no verbs', component: withAccount, properties: { rules: [{ resources: ['pods'], verbs: [] }] }, error: { message: refused('rules[0].verbs: at least one entry is required'), property: ['rules', 0, 'verbs'] } },
      { title: 'no resources', component: withAccount, properties: { rules: [{ resources: [], verbs: ['get'] }] }, error: { message: refused('rules[0].resources: at least one entry is required') } },
      { title: 'closed rule', component: withAccount, properties: { rules: [{ resources: ['pods'], verbs: ['get'], nonResourceURLs: ['/x'] }] }, error: { code: 'KUREL_PROPERTY', message: /unsupported field "nonResourceURLs"/, property: ['rules', 0, 'nonResourceURLs'] } },
      {
        title: 'name',
        component: withAccount,
        properties: { rules, name: 'Reader_Role' },
        error: { message: /^component "api" trait "rbac": name "Reader_Role" cannot be the name for role "rbac": not a valid DNS-1123 subdomain: .*; write a valid name, or leave the property out for the default "api"$/, property: ['name'] },
      },
    ]);
  });
});
