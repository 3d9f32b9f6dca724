import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KurelError } from '../../../src/plugin-api/diagnostics.js';
import { OWNED_FOLDER_MANIFEST, readOwnedFolder, writeOwnedFolder } from '../../../src/host/output/owned-folder.js';
import { prepareLayoutTreeWrite, writeLayoutTree } from '../../../src/host/output/write-layout-tree.js';
import { sha256Hex } from '../../../src/host/files/sha256.js';

// The host's side of a tree of several owners: it reads the tree and its owner records, and
// writes what the engine composed, with the records, in one replacement of the top folder.

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kurel-layout-tree-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const contribution = (pkg: string, name: string) => ({
  owner: { package: pkg },
  files: new Map([[`${name}/object.yaml`, `${name}\n`], [`${name}/kustomization.yaml`, 'ignored: rebuilt from the index\n']]),
  indexes: new Map([[`${name}/kustomization.yaml`, { files: ['object.yaml'], children: [] }], ['kustomization.yaml', { files: [], children: [name] }]]),
  claims: { folders: [`top/${name}`], names: [name] },
});

describe('writeLayoutTree', () => {
  it('records each owner, and keeps one owner when another is written', () => {
    writeLayoutTree(root, { top: 'top', layout: 'argocd', contributions: [contribution('b', 'web')] });
    const { removed } = writeLayoutTree(root, { top: 'top', layout: 'argocd', contributions: [contribution('a', 'api')] });
    expect(removed).toEqual([]);
    const { files, owners } = readOwnedFolder(join(root, 'top'), 'argocd-layout');
    expect([...files.keys()]).toEqual(['api/kustomization.yaml', 'api/object.yaml', 'kustomization.yaml', 'web/kustomization.yaml', 'web/object.yaml']);
    expect(files.get('kustomization.yaml')).toBe('apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - api\n  - web\n');
    expect((owners as Array<{ package: string }>).map((owner) => owner.package)).toEqual(['a', 'b']);
  });

  it('replaces a tree written with no owner records, as one build replaced it', () => {
    writeOwnedFolder(join(root, 'top'), new Map([['old/object.yaml', 'old\n']]), { kind: 'argocd-layout' });
    writeLayoutTree(root, { top: 'top', layout: 'argocd', contributions: [contribution('a', 'api')] });
    expect([...readOwnedFolder(join(root, 'top'), 'argocd-layout').files.keys()]).toEqual(['api/kustomization.yaml', 'api/object.yaml', 'kustomization.yaml']);
  });

  it('refuses owner records kurel did not write, and writes nothing', () => {
    writeLayoutTree(root, { top: 'top', layout: 'argocd', contributions: [contribution('a', 'api')] });
    const manifestFile = join(root, 'top', OWNED_FOLDER_MANIFEST);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest.owners[0].files = 'api/object.yaml';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    let error: unknown;
    try {
      writeLayoutTree(root, { top: 'top', layout: 'argocd', contributions: [contribution('b', 'web')] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(KurelError);
    expect((error as KurelError).message).toMatch(/^refusing to write output folder ".*top": its owner record \{"package":"a".* is not one kurel wrote; remove the folder yourself$/);
    expect(readFileSync(manifestFile, 'utf8')).toBe(JSON.stringify(manifest));
  });

  it('keeps the files of the owners it does not write as they are, and copies them when the tree is staged whole', () => {
    const others = ['c', 'd', 'e', 'f', 'g', 'h'].map((name) => contribution(name, `${name}x`));
    writeLayoutTree(root, { top: 'top', layout: 'argocd', contributions: [contribution('b', 'web'), ...others] });
    const kept = join(root, 'top/web/object.yaml');
    const { ino } = statSync(kept);
    // One owner added: its files go in place beside the kept ones, which are not written.
    writeLayoutTree(root, { top: 'top', layout: 'argocd', contributions: [contribution('a', 'api')] });
    expect(statSync(kept).ino).toBe(ino);
    // Most of the tree rewritten: it is staged whole, the kept file copied into it.
    const rewritten = others.map((entry) => ({ ...entry, files: new Map([...entry.files].map(([path, text]) => [path, `${text}v2\n`])) }));
    writeLayoutTree(root, { top: 'top', layout: 'argocd', contributions: rewritten });
    expect(statSync(kept).ino).not.toBe(ino);
    const { files } = readOwnedFolder(join(root, 'top'), 'argocd-layout');
    expect(files.get('web/object.yaml')).toBe('web\n');
    expect(files.get('cx/object.yaml')).toBe('cx\nv2\n');
    expect(files.size).toBe(17);
  });

  it('refuses a tree whose manifest changed since the owners to keep were chosen, and writes nothing', () => {
    writeLayoutTree(root, { top: 'top', layout: 'argocd', contributions: [contribution('b', 'web')] });
    const manifestFile = join(root, 'top', OWNED_FOLDER_MANIFEST);
    const seen = sha256Hex(readFileSync(manifestFile, 'utf8'));
    expect(() => prepareLayoutTreeWrite(root, { top: 'top', layout: 'argocd', contributions: [contribution('a', 'api')], keptFrom: seen }).commit()).not.toThrow();
    const now = readFileSync(manifestFile, 'utf8');
    expect(() => prepareLayoutTreeWrite(root, { top: 'top', layout: 'argocd', contributions: [contribution('c', 'cli')], keptFrom: seen })).toThrow(
      /^output folder ".*top" changed while its packages were built \(another kurel writing into it\?\); nothing was written: build again$/,
    );
    expect(readFileSync(manifestFile, 'utf8')).toBe(now);
  });
});
