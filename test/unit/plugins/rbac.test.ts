import { describe, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';
import { rbac } from '../../../plugins/builtin-traits/rbac.js';
import { deploymentObject, meta, serviceAccountObject } from './isolated-fixtures.js';

// The built-ins' kinds say where their pod templates are, as the registry would.
const tester = new HandlerTester({ plugins: SOURCE_BUILTINS });
const rules = [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] }];
const withAccount = { name: 'api', type: 'deployment', objects: [deploymentObject('api', { pod: { serviceAccountName: 'api-sa' } })], answers: { serviceAccountName: 'api-sa' } };
const subjects = (name: string) => [{ kind: 'ServiceAccount', name, namespace: 'default' }];

describe('rbac trait', () => {
  it('binds a Role to the ServiceAccount the component answers, named after the component', () => {
    tester.runTrait(rbac, [
      {
        component: withAccount,
        properties: { rules },
        componentObjects: withAccount.objects,
        objects: [
          { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: meta('api'), rules },
          {
            apiVersion: 'rbac.authorization.k8s.io/v1',
            kind: 'RoleBinding',
            metadata: meta('api'),
            roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'api' },
            subjects: subjects('api-sa'),
          },
        ],
      },
    ]);
  });

  it('grants cluster-wide under one authored name, with the core group when apiGroups is absent', () => {
    const clusterMeta = { name: 'reader', labels: { app: 'api' } };
    tester.runTrait(rbac, [
      {
        component: withAccount,
        properties: { rules: [{ resources: ['nodes'], verbs: ['get'] }], clusterWide: true, name: 'reader' },
        objects: [
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

  it('finds the subject on a ServiceAccount object, on the pods, or falls back to the component name without pods', () => {
    const binding = (account: string) => ({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: meta('api'),
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'api' },
      subjects: subjects(account),
    });
    const role = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: meta('api'), rules };
    tester.runTrait(rbac, [
      { title: 'account object', component: { name: 'api', type: 'serviceaccount', objects: [serviceAccountObject('robot')] }, properties: { rules }, objects: [role, binding('robot')] },
      { title: 'pod', component: { name: 'api', type: 'deployment', objects: [deploymentObject('api', { pod: { serviceAccountName: 'runner' } })] }, properties: { rules }, objects: [role, binding('runner')] },
      { title: 'no pods', component: { name: 'api', type: 'configmap', objects: [] }, properties: { rules }, objects: [role, binding('api')] },
    ]);
  });

  it('refuses pods with no ServiceAccount, empty rules, open rule objects and bad names', () => {
    tester.runTrait(rbac, [
      {
        title: 'no account',
        component: { name: 'api', type: 'deployment', objects: [deploymentObject('api')] },
        properties: { rules },
        error: { message: 'rbac: component "api" runs pods with no ServiceAccount name; set serviceAccountName so the rules have a subject' },
      },
      { title: 'no rules', component: withAccount, properties: { rules: [] }, error: { message: 'rules: at least one rule is required', path: ['rules'] } },
      { title: 'rules required', component: withAccount, properties: {}, error: { message: /rules/ } },
      { title: 'no verbs', component: withAccount, properties: { rules: [{ resources: ['pods'], verbs: [] }] }, error: { message: 'rules[0].verbs: at least one entry is required', path: ['rules', 0, 'verbs'] } },
      { title: 'no resources', component: withAccount, properties: { rules: [{ resources: [], verbs: ['get'] }] }, error: { message: 'rules[0].resources: at least one entry is required' } },
      { title: 'closed rule', component: withAccount, properties: { rules: [{ resources: ['pods'], verbs: ['get'], nonResourceURLs: ['/x'] }] }, error: { message: /unsupported field "nonResourceURLs"/ } },
      { title: 'name', component: withAccount, properties: { rules, name: 'Reader_Role' }, error: { message: /^name "Reader_Role" cannot be the name for role "rbac": not a valid DNS-1123 subdomain: .*; write a valid name, or leave the property out for the default "api"$/, path: ['name'] } },
    ]);
  });
});
