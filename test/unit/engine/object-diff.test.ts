import { describe, expect, it } from 'vitest';
import { diffObjects } from '../../../src/engine/object-diff.js';
import type { K8sObject } from '../../../src/plugin-api/index.js';

const map = (name: string, data: Record<string, string>, namespace = 'shop'): K8sObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data });
const labels = { before: 'old', after: 'new' };

describe('diffObjects', () => {
  it('finds two sets the same whatever their key order', () => {
    const a = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'shop', name: 'a' }, data: { y: '2', x: '1' } } as K8sObject;
    expect(diffObjects([a], [map('a', { x: '1', y: '2' })], labels)).toEqual({ changes: [], moved: [], same: true });
  });

  it('gives a unified diff per changed, added and removed object', () => {
    const result = diffObjects([map('a', { x: '1' }), map('gone', {})], [map('a', { x: '2' }), map('new', {})], labels);
    expect(result.same).toBe(false);
    expect(result.changes.map(({ object, status }) => `${status} ${object}`)).toEqual(['changed ConfigMap/shop/a', 'removed ConfigMap/shop/gone', 'added ConfigMap/shop/new']);
    const patches = result.changes.map((change) => change.patch);
    expect(patches[0]).toMatch(/^--- old\/ConfigMap\/shop\/a\n\+\+\+ new\/ConfigMap\/shop\/a\n@@ .* @@\n/);
    expect(patches[0]).toContain('\n-  x: "1"\n+  x: "2"\n');
    expect(patches[1]).toMatch(/^--- old\/ConfigMap\/shop\/gone\n\+\+\+ \/dev\/null\n/);
    expect(patches[2]).toMatch(/^--- \/dev\/null\n\+\+\+ new\/ConfigMap\/shop\/new\n/);
  });

  it('names a file and puts the object in the header when the labels are files', () => {
    const result = diffObjects([map('a', { x: '1' })], [map('a', { x: '2' })], { before: 'a/web.yaml', after: 'b/web.yaml', file: true });
    expect(result.changes[0].patch).toMatch(/^--- a\/web\.yaml\tConfigMap\/shop\/a\n\+\+\+ b\/web\.yaml\tConfigMap\/shop\/a\n@@ /);
  });

  it('reports an object that only changed place, in the stream or in namespace, as moved', () => {
    const order = diffObjects([map('a', {}), map('b', {})], [map('b', {}), map('a', {})], labels);
    expect(order.changes).toEqual([]);
    expect(order.moved).toEqual(['ConfigMap/shop/b: position 2 -> 1', 'ConfigMap/shop/a: position 1 -> 2']);
    const namespace = diffObjects([map('a', { x: '1' })], [map('a', { x: '1' }, 'store')], labels);
    expect(namespace).toEqual({ changes: [], moved: ['ConfigMap/shop/a -> ConfigMap/store/a'], same: false });
  });

  it('does not count an addition as moving what follows it', () => {
    expect(diffObjects([map('a', {}), map('b', {})], [map('new', {}), map('a', {}), map('b', {})], labels).moved).toEqual([]);
  });
});
