import { describe, expect, it } from 'vitest';
import { NameAllocator } from '../../../src/engine/naming/name-allocator.js';

describe('NameAllocator', () => {
  it('builds <base>-<suffix>, shortened to 253 characters', () => {
    const namer = new NameAllocator().namer('default', 'component "web" (type "x")');
    expect(namer.name('web', 'data')).toBe('web-data');
    const long = namer.name('a'.repeat(260), 'data');
    expect(long).toHaveLength(253);
    expect(long).toMatch(/^a{242}-[0-9a-f]{10}$/);
  });

  it('refuses every repeat claim, naming both claimants or the round', () => {
    const allocator = new NameAllocator();
    allocator.namer('default', 'component "a"').reserve('shared');
    expect(() => allocator.namer('default', 'component "b"').reserve('shared')).toThrow('lowering: generated name "shared" collides — already used by component "a", also wanted by component "b"');
    const same = allocator.namer('default', 'component "c"', 0);
    same.name('c', 'x');
    expect(() => same.name('c', 'x')).toThrow('lowering: generated name "c-x" collides — component "c" already used it for a different emitted element in the same lowering round');
    expect(() => allocator.namer('default', 'component "c"', 1).name('c', 'x')).toThrow('lowering: generated name "c-x" collides — component "c" already used it in an earlier lowering round');
  });

  it('scopes claims by namespace', () => {
    const allocator = new NameAllocator();
    allocator.namer('team-a', 'component "a"').reserve('db');
    expect(allocator.namer('team-b', 'component "a"').reserve('db')).toBe('db');
  });

  it('refuses a name that is not a DNS-1123 subdomain', () => {
    expect(() => new NameAllocator().namer('default', 'x').reserve('Bad_Name')).toThrow('lowering: generated name "Bad_Name" is not a valid DNS-1123 subdomain');
  });

  it('adopts an element claimed with the same identity in the same document, and only then', () => {
    const allocator = new NameAllocator();
    const first = allocator.namer('default', 'component "a"', 0, 'shop');
    const second = allocator.namer('default', 'component "b"', 0, 'shop');
    expect(first.nameOrAdopt('shop', 'source', 'url=https://charts.example.com')).toEqual({ name: 'shop-source', adopted: false });
    expect(second.nameOrAdopt('shop', 'source', 'url=https://charts.example.com')).toEqual({ name: 'shop-source', adopted: true });
    const other = () => second.emitOrAdopt('shop-source', 'url=https://secret.example.com/?token=abc');
    expect(other).toThrow(/collides — component "a" claimed it for identity sha256:[0-9a-f]{12}, component "b" for identity sha256:[0-9a-f]{12}/);
    expect(other).not.toThrow(/token=abc/);
    expect(() => allocator.namer('default', 'component "z"', 0, 'other').emitOrAdopt('shop-source', 'url=https://charts.example.com')).toThrow('claimed it in another document');
    expect(() => second.emitOrAdopt('x', '')).toThrow('empty identity');
    first.reserve('held');
    expect(() => second.emitOrAdopt('held', 'id')).toThrow('collides — already used by component "a", also wanted by component "b"');
  });
});
