import { describe, expect, it } from 'vitest';
import { changedObjects, snapshotObjects } from '../../../src/engine/stages/trait-effects.js';
import type { K8sObject } from '../../../src/plugin-api/index.js';

const deployment = (replicas: number): K8sObject => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop' }, spec: { replicas } });
const service: K8sObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'shop' }, spec: {} };

describe('what a trait changed', () => {
  it('is nothing when the objects read the same after it', () => {
    const before = snapshotObjects([deployment(1), service]);
    expect(changedObjects(before, snapshotObjects([deployment(1), service]))).toEqual([]);
  });

  it('names an object edited in place by Kind/name', () => {
    const objects = [deployment(1), service];
    const before = snapshotObjects(objects);
    (objects[0].spec as { replicas: number }).replicas = 3;
    expect(changedObjects(before, snapshotObjects(objects))).toEqual(['Deployment/web']);
  });

  it('names objects added and removed', () => {
    const before = snapshotObjects([deployment(1)]);
    expect(changedObjects(before, snapshotObjects([service]))).toEqual(['Service/web', 'Deployment/web']);
  });
});
