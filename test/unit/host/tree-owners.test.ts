import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTreeOwners, writeTreeOwners } from '../../../src/host/cache/tree-owners.js';

// The record of which plan each owner of a tree was written from: a hint kept in the cache,
// read back only as written for the same folder, and never worth a failed build.

let root: string;
let records: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kurel-tree-owners-'));
  records = join(root, 'trees');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const tree = {
  manifestHash: 'm1',
  owners: new Map([
    ['apps/a\0staging', { key: 'k-a', warnings: [] }],
    ['apps/b\0staging', { key: 'k-b', warnings: [{ severity: 'warning' as const, code: 'KUREL_WARNING' as const, message: 'careful' }] }],
  ]),
};

describe('tree owners record', () => {
  it('reads back what was written for the same folder, and nothing for another', () => {
    writeTreeOwners('/fleet/clusters/staging', tree, records);
    expect(readTreeOwners('/fleet/clusters/staging', records)).toEqual(tree);
    expect(readTreeOwners('/fleet/clusters/prod', records)).toBeUndefined();
    expect(readdirSync(records).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('reads no record of another shape or folder, and drops an owner entry that is not one', () => {
    writeTreeOwners('/fleet/clusters/staging', tree, records);
    const [file] = readdirSync(records).map((name) => join(records, name));
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...stored, format: 'kurel-tree-owners/0' }));
    expect(readTreeOwners('/fleet/clusters/staging', records)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ ...stored, folder: '/elsewhere' }));
    expect(readTreeOwners('/fleet/clusters/staging', records)).toBeUndefined();
    writeFileSync(file, '{"format":');
    expect(readTreeOwners('/fleet/clusters/staging', records)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ ...stored, owners: { ...stored.owners, 'apps/c\0staging': { key: 5, warnings: [] }, 'apps/d\0staging': { key: 'k', warnings: [{ code: 1 }] } } }));
    expect([...readTreeOwners('/fleet/clusters/staging', records)!.owners.keys()]).toEqual(['apps/a\0staging', 'apps/b\0staging']);
  });

  it('writes nothing, and throws nothing, where the record folder cannot be made', () => {
    writeFileSync(join(root, 'file'), '');
    expect(() => writeTreeOwners('/fleet/clusters/staging', tree, join(root, 'file', 'trees'))).not.toThrow();
    expect(readTreeOwners('/fleet/clusters/staging', join(root, 'file', 'trees'))).toBeUndefined();
  });
});
