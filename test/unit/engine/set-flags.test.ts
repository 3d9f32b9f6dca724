import { describe, expect, it } from 'vitest';
import { applySetFlag, FlagText, setFilePaths, typedValue, type SetFlagName } from '../../../src/engine/documents/set-flags.js';
import { firstDiagnostic } from './support.js';

// Cases follow helm's pkg/strvals parser tests, read below a parameter (`p.`) so that Helm's
// typing applies; a parameter's own value is kept as text for its declared type to read.

function parsed(entry: string, flag: SetFlagName = '--set', into: Record<string, unknown> = {}, files: Record<string, string> = {}) {
  applySetFlag(flag, entry, into, { readFile: (path) => files[path] });
  return into;
}

function refused(entry: string, flag: SetFlagName = '--set', into: Record<string, unknown> = {}) {
  return firstDiagnostic(() => parsed(entry, flag, into));
}

describe('--set paths, as Helm reads them', () => {
  it('types values below a parameter as Helm does', () => {
    expect(parsed('p.a=null,p.f=false,p.t=TRUE,p.zero=0,p.n=1234567890,p.lead=00009,p.neg=-5,p.text=one two')).toEqual({
      p: { a: null, f: false, t: true, zero: 0, n: 1234567890, lead: '00009', neg: -5, text: 'one two' },
    });
    expect(typedValue('1.5')).toBe('1.5');
    expect(typedValue('')).toBe('');
    expect(typedValue('99999999999999999999')).toBe('99999999999999999999');
  });

  it('keeps a parameter\'s own value as text, for its declared type', () => {
    const own = parsed('tag=010,name=null').tag as FlagText;
    expect(own).toBeInstanceOf(FlagText);
    expect(own.text).toBe('010');
    expect((parsed('name=null').name as FlagText).text).toBe('null');
  });

  it('nests maps and merges into what is there', () => {
    const into = { res: { requests: { memory: '1Gi', cpu: '100m' }, limits: { cpu: 1 } } };
    expect(parsed('res.requests.cpu=200m', '--set', into)).toEqual({ res: { requests: { memory: '1Gi', cpu: '200m' }, limits: { cpu: 1 } } });
  });

  it('reads escaped commas, dots and equals signs', () => {
    expect(parsed('p.a=one\\,two,p.b=three\\=four')).toEqual({ p: { a: 'one,two', b: 'three=four' } });
    expect(parsed('ann.example\\.com/team=shop')).toEqual({ ann: { 'example.com/team': 'shop' } });
  });

  it('reads {a,b} lists, typed', () => {
    expect(parsed('p.names={a,b},p.ports={1021,902}')).toEqual({ p: { names: ['a', 'b'], ports: [1021, 902] } });
    expect(parsed('list={a,b}').list).toEqual(['a', 'b']);
  });

  it('grows lists to an index, filling with null', () => {
    expect(parsed('env[0].name=A,env[0].value=1,env[2].name=C')).toEqual({ env: [{ name: 'A', value: 1 }, null, { name: 'C' }] });
    expect(parsed('nested[1][1]=1')).toEqual({ nested: [null, [null, 1]] });
    expect(parsed('list[1]=b', '--set', { list: ['a'] })).toEqual({ list: ['a', 'b'] });
  });

  it('replaces a list item that is not a map when a key is set in it, as Helm does', () => {
    expect(parsed('l[0]=x,l[0].a=1')).toEqual({ l: [{ a: 1 }] });
  });

  it('ignores an empty entry and a trailing comma', () => {
    expect(parsed('')).toEqual({});
    expect(parsed('p.a=1,')).toEqual({ p: { a: 1 } });
  });

  it('returns the top-level keys it set', () => {
    expect(applySetFlag('--set', 'a.b=1,c[0]=2,d=3', {})).toEqual(['a', 'c', 'd']);
  });
});

