import { describe, expect, it } from 'vitest';
import { canonicalQuantity } from '../../../src/plugin-api/kit/policy-checks/quantity.js';

describe('Kubernetes quantities', () => {
  it('writes quantities back in the canonical form Quantity prints', () => {
    const cases: Array<[string | number, string]> = [
      ['500m', '500m'],
      ['1Gi', '1Gi'],
      ['1024Mi', '1Gi'],
      ['1536Mi', '1536Mi'],
      ['1.5Gi', '1536Mi'],
      ['0.5', '500m'],
      ['1000m', '1'],
      ['1000', '1k'],
      ['1500', '1500'],
      ['2000M', '2G'],
      ['512Ki', '512Ki'],
      ['0.5Ki', '512'],
      ['1e3', '1e3'],
      ['1.5e3', '1500'],
      ['0', '0'],
      ['0.1m', '100u'],
      ['-1Gi', '-1Gi'],
      [1, '1'],
      [0.25, '250m'],
      [2048, '2048'],
      [1073741824, '1073741824'],
    ];
    for (const [input, expected] of cases) expect(canonicalQuantity(input), String(input)).toBe(expected);
  });

  it('rounds finer than a nano unit up, as Quantity does', () => {
    expect(canonicalQuantity('0.1n')).toBe('1n');
  });

  it('refuses what Kubernetes does not read as a quantity', () => {
    for (const text of ['', 'abc', '1GB', '1.2.3', '.', 'Gi', '1 Gi']) expect(canonicalQuantity(text), text).toBeUndefined();
  });
});
