import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { RefusalClass, type Policy } from 'kurel/plugin-api';
import { NOOP_POLICY } from 'kurel/plugin-kit';
import { kinds } from '../../../plugins/builtin-kinds/families/prometheus.js';

const kind = (type: string) => kinds.find((handler) => handler.type === type)!;
const under = (policy: Partial<Policy> = {}) => builtinTester('kinds', { namespace: 'monitoring', policy: { ...NOOP_POLICY, ...policy } });
const claim = (storage: string) => ({ spec: { resources: { requests: { storage } } } });

describe('the Prometheus operator’s workloads under the policy', () => {
  it('hold replicas to the maximum', async () => {
    await under({ maxReplicas: () => 3 }).runComponent(kind('thanosruler').type, [
      { name: 'ruler', properties: { replicas: 4, queryEndpoints: ['dnssrv+_http._tcp.thanos-query'] }, error: { message: 'component "ruler": replicas 4 exceeds enforced maximum 3', property: ['replicas'], refusalClass: RefusalClass.replicaMaximum } },
    ]);
  });

  it('hold the storage claim templates, persistent and ephemeral, to the storage maximum', async () => {
    await under({ maxStorageSize: () => '10Gi' }).runComponent(kind('alertmanager').type, [
      {
        title: 'persistent',
        name: 'main',
        properties: { storage: { volumeClaimTemplate: claim('1Ti') } },
        error: { message: 'component "main": storage.volumeClaimTemplate.spec.resources.requests.storage "1Ti" exceeds enforced maximum "10Gi"', refusalClass: RefusalClass.storageMaximum },
      },
      {
        title: 'ephemeral',
        name: 'main',
        properties: { storage: { ephemeral: { volumeClaimTemplate: claim('1Ti') } } },
        error: { message: 'component "main": storage.ephemeral.volumeClaimTemplate.spec.resources.requests.storage "1Ti" exceeds enforced maximum "10Gi"', refusalClass: RefusalClass.storageMaximum },
      },
    ]);
    expect((await rendered(under({ maxStorageSize: () => '10Gi' }), 'alertmanager', 'main', { storage: { volumeClaimTemplate: claim('10Gi') } })).objects).toHaveLength(1);
  });
});
