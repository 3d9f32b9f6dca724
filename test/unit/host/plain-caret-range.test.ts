import satisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';
import { describe, expect, it } from 'vitest';
import { plainCaretIncludes } from '../../../src/host/plugins/plain-caret-range.js';

const releases = (parts: number[]) => parts.flatMap((a) => parts.flatMap((b) => parts.map((c) => `${a}.${b}.${c}`)));

describe('plainCaretIncludes', () => {
  it('answers as semver does for every caret on a plain release of major 1 or more', () => {
    const versions = releases([0, 1, 2, 3, 10]);
    let answered = 0;
    for (const version of versions) {
      for (const target of versions) {
        const range = `^${target}`;
        const included = plainCaretIncludes(version, range);
        if (target.startsWith('0.')) continue;
        expect(included, `${version} in ${range}`).toBe(satisfies(version, range));
        answered++;
      }
    }
    expect(answered).toBe(125 * 100);
  });

  it('answers for the largest parts semver accepts', () => {
    const big = '999999999999999';
    expect(plainCaretIncludes(`${big}.0.0`, `^${big}.0.0`)).toBe(true);
    expect(satisfies(`${big}.0.0`, `^${big}.0.0`)).toBe(true);
    expect(plainCaretIncludes(`1.${big}.0`, `^1.${big}.1`)).toBe(false);
    expect(satisfies(`1.${big}.0`, `^1.${big}.1`)).toBe(false);
  });

  it('leaves every other range and version to semver', () => {
    const others = [
      '^0.1.0', '^0.0.1', '^1.0.0-beta.1', '^1.0.0+build', '^1.0', '^1', '^1.x', '^ 1.0.0', ' ^1.0.0', '^1.0.0 ',
      '^01.0.0', '^1.00.0', '>=1.0.0', '~1.0.0', '1.0.0', '^1.0.0 || ^2.0.0', '^1.0.0 <1.5.0', '*', '',
      '^1234567890123456.0.0', 'latest', '^1.0.0\n',
    ];
    for (const range of others) expect(plainCaretIncludes('1.1.0', range), range).toBeUndefined();
    expect(plainCaretIncludes('1.1.0-rc.1', '^1.0.0')).toBeUndefined();
    expect(plainCaretIncludes('v1.1.0', '^1.0.0')).toBeUndefined();
  });

  it('answers only for ranges semver takes to be valid', () => {
    for (const range of ['^1.0.0', '^1.1.0', '^2.3.4', '^999999999999999.0.0']) {
      expect(plainCaretIncludes('1.1.0', range)).not.toBeUndefined();
      expect(validRange(range), range).not.toBeNull();
    }
  });
});
