import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KurelError } from '../../../src/plugin-api/diagnostics.js';
import { OWNED_FOLDER_MANIFEST, writeOwnedFolder } from '../../../src/host/output/owned-folder.js';

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
});
