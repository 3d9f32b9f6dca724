import { describe, expect, it } from 'vitest';
import { helmReleaseReads, sourceReads } from '../../../plugins/builtin-kinds/families/flux/common.js';
import { followFluxReads } from '../../../src/engine/delivery/flux-namespace.js';
import type { ComponentHandler, K8sObject } from '../../../src/plugin-api/index.js';

const object = (kind: string, spec: Record<string, unknown>): K8sObject => ({ apiVersion: 'x/v1', kind, metadata: { name: 'a', namespace: 'shop' }, spec });

describe('what Flux objects read by name', () => {
  it("reads a source's Secrets", () => {
    const spec = { secretRef: { name: 'auth' }, certSecretRef: { name: 'tls' }, proxySecretRef: { name: 'proxy' }, verify: { secretRef: { name: 'keys' } }, sts: { secretRef: { name: 'sts' }, certSecretRef: { name: 'sts-tls' } } };
    expect(sourceReads(object('GitRepository', spec)).map((read) => read.name)).toEqual(['auth', 'tls', 'proxy', 'keys', 'sts', 'sts-tls']);
    expect(sourceReads(object('GitRepository', {}))).toEqual([]);
  });

  it("reads a HelmRelease's valuesFrom, kubeConfig and chart verify Secret", () => {
    const spec = {
      valuesFrom: [{ kind: 'ConfigMap', name: 'values' }, { kind: 'Secret', name: 'secret-values' }],
      kubeConfig: { secretRef: { name: 'remote' } },
      chart: { spec: { verify: { secretRef: { name: 'cosign' } } } },
    };
    expect(helmReleaseReads(object('HelmRelease', spec))).toEqual([
      { kind: 'ConfigMap', name: 'values' },
      { kind: 'Secret', name: 'secret-values' },
      { kind: 'Secret', name: 'remote' },
      { kind: 'Secret', name: 'cosign' },
    ]);
  });

  it('moves a sub-application only when kind and name both match a read, and only under a Flux namespace', () => {
    const handler = { object: { scope: 'flux' }, fluxNamespaceReads: sourceReads } as unknown as ComponentHandler;
    const source = object('GitRepository', { secretRef: { name: 'auth' } });
    const secret = { objects: [object('Secret', {})], input: { kind: 'Secret' as const, name: 'auth' } };
    const configMap = { objects: [object('ConfigMap', {})], input: { kind: 'ConfigMap' as const, name: 'auth' } };
    followFluxReads(handler, [source], [secret, configMap], undefined);
    expect(secret.objects[0].metadata.namespace).toBe('shop');
    followFluxReads(handler, [source], [secret, configMap], 'flux-system');
    expect(secret.objects[0].metadata.namespace).toBe('flux-system');
    expect(configMap.objects[0].metadata.namespace).toBe('shop');
  });
});
