import { afterEach, describe, expect, it, vi } from 'vitest';
import { Alias, isAlias, parseDocument, visit } from 'yaml';
import { aliasTargets, linkAliases, resolveAliasesFrom } from '../../../src/plugin-api/kit/index.js';
import { parseSource } from '../../../src/engine/yaml/source.js';
import { errorOf } from '../../support/thrown.js';

// Which node each alias stands for, found in one walk of the document, and handed to the library's
// conversion so that it does not look through the document again for each alias.

afterEach(() => vi.restoreAllMocks());

/** How many nodes the library's resolve was handed to look through, at each call from now on (the whole document's anchors and aliases where none were). */
function spySearches(): number[] {
  const searched: number[] = [];
  const original = Alias.prototype.resolve;
  vi.spyOn(Alias.prototype, 'resolve').mockImplementation(function (this: Alias, ...args: Parameters<Alias['resolve']>) {
    searched.push(args[1]?.aliasResolveCache?.length ?? Number.POSITIVE_INFINITY);
    return original.apply(this, args);
  });
  return searched;
}

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

  it('hands the library, for each alias it resolves, only the node it stands for to look through', () => {
    const document = parseDocument(text);
    resolveAliasesFrom(aliasTargets(document));
    const searched = spySearches();
    document.toJS({ maxAliasCount: -1 });
    expect(searched).toEqual([1, 1, 1, 1]);
  });

  it('counts aliases against a limit as the library does, and still refuses too many', () => {
    const bomb = `a: &a [x, x]\n${Array.from({ length: 6 }, (_, level) => `${String.fromCharCode(98 + level)}: &${String.fromCharCode(98 + level)} [${`*${String.fromCharCode(97 + level)}, `.repeat(10)}x]`).join('\n')}\n`;
    const library = errorOf(() => parseDocument(bomb).toJS({ maxAliasCount: 100 }));
    expect(library).toMatch(/Excessive alias count/);
    const document = parseDocument(bomb);
    resolveAliasesFrom(aliasTargets(document));
    const searched = spySearches();
    expect(errorOf(() => document.toJS({ maxAliasCount: 100 }))).toBe(library);
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((nodes) => nodes === 1)).toBe(true);
    // Within the limit, the same value as the library's.
    const within = parseDocument(text);
    linkAliases(within);
    expect(within.toJS({ maxAliasCount: 100 })).toEqual(parseDocument(text).toJS({ maxAliasCount: 100 }));
  });

  it('answers the aliases of every file the library reads', () => {
    // An anchor named twice in a document is the library's to read.
    const [document] = parseSource({ file: 'app.yaml', text: 'a: &x 1\nb: *x\nc: &x [2]\nd: [*x, *x]\n' });
    const searched = spySearches();
    expect(document.toJS()).toEqual({ a: 1, b: 1, c: [2], d: [[2], [2]] });
    expect(searched).toEqual([1, 1, 1]);
  });
});
