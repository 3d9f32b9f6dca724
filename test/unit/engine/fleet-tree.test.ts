import { describe, expect, it } from 'vitest';
import { isKurelError, type KurelError } from '../../../src/engine/index.js';
import { composeTree, type TreeContribution, type TreeOwner } from '../../../src/engine/layout/fleet-tree.js';
import { kustomizationFileText } from '../../../src/engine/layout/layout-files.js';

// The composition of a tree of several owners, pure: what each owner keeps, what the shared index
// files list, and every refusal, before the host writes anything.

const index = (files: string[], children: string[] = []) => ({ files, children });

/** One bundle `name` in its own folder, its Kustomization in `flux-system/`, the top listing `flux-system`. */
function bundle(owner: TreeOwner, name: string, objects = ['a.yaml']): TreeContribution {
  const indexes = new Map([
    ['kustomization.yaml', index([], ['flux-system'])],
    ['flux-system/kustomization.yaml', index([`flux-system-kustomization-${name}.yaml`])],
    [`${name}/kustomization.yaml`, index(objects)],
  ]);
  const files = new Map<string, string>([[`flux-system/flux-system-kustomization-${name}.yaml`, `cr ${name}\n`], ...objects.map((file): [string, string] => [`${name}/${file}`, `${name} ${file}\n`])]);
  for (const [path, entry] of indexes) files.set(path, kustomizationFileText([...entry.files, ...entry.children]));
  return { owner, files, indexes, claims: { folders: [`cluster/${name}`], names: [name] } };
}

