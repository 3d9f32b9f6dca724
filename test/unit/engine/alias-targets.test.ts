import { afterEach, describe, expect, it, vi } from 'vitest';
import { Alias, isAlias, parseDocument, visit } from 'yaml';
import { aliasTargets, resolveAliasesFrom } from '../../../src/engine/alias-targets.js';
import { parseSource } from '../../../src/engine/source.js';

// Which node each alias stands for, found in one walk of the document, and handed to the library's
// conversion so that it does not look through the document again for each alias.

afterEach(() => vi.restoreAllMocks());

describe('aliasTargets', () => {
  it('finds for each alias the last node before it that carries its anchor, as the library does', () => {
    const text = 'a: &x 1\nb: *x\nc: &x [2, *x]\nd: *x\ne: {k: &y v, j: *y}\nf: *later\ng: &later 3\n';
    const document = parseDocument(text);
    const targets = aliasTargets(document);
    const aliases: Alias[] = [];
    visit(document, { Alias: (_key, alias) => void aliases.push(alias) });
    expect(aliases.map((alias) => targets.get(alias))).toEqual(aliases.map((alias) => alias.resolve(document)));
    // b names the first &x; the alias inside the second &x names the node it is in (a node comes
    // before what it holds), which the input limits refuse; d names the second, j the &y before it.
    const offsets = aliases.map((alias) => targets.get(alias)?.range?.[0]);
    expect(offsets).toEqual([text.indexOf('1'), text.indexOf('[2'), text.indexOf('[2'), text.indexOf('v,'), undefined]);
  });

  it('knows no node for an alias whose anchor comes after it', () => {
    const document = parseDocument('a: *x\nb: &x 1\n');
    let alias: unknown;
    visit(document, { Alias: (_key, node) => void (alias = node) });
    expect(isAlias(alias)).toBe(true);
    expect(aliasTargets(document).has(alias as Alias)).toBe(false);
  });
});

describe('resolveAliasesFrom', () => {
  const text = 'a: &x {k: [1]}\nb: *x\nc: &x [2]\nd: [*x, *x]\ne: &s text\nf: *s\n';

  it('converts a document as the library does, a collection shared where an alias names it', () => {
    const document = parseDocument(text);
    const expected = parseDocument(text).toJS({ maxAliasCount: -1 }) as Record<string, unknown>;
    resolveAliasesFrom(aliasTargets(document));
    const value = document.toJS({ maxAliasCount: -1 }) as Record<string, unknown>;
    expect(value).toEqual(expected);
    expect(value.b).toBe(value.a);
    expect((value.d as unknown[])[0]).toBe(value.c);
  });

  it('answers every alias without the library looking through the document', () => {
    const document = parseDocument(text);
    resolveAliasesFrom(aliasTargets(document));
    const libraryResolve = vi.spyOn(Alias.prototype, 'resolve');
    document.toJS({ maxAliasCount: -1 });
    expect(libraryResolve).not.toHaveBeenCalled();
  });

  it('leaves an alias to the library where the conversion counts aliases, which still refuses too many', () => {
    const bomb = `a: &a [x, x]\n${Array.from({ length: 6 }, (_, level) => `${String.fromCharCode(98 + level)}: &${String.fromCharCode(98 + level)} [${`*${String.fromCharCode(97 + level)}, `.repeat(10)}x]`).join('\n')}\n`;
    const document = parseDocument(bomb);
    resolveAliasesFrom(aliasTargets(document));
    const libraryResolve = vi.spyOn(Alias.prototype, 'resolve');
    expect(() => document.toJS({ maxAliasCount: 100 })).toThrow(/Excessive alias count/);
    expect(libraryResolve).toHaveBeenCalled();
  });

  it('answers the aliases of every file the library reads', () => {
    // An anchor named twice in a document is the library's to read.
    const [document] = parseSource({ file: 'app.yaml', text: 'a: &x 1\nb: *x\nc: &x [2]\nd: [*x, *x]\n' });
    const libraryResolve = vi.spyOn(Alias.prototype, 'resolve');
    expect(document.toJS()).toEqual({ a: 1, b: 1, c: [2], d: [[2], [2]] });
    expect(libraryResolve).not.toHaveBeenCalled();
  });
});
