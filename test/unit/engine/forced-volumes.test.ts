import { describe, expect, it } from 'vitest';
import { warnForcedVolumes } from '../../../src/engine/delivery/forced-volumes.js';
import type { GeneratedObject } from '../../../src/engine/stages/generate.js';
import type { K8sObject } from '../../../src/plugin-api/index.js';

const claim = (name: string, metadata: Record<string, unknown> = {}): K8sObject => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'shop', ...metadata } });
const entry = (object: K8sObject, forceReplace = false, producer = 'component "db"'): GeneratedObject => ({
  object,
  producer,
  component: 'db',
  source: { application: 0, name: 'db' },
  ...(forceReplace ? { forceReplace } : {}),
});
const warnings = (generated: GeneratedObject[]) => {
  const out: string[] = [];
  warnForcedVolumes(generated, (message) => out.push(message));
  return out;
};

describe('forced-volume warnings', () => {
  it('names the annotation and the intent, in that order', () => {
    expect(warnings([entry(claim('data', { annotations: { 'kustomize.toolkit.fluxcd.io/force': 'enabled' } }), true)])).toEqual([
      'PersistentVolumeClaim shop/data (component "db") is force-applied (kustomize.toolkit.fluxcd.io/force: enabled; its application sets the force-replace delivery intent): when an update changes an immutable field, Flux deletes and recreates it instead of failing the apply, which can lose its data',
    ]);
  });

  it('warns conditionally when the intent is the only reason', () => {
    expect(warnings([entry(claim('data'), true)])).toEqual([
      "PersistentVolumeClaim shop/data (component \"db\") is covered by the force-replace delivery intent of its application: where the delivery workflow maps that intent (kure's Flux layout integration writes kustomize.toolkit.fluxcd.io/force: enabled), an update that changes an immutable field deletes and recreates it instead of failing the apply, which can lose its data",
    ]);
  });

  it('matches the force key as a label too, with enabled in any case, and reads list members by their own metadata', () => {
    const pv: K8sObject = { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'disk', labels: { 'kustomize.toolkit.fluxcd.io/force': 'Enabled' } } };
    const list = { apiVersion: 'v1', kind: 'List', metadata: { name: '' }, items: [pv, claim('other')] } as unknown as K8sObject;
    expect(warnings([entry(list)])).toEqual([expect.stringMatching(/^PersistentVolume disk \(component "db"\) is force-applied \(kustomize\.toolkit\.fluxcd\.io\/force: enabled\)/)]);
  });

  it('warns once per object, naming its first producer, and not at all about an unforced claim or another kind', () => {
    const generated = [entry(claim('data'), false, 'component "a"'), entry(claim('data'), true, 'component "b"'), entry(claim('plain')), entry({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } }, true)];
    expect(warnings(generated)).toEqual([expect.stringMatching(/^PersistentVolumeClaim shop\/data \(component "a"\) is covered by/)]);
  });
});