const empty = { owners: [], files: new Map<string, string>() };
const messages = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (isKurelError(error)) return (error as KurelError).diagnostics.map((diagnostic) => diagnostic.message);
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('composeTree', () => {
  it('writes one owner exactly as its plan', () => {
    const shop = bundle({ package: 'apps/shop', environment: 'staging' }, 'shop');
    const tree = composeTree(empty, [shop]);
    expect(new Map([...tree.files].sort())).toEqual(new Map([...shop.files].sort()));
    expect(tree.owners[0]).toMatchObject({ package: 'apps/shop', environment: 'staging', files: ['flux-system/flux-system-kustomization-shop.yaml', 'shop/a.yaml'] });
  });

  it('keeps the owners it does not rebuild, without reading their files, and lists every owner in the shared index files', () => {
    const first = composeTree(empty, [bundle({ package: 'b' }, 'web')]);
    // The tree on disk answers whether a file is there, and nothing else.
    const onDisk = { has: (path: string) => first.files.has(path) };
    const second = composeTree({ owners: first.owners, files: onDisk }, [bundle({ package: 'a' }, 'api')]);
    expect(second.kept).toEqual(['flux-system/flux-system-kustomization-web.yaml', 'web/a.yaml']);
    expect(second.files.has('web/a.yaml')).toBe(false);
    expect(second.files.get('api/a.yaml')).toBe('api a.yaml\n');
    expect(second.files.get('flux-system/kustomization.yaml')).toBe(kustomizationFileText(['flux-system-kustomization-api.yaml', 'flux-system-kustomization-web.yaml']));
    expect(second.files.get('kustomization.yaml')).toBe(kustomizationFileText(['flux-system']));
    expect(second.owners.map((owner) => owner.package)).toEqual(['a', 'b']);
    // The same tree whatever the order the owners came in: the kept files are the ones `first` wrote.
    const both = composeTree(empty, [bundle({ package: 'a' }, 'api'), bundle({ package: 'b' }, 'web')]).files;
    expect(new Map([...both].filter(([path]) => !second.kept.includes(path)))).toEqual(second.files);
    expect(second.kept.map((path) => both.get(path))).toEqual(second.kept.map((path) => first.files.get(path)));
  });

  it('removes what a rebuilt owner no longer writes, and an owner taken out', () => {
    const before = composeTree(empty, [bundle({ package: 'a' }, 'api', ['x.yaml', 'y.yaml']), bundle({ package: 'b' }, 'web')]);
    const rebuilt = composeTree({ owners: before.owners, files: before.files }, [bundle({ package: 'a' }, 'api', ['x.yaml'])]);
    expect(rebuilt.removed).toEqual([{ owner: { package: 'a' }, files: ['api/y.yaml'] }]);
    const pruned = composeTree({ owners: rebuilt.owners, files: rebuilt.files }, [], [{ package: 'b' }]);
    expect(pruned.removed).toEqual([{ owner: { package: 'b' }, files: ['flux-system/flux-system-kustomization-web.yaml', 'web/a.yaml', 'web/kustomization.yaml'] }]);
    expect(pruned.files.get('flux-system/kustomization.yaml')).toBe(kustomizationFileText(['flux-system-kustomization-api.yaml']));
  });

  it('refuses one object written by two owners in folders of their own, which two Kustomizations would apply', () => {
    const web = (owner: TreeOwner, name: string): TreeContribution => {
      const share = bundle(owner, name);
      return { ...share, claims: { ...share.claims, objects: ['Deployment shop/web', 'Service shop/web'] } };
    };
    expect(messages(() => composeTree(empty, [web({ package: 'apps/a' }, 'shop-a'), web({ package: 'apps/b' }, 'shop-b')]))).toEqual([
      '2 objects "Deployment shop/web", "Service shop/web" are written by both apps/a and apps/b; rename one of them, or write them into different top folders (-o, --cluster-dir)',
    ]);
    // An owner recorded before objects were claimed claims none, and composes as before.
    const old = composeTree(empty, [bundle({ package: 'apps/a' }, 'shop-a')]);
    const record = { ...old.owners[0], claims: { folders: old.owners[0].claims.folders, names: old.owners[0].claims.names } };
    expect(() => composeTree({ owners: [record], files: old.files }, [web({ package: 'apps/b' }, 'shop-b')])).not.toThrow();
  });

  it('refuses two owners of one name, folder or file, naming both', () => {
    const staging = { package: 'apps/shop', environment: 'staging' };
    expect(messages(() => composeTree(empty, [bundle(staging, 'shop'), bundle({ package: 'apps/shop2', environment: 'staging' }, 'shop')]))).toEqual([
      'Kustomization name "shop" is claimed by both apps/shop (staging) and apps/shop2 (staging); rename one of them, or write them into different top folders (-o, --cluster-dir)',
      'folder "cluster/shop" is claimed by both apps/shop (staging) and apps/shop2 (staging); rename one of them, or write them into different top folders (-o, --cluster-dir)',
      '2 files "flux-system/flux-system-kustomization-shop.yaml", "shop/a.yaml" are written by both apps/shop (staging) and apps/shop2 (staging); rename one of them, or write them into different top folders (-o, --cluster-dir)',
    ]);
    // Under the Argo CD layout the names claimed are the Applications'.
    expect(messages(() => composeTree(empty, [bundle(staging, 'shop'), bundle({ package: 'apps/shop2', environment: 'staging' }, 'shop')], [], 'argocd'))[0]).toBe(
      'Application name "shop" is claimed by both apps/shop (staging) and apps/shop2 (staging); rename one of them, or write them into different top folders (-o, --cluster-dir)',
    );
    // An owner's own file where another keeps an index file.
    const odd = bundle({ package: 'odd' }, 'odd');
    const files = new Map(odd.files).set('flux-system/kustomization.yaml', 'mine\n');
    const indexes = new Map(odd.indexes);
    indexes.delete('flux-system/kustomization.yaml');
    expect(messages(() => composeTree(empty, [bundle({ package: 'a' }, 'api'), { ...odd, files, indexes }]))[0]).toBe(
      'file "flux-system/kustomization.yaml" is written by both a and odd; rename one of them, or write them into different top folders (-o, --cluster-dir)',
    );
  });

  it('refuses to take out an owner the tree does not hold, and a kept owner whose file is gone', () => {
    const tree = composeTree(empty, [bundle({ package: 'a' }, 'api')]);
    expect(messages(() => composeTree({ owners: tree.owners, files: tree.files }, [], [{ package: 'z', environment: 'prod' }]))).toEqual(['z (prod): the tree holds no files of it (it holds: a)']);
    const files = new Map(tree.files);
    files.delete('api/a.yaml');
    expect(messages(() => composeTree({ owners: tree.owners, files }, [bundle({ package: 'b' }, 'web')]))).toEqual(['api/a.yaml: a file kurel wrote for a is missing; build a again to write it']);
  });
});
