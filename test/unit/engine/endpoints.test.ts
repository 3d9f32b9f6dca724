import { describe, expect, it } from 'vitest';
import { componentEndpoints } from '../../../src/index.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { refusal, registryOf } from './support.js';

// The library answers where each component can be reached (ComponentEndpoints), as its type
// declares it: the postgresql rule and the CloudNativePG kinds under the operator's own labels.

const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);

function endpointsOf(components: string) {
  const text = ['apiVersion: launcher.gokure.dev/v1alpha1', 'kind: Application', 'metadata: {name: shop, namespace: default}', 'spec:', '  components:', components].join('\n');
  return componentEndpoints({ application: { file: 'app.yaml', text }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, registry);
}

describe('componentEndpoints', () => {
  it('answers the postgresql cluster, and its pooler when enabled, on 5432; a type with no endpoints is left out', () => {
    const answers = endpointsOf(
      [
        '    - name: web',
        '      type: webservice',
        '      properties: {image: "nginx:1.27"}',
        '    - name: orders',
        '      type: postgresql',
        '      properties: {pooler: {enabled: true}}',
        '    - name: billing',
        '      type: postgresql',
        '      properties: {pooler: {enabled: true}, poolerName: billing-pgbouncer}',
        '    - name: audit',
        '      type: postgresql',
      ].join('\n'),
    );
    expect(answers).toEqual([
      {
        component: 'orders',
        endpoints: [
          { selector: { 'cnpg.io/cluster': 'orders' }, ports: [{ port: 5432 }] },
          { selector: { 'cnpg.io/poolerName': 'orders-pooler' }, ports: [{ port: 5432 }] },
        ],
      },
      {
        component: 'billing',
        endpoints: [
          { selector: { 'cnpg.io/cluster': 'billing' }, ports: [{ port: 5432 }] },
          { selector: { 'cnpg.io/poolerName': 'billing-pgbouncer' }, ports: [{ port: 5432 }] },
        ],
      },
      { component: 'audit', endpoints: [{ selector: { 'cnpg.io/cluster': 'audit' }, ports: [{ port: 5432 }] }] },
    ]);
  });

  it('answers an authored cnpg-cluster and cnpg-pooler by the name of their object', () => {
    const answers = endpointsOf(
      [
        '    - name: db',
        '      type: cnpg-cluster',
        '      properties: {instances: 1, storage: {size: 1Gi}, objectName: orders-db}',
        '    - name: pgb',
        '      type: cnpg-pooler',
        '      properties: {cluster: {name: orders-db}, pgbouncer: {poolMode: session}}',
      ].join('\n'),
    );
    expect(answers).toEqual([
      { component: 'db', endpoints: [{ selector: { 'cnpg.io/cluster': 'orders-db' }, ports: [{ port: 5432 }] }] },
      { component: 'pgb', endpoints: [{ selector: { 'cnpg.io/poolerName': 'pgb' }, ports: [{ port: 5432 }] }] },
    ]);
  });

  it('refuses an application the build refuses', () => {
    const error = refusal(() => endpointsOf('    - name: db\n      type: postgresql\n      properties: {replicas: "three"}'));
    expect(error.message).toMatch(/replicas/);
  });
});

describe('the postgresql rule endpoints', () => {
  it('select the Cluster by the authored clusterObjectName, which names the Cluster object', () => {
    const answers = endpointsOf(['    - name: orders', '      type: postgresql', '      properties: {clusterObjectName: orders-db}'].join('\n'));
    expect(answers).toEqual([{ component: 'orders', endpoints: [{ selector: { 'cnpg.io/cluster': 'orders-db' }, ports: [{ port: 5432 }] }] }]);
  });
});
