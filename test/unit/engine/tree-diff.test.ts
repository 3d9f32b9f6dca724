import { describe, expect, it } from 'vitest';
import { diffTrees } from '../../../src/engine/tree-diff.js';

const map = (name: string, value: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  namespace: shop\ndata:\n  x: "${value}"\n`;
const kustomization = (...resources: string[]) => `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n${resources.map((name) => `  - ${name}\n`).join('')}`;

describe('diffTrees', () => {
  it('finds equal trees the same', () => {
    const tree = new Map([['cluster/a.yaml', map('a', '1')]]);
    expect(diffTrees(tree, new Map(tree))).toEqual({ same: true, files: [] });
  });

  it('lists added, removed and changed files in path order, objects by object and other files as text', () => {
    const before = new Map([
      ['cluster/kustomization.yaml', kustomization('a.yaml', 'gone.yaml')],
      ['cluster/gone.yaml', map('gone', '1')],
      ['cluster/a.yaml', map('a', '1')],
    ]);
    const after = new Map([
      ['cluster/a.yaml', map('a', '2')],
      ['cluster/kustomization.yaml', kustomization('a.yaml', 'new.yaml')],
      ['cluster/new.yaml', map('new', '1')],
    ]);
    const result = diffTrees(before, after);
    expect(result.same).toBe(false);
    expect(result.files.map(({ path, status }) => `${status} ${path}`)).toEqual(['changed cluster/a.yaml', 'removed cluster/gone.yaml', 'changed cluster/kustomization.yaml', 'added cluster/new.yaml']);
    const [a, gone, kustomize, added] = result.files;
    expect(a.patch).toBeUndefined();
    expect(a.objects!.map(({ object, status }) => `${status} ${object}`)).toEqual(['changed ConfigMap/shop/a']);
    expect(a.objects![0].patch).toMatch(/^--- a\/cluster\/a\.yaml\tConfigMap\/shop\/a\n\+\+\+ b\/cluster\/a\.yaml\tConfigMap\/shop\/a\n/);
    expect(gone.patch).toMatch(/^--- a\/cluster\/gone\.yaml\n\+\+\+ \/dev\/null\n/);
    expect(kustomize.objects).toBeUndefined();
    expect(kustomize.patch).toContain('\n-  - gone.yaml\n+  - new.yaml\n');
    expect(added.patch).toMatch(/^--- \/dev\/null\n\+\+\+ b\/cluster\/new\.yaml\n/);
  });

  it('shows as text a file whose objects are the same but written otherwise, and names objects that moved in a file', () => {
    const reordered = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  namespace: shop\n  name: a\ndata:\n  x: "1"\n`;
    const keys = diffTrees(new Map([['a.yaml', map('a', '1')]]), new Map([['a.yaml', reordered]]));
    expect(keys.files[0].objects).toBeUndefined();
    expect(keys.files[0].patch).toContain('+  name: a\n');
    const moved = diffTrees(new Map([['both.yaml', `${map('a', '1')}---\n${map('b', '1')}`]]), new Map([['both.yaml', `${map('b', '1')}---\n${map('a', '1')}`]]));
    expect(moved.files).toEqual([{ path: 'both.yaml', status: 'changed', objects: [], moved: ['ConfigMap/shop/b: position 2 -> 1', 'ConfigMap/shop/a: position 1 -> 2'] }]);
  });
});