describe('--set refusals, positioned in the flag', () => {
  const cases: Array<[string, string]> = [
    ['name1', 'column 1: key "name1" has no value (expected name1=value)'],
    ['a=1,,b=2', 'column 5: key "" has no value (expected =value)'],
    ['p.a', 'column 3: key "p.a" has no value (expected p.a=value)'],
    ['p.=x', 'column 3: a key is empty after "p." (a "." or "=" inside a key is written \\. or \\=)'],
    ['list[x]=1', 'column 6: the index of "list[x]" is not a whole number'],
    ['list[-1]=1', 'column 6: the index of "list[-1]" is negative'],
    ['list[65537]=1', 'column 6: the index of "list[65537]" is over the largest Helm takes, 65536'],
    ['list[0', 'column 5: "list[" has no closing "]"'],
    ['list[0]', 'column 8: key "list[0]" has no value (expected list[0]=value)'],
    ['illegal[0]name.foo=bar', 'column 11: unexpected "name" after illegal[0]: expected "=", "." or "["'],
    ['p.l={1,2', 'column 5: the list given to "p.l" has no closing "}"'],
    ['p.l={1,2}x', 'column 10: unexpected text after the list given to "p.l": separate pairs with ","'],
    [`${'a.'.repeat(31)}a=1`, 'column 62: "a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a" is nested deeper than 30 levels'],
  ];
  for (const [entry, message] of cases) {
    it(`refuses ${entry.length > 20 ? `${entry.slice(0, 20)}…` : entry}`, () => {
      const diagnostic = refused(entry);
      expect(diagnostic.message).toBe(message);
      expect(diagnostic.path).toBe(`--set ${entry}`);
      expect(diagnostic.code).toBe('KUREL_FLAG');
    });
  }

  it('refuses a path through a value that is not a map or a list', () => {
    expect(refused('res.cpu=1', '--set', { res: 'big' }).message).toBe('column 4: "res" holds a string, not a map, so "res.…" cannot be set');
    expect(refused('res[0]=1', '--set', { res: { a: 1 } }).message).toBe('column 4: "res" holds a map, not a list, so "res[…]" cannot be set');
  });
});

describe('--set-string, --set-json and --set-file', () => {
  it('keeps every --set-string value a string', () => {
    expect(parsed('p.a=true,p.b=5,p.c=null,p.l={1,x}', '--set-string')).toEqual({ p: { a: 'true', b: '5', c: 'null', l: ['1', 'x'] } });
  });

  it('reads JSON values, an empty one as null', () => {
    expect(parsed('res={"requests":{"cpu":"1"}},list=[1,"a,b"],n=3,s="x",e=', '--set-json')).toEqual({
      res: { requests: { cpu: '1' } },
      list: [1, 'a,b'],
      n: 3,
      s: 'x',
      e: null,
    });
    expect(parsed('env[1]={"name":"B"}', '--set-json')).toEqual({ env: [null, { name: 'B' }] });
  });

  it('merges a whole JSON object over the values', () => {
    expect(parsed('{"res":{"limits":{"cpu":"2"}},"n":1}', '--set-json', { res: { requests: { cpu: '1' } } })).toEqual({ res: { requests: { cpu: '1' }, limits: { cpu: '2' } }, n: 1 });
  });

  it('refuses JSON that does not parse, and a whole value that is no object', () => {
    expect(refused('a={"x":}', '--set-json').message).toMatch(/^column 3: the value of "a" is not valid JSON \(\{"x":\}\): /);
    expect(refused('a=1 2', '--set-json').message).toBe('column 5: unexpected text after the JSON value of "a": separate pairs with ","');
    expect(refused('{"a":', '--set-json').message).toMatch(/^not valid JSON: /);
    expect(refused('[1]', '--set-json').message).toBe('column 1: a key is empty (a "." or "=" inside a key is written \\. or \\=)');
  });

  it('reads each file --set-file names, as text', () => {
    expect(parsed('script=run.sh,p.conf=app.conf', '--set-file', {}, { 'run.sh': '#!/bin/sh\n', 'app.conf': 'a=1' })).toMatchObject({ p: { conf: 'a=1' } });
    expect(setFilePaths('a=one.txt,b.c=two\\,x.txt,d={x.txt,y.txt}')).toEqual(['one.txt', 'two,x.txt', 'x.txt', 'y.txt']);
  });

  it('refuses a --set-file pair that names no file', () => {
    expect(refused('a=', '--set-file').message).toBe('column 3: "a" names no file');
  });
});
