import { describe, expect, it } from 'vitest';
import { appliedMembers, appliedObjects } from '../../../src/engine/ownership/list-envelopes.js';

const configMap = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });

describe('objects read as Flux applies them', () => {
  it('reads an object that is no envelope as itself', () => {
    expect(appliedMembers(configMap('a'))).toEqual([configMap('a')]);
  });

  it('expands a kind ending in List recursively, and another envelope one level', () => {
    const inner = { apiVersion: 'v1', kind: 'ConfigMapList', items: [configMap('b')] };
    const envelope = { apiVersion: 'example.com/v1', kind: 'Bundle', items: [configMap('c'), { kind: 'Bundle', items: [configMap('d')] }] };
    const list = { apiVersion: 'v1', kind: 'List', items: [configMap('a'), inner, envelope] };
    expect(appliedMembers(list)).toEqual([configMap('a'), configMap('b'), configMap('c'), { kind: 'Bundle', items: [configMap('d')] }]);
  });

  it('reads a List whose items is null as nothing', () => {
    expect(appliedMembers({ apiVersion: 'v1', kind: 'List', items: null })).toEqual([]);
  });

  it('hands items that are no objects to the reader, or leaves them out', () => {
    const list = { apiVersion: 'v1', kind: 'List', items: [configMap('a'), 'text'] };
    expect(appliedMembers(list)).toEqual([configMap('a'), 'text']);
    expect(appliedObjects(list)).toEqual([configMap('a')]);
  });
});
