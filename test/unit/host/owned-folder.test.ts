import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KurelError } from '../../../src/plugin-api/diagnostics.js';
import { OWNED_FOLDER_MANIFEST, prepareOwnedFolderWrite, writeOwnedFolder } from '../../../src/host/output/owned-folder.js';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kurel-owned-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function refusal(fn: () => unknown): KurelError {
  try {
    fn();
  } catch (error) {
    if (error instanceof KurelError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Every entry below `dir` with the content of each file, hidden ones included. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name).slice(dir.length + 1);
    out[path] = entry.isFile() ? readFileSync(join(dir, path), 'utf8') : entry.isDirectory() ? '<dir>' : '<link>';
  }
  return out;
}

const schemaFiles = new Map([
  ['components/webservice.schema.json', '{"a":1}\n'],
  ['application.schema.json', '{}\n'],
]);

describe('writeOwnedFolder', () => {
  it('writes into a missing folder, with a manifest listing what it wrote', () => {
    const dir = join(root, 'deep', 'schemas');
    const result = writeOwnedFolder(dir, schemaFiles, { kind: 'schemas' });
    expect(result).toEqual({ written: 2, replaced: false });
    expect(readFileSync(join(dir, 'components/webservice.schema.json'), 'utf8')).toBe('{"a":1}\n');
    const manifest = JSON.parse(readFileSync(join(dir, OWNED_FOLDER_MANIFEST), 'utf8'));
    expect(manifest.kind).toBe('schemas');
    expect(Object.keys(manifest.files)).toEqual(['application.schema.json', 'components/webservice.schema.json']);
    expect(readdirSync(join(root, 'deep'))).toEqual(['schemas']);
  });

  it('writes into an empty folder', () => {
    const dir = join(root, 'empty');
    mkdirSync(dir);
    writeOwnedFolder(dir, schemaFiles, { kind: 'schemas' });
    expect(Object.keys(snapshot(dir)).sort()).toEqual([OWNED_FOLDER_MANIFEST, 'application.schema.json', 'components', 'components/webservice.schema.json']);
  });

  it('replaces a previous output of the same kind whole, leaving no file of the old set and no staging folder', () => {
    const dir = join(root, 'schemas');
    writeOwnedFolder(dir, new Map([['traits/old.schema.json', 'old\n'], ['application.schema.json', 'old\n']]), { kind: 'schemas' });
    const result = writeOwnedFolder(dir, schemaFiles, { kind: 'schemas' });
    expect(result.replaced).toBe(true);
    expect(existsSync(join(dir, 'traits'))).toBe(false);
    expect(readFileSync(join(dir, 'application.schema.json'), 'utf8')).toBe('{}\n');
    expect(readdirSync(root)).toEqual(['schemas']);
  });

  /** A tree of many files: a few changes to it are made in place. */
  const manyFiles = () => new Map(Array.from({ length: 40 }, (_, at) => [`apps/app-${String(at).padStart(2, '0')}/deployment.yaml`, `kind: Deployment # ${at}\n`]));
  const inode = (file: string) => statSync(file).ino;

  it('updates a few changed files of a large previous output in place: the others stay the very files they were', () => {
    const dir = join(root, 'tree');
    writeOwnedFolder(dir, manyFiles(), { kind: 'flux-layout' });
    const untouched = join(dir, 'apps/app-01/deployment.yaml');
    const before = inode(untouched);
    const next = manyFiles();
    next.set('apps/app-00/deployment.yaml', 'kind: Deployment # changed\n');
    next.delete('apps/app-02/deployment.yaml');
    next.set('apps/app-99/new/service.yaml', 'kind: Service\n');
    expect(writeOwnedFolder(dir, next, { kind: 'flux-layout' })).toEqual({ written: 40, replaced: true });
    expect(inode(untouched)).toBe(before);
    expect(readFileSync(join(dir, 'apps/app-00/deployment.yaml'), 'utf8')).toBe('kind: Deployment # changed\n');
    expect(readFileSync(join(dir, 'apps/app-99/new/service.yaml'), 'utf8')).toBe('kind: Service\n');
    // The folder the removed file emptied goes with it.
    expect(existsSync(join(dir, 'apps/app-02'))).toBe(false);
    expect(Object.keys(JSON.parse(readFileSync(join(dir, OWNED_FOLDER_MANIFEST), 'utf8')).files)).toEqual([...next.keys()].sort());
    expect(readdirSync(root)).toEqual(['tree']);
    // The folder as updated is one kurel wrote: the next write takes it.
    expect(writeOwnedFolder(dir, manyFiles(), { kind: 'flux-layout' }).replaced).toBe(true);
    expect(snapshot(dir)).toEqual((writeOwnedFolder(join(root, 'fresh'), manyFiles(), { kind: 'flux-layout' }), snapshot(join(root, 'fresh'))));
  });

  it('turns a file into a folder and a folder into a file in place', () => {
    const dir = join(root, 'tree');
    const before = manyFiles();
    before.set('extra/file.yaml', 'was a file\n');
    before.set('nested/deep/only.yaml', 'in a folder\n');
    writeOwnedFolder(dir, before, { kind: 'flux-layout' });
    const after = manyFiles();
    after.set('extra/file.yaml/now-below.yaml', 'below what was a file\n');
    after.set('nested', 'a file where a folder was\n');
    writeOwnedFolder(dir, after, { kind: 'flux-layout' });
    expect(readFileSync(join(dir, 'extra/file.yaml/now-below.yaml'), 'utf8')).toBe('below what was a file\n');
    expect(readFileSync(join(dir, 'nested'), 'utf8')).toBe('a file where a folder was\n');
    expect(snapshot(dir)).toEqual((writeOwnedFolder(join(root, 'fresh'), after, { kind: 'flux-layout' }), snapshot(join(root, 'fresh'))));
  });

  it('writes nothing where the new output equals the previous one', () => {
    const dir = join(root, 'tree');
    writeOwnedFolder(dir, manyFiles(), { kind: 'flux-layout' });
    const manifest = statSync(join(dir, OWNED_FOLDER_MANIFEST));
    writeOwnedFolder(dir, manyFiles(), { kind: 'flux-layout' });
    const after = statSync(join(dir, OWNED_FOLDER_MANIFEST));
    expect([after.ino, after.mtimeMs]).toEqual([manifest.ino, manifest.mtimeMs]);
  });

  it('undoes every step of an in-place update that fails, leaving the previous output as it was', () => {
    const dir = join(root, 'tree');
    writeOwnedFolder(dir, manyFiles(), { kind: 'flux-layout' });
    const before = snapshot(dir);
    // A file and a folder of the same name: the second rename fails after the first was made.
    const clash = manyFiles();
    clash.set('apps/app-00/deployment.yaml', 'kind: Deployment # changed\n');
    clash.delete('apps/app-05/deployment.yaml');
    // Folders made for a new file before the failure go too.
    clash.set('apps/app-77/new/deep/file.yaml', 'kind: ConfigMap\n');
    clash.set('extra', 'file\n');
    clash.set('extra/below.yaml', 'below a file\n');
    const error = refusal(() => writeOwnedFolder(dir, clash, { kind: 'flux-layout' }));
    expect(error.code).toBe('KUREL_OUTPUT');
    expect(error.diagnostics[0].message).toMatch(/^writing output folder ".*tree": /);
    expect(snapshot(dir)).toEqual(before);
    expect(readdirSync(root)).toEqual(['tree']);
  });

  it('refuses a folder holding files kurel did not write (the working folder of `schemas -o .`), and every file survives', () => {
    writeFileSync(join(root, 'app.yaml'), 'kind: Application\n');
    writeFileSync(join(root, 'README.md'), '# mine\n');
    const before = snapshot(root);
    const error = refusal(() => writeOwnedFolder(root, schemaFiles, { kind: 'schemas' }));
    expect(error.code).toBe('KUREL_OUTPUT');
    expect(error.message).toContain('it holds files kurel did not write (README.md, app.yaml)');
    expect(snapshot(root)).toEqual(before);
    expect(readdirSync(join(root, '..')).filter((name) => name.includes('kurel-staging'))).toEqual([]);
  });

  it('refuses a previous output where a file was added since, and keeps it', () => {
    const dir = join(root, 'keep');
    writeOwnedFolder(dir, schemaFiles, { kind: 'schemas' });
    writeFileSync(join(dir, 'components', 'notes.txt'), 'mine\n');
    const before = snapshot(dir);
    const error = refusal(() => writeOwnedFolder(dir, schemaFiles, { kind: 'schemas' }));
    expect(error.message).toContain('it holds files kurel did not write (components/notes.txt)');
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses a previous output where a file kurel wrote was edited since', () => {
    const dir = join(root, 'edited');
    writeOwnedFolder(dir, schemaFiles, { kind: 'schemas' });
    writeFileSync(join(dir, 'application.schema.json'), '{"mine":true}\n');
    const error = refusal(() => writeOwnedFolder(dir, schemaFiles, { kind: 'schemas' }));
    expect(error.message).toContain('files kurel wrote were changed since (application.schema.json)');
    expect(readFileSync(join(dir, 'application.schema.json'), 'utf8')).toBe('{"mine":true}\n');
  });

  it("refuses another kind's output", () => {
    const dir = join(root, 'clusters');
    writeOwnedFolder(dir, new Map([['kustomization.yaml', 'x\n']]), { kind: 'flux-layout' });
    const before = snapshot(dir);
    const error = refusal(() => writeOwnedFolder(dir, schemaFiles, { kind: 'schemas' }));
    expect(error.message).toContain(`it holds kurel's "flux-layout" output, not "schemas"`);
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses a manifest kurel did not write', () => {
    const dir = join(root, 'forged');
    mkdirSync(dir);
    writeFileSync(join(dir, OWNED_FOLDER_MANIFEST), 'not json');
    writeFileSync(join(dir, 'data.txt'), 'keep\n');
    const error = refusal(() => writeOwnedFolder(dir, schemaFiles, { kind: 'schemas' }));
    expect(error.message).toContain(`its ${OWNED_FOLDER_MANIFEST} is not one kurel wrote`);
    expect(readFileSync(join(dir, 'data.txt'), 'utf8')).toBe('keep\n');
  });

  it('never writes through a symbolic link: the folder itself, or a link inside a previous output', () => {
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(root, 'linked'));
    const error = refusal(() => writeOwnedFolder(join(root, 'linked'), schemaFiles, { kind: 'schemas' }));
    expect(error.message).toContain('it is a symbolic link');
    expect(readdirSync(elsewhere)).toEqual([]);

    const dir = join(root, 'owned');
    writeOwnedFolder(dir, schemaFiles, { kind: 'schemas' });
    rmSync(join(dir, 'application.schema.json'));
    writeFileSync(join(elsewhere, 'target.json'), 'outside\n');
    symlinkSync(join(elsewhere, 'target.json'), join(dir, 'application.schema.json'));
    expect(refusal(() => writeOwnedFolder(dir, schemaFiles, { kind: 'schemas' })).message).toContain('application.schema.json');
    expect(readFileSync(join(elsewhere, 'target.json'), 'utf8')).toBe('outside\n');
  });

  it('never writes outside the folder: absolute paths, `..` and the manifest name are refused before anything is written', () => {
    for (const path of ['../escape.json', '/etc/escape.json', 'a/../../escape.json', 'a//b', './a', OWNED_FOLDER_MANIFEST, '']) {
      const error = refusal(() => writeOwnedFolder(join(root, 'out'), new Map([[path, 'x']]), { kind: 'schemas' }));
      expect(error.code).toBe('KUREL_OUTPUT');
    }
    expect(readdirSync(root)).toEqual([]);
  });

  it('leaves the previous output untouched when writing the new one fails', () => {
    const dir = join(root, 'schemas');
    writeOwnedFolder(dir, schemaFiles, { kind: 'schemas' });
    const before = snapshot(dir);
    // A file and a folder of the same name cannot both be written: the staging write fails.
    const clash = new Map([['a', 'file\n'], ['a/b.json', 'below a file\n']]);
    const error = refusal(() => writeOwnedFolder(dir, clash, { kind: 'schemas' }));
    expect(error.code).toBe('KUREL_OUTPUT');
    // Told of the folder the staging one was to become: its name is kurel's own.
    expect(error.diagnostics[0].message).toBe(`writing output folder "${dir}": "${join(dir, 'a')}": file already exists`);
    expect(snapshot(dir)).toEqual(before);
    expect(readdirSync(root)).toEqual(['schemas']);
  });

  it('refuses a folder whose parent is a file, naming the file in the way, and touches nothing', () => {
    const blocker = join(root, 'out');
    writeFileSync(blocker, 'a file\n');
    const error = refusal(() => writeOwnedFolder(join(blocker, 'cluster'), schemaFiles, { kind: 'flux-layout' }));
    expect(error.code).toBe('KUREL_OUTPUT');
    expect(error.diagnostics[0].message).toBe(`writing output folder "${join(blocker, 'cluster')}": "${blocker}": file already exists`);
    expect(snapshot(root)).toEqual({ out: 'a file\n' });
  });

  it('stages a new output a slice at a time beside the folder, and shows nothing of it until commit', () => {
    const dir = join(root, 'out');
    writeOwnedFolder(dir, schemaFiles, { kind: 'schemas' });
    const before = snapshot(dir);
    const files = new Map([['a.json', '1\n'], ['b/c.json', '2\n'], ['d.json', '3\n']]);
    const pending = prepareOwnedFolderWrite(dir, files, { kind: 'schemas' });
    expect(pending.stage(1)).toBe(true);
    expect(readdirSync(root).filter((name) => name.includes('kurel-staging'))).toHaveLength(1);
    expect(snapshot(dir)).toEqual(before);
    while (pending.stage(1));
    expect(snapshot(dir)).toEqual(before);
    expect(pending.commit()).toEqual({ written: 3, replaced: true });
    expect(readFileSync(join(dir, 'b/c.json'), 'utf8')).toBe('2\n');
    expect(readdirSync(root)).toEqual(['out']);
  });

  it('abandons a staged output: the staging folder goes, the folder stays as it was', () => {
    const dir = join(root, 'out');
    writeOwnedFolder(dir, schemaFiles, { kind: 'schemas' });
    const before = snapshot(dir);
    const pending = prepareOwnedFolderWrite(dir, new Map([['a.json', '1\n'], ['b.json', '2\n']]), { kind: 'schemas' });
    pending.stage(1);
    pending.abandon();
    expect(readdirSync(root)).toEqual(['out']);
    expect(snapshot(dir)).toEqual(before);
  });

  it('makes an in-place update only on commit, and none when abandoned', () => {
    const dir = join(root, 'out');
    const many = new Map(Array.from({ length: 8 }, (_, at) => [`f${at}.json`, `${at}\n`] as [string, string]));
    writeOwnedFolder(dir, many, { kind: 'schemas' });
    const before = snapshot(dir);
    const changed = new Map(many).set('f3.json', 'three\n');
    const abandoned = prepareOwnedFolderWrite(dir, changed, { kind: 'schemas' });
    expect(abandoned.stage()).toBe(false);
    abandoned.abandon();
    expect(snapshot(dir)).toEqual(before);
    prepareOwnedFolderWrite(dir, changed, { kind: 'schemas' }).commit();
    expect(readFileSync(join(dir, 'f3.json'), 'utf8')).toBe('three\n');
  });

  it('keeps files of the previous output as they are, and refuses to keep one it does not hold or writes anew, touching nothing', () => {
    const dir = join(root, 'out');
    const many = new Map(Array.from({ length: 8 }, (_, at) => [`f${at}.json`, `${at}\n`] as [string, string]));
    writeOwnedFolder(dir, many, { kind: 'schemas' });
    const before = snapshot(dir);
    const kept = [...many.keys()].filter((path) => path !== 'f3.json');
    prepareOwnedFolderWrite(dir, new Map([['f3.json', 'three\n']]), { kind: 'schemas', kept }).commit();
    expect(snapshot(dir)).toEqual({ ...before, 'f3.json': 'three\n', [OWNED_FOLDER_MANIFEST]: snapshot(dir)[OWNED_FOLDER_MANIFEST] });
    const after = snapshot(dir);
    expect(() => prepareOwnedFolderWrite(dir, new Map(), { kind: 'schemas', kept: [...kept, 'missing.json'] })).toThrow(/keeping "missing.json" in output folder ".*out": the folder holds no such file of kurel's/);
    expect(() => prepareOwnedFolderWrite(dir, new Map([['f0.json', 'zero\n']]), { kind: 'schemas', kept })).toThrow(/keeping "f0.json" .*or it is written anew too/);
    expect(snapshot(dir)).toEqual(after);
  });
});
