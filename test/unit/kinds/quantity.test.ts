import { describe, expect, it } from 'vitest';
import { canonicalQuantity } from '../../../src/plugin-api/kit/policy-checks/quantity.js';

describe('canonicalQuantity', () => {
  it('prints quantities as resource.Quantity does', () => {
    const cases: Array<[string | number, string]> = [
      ['1Gi', '1Gi'],
      ['1024Mi', '1Gi'],
      ['1536Mi', '1536Mi'],
      ['0.5Gi', '512Mi'],
      ['512', '512'],
      ['1000', '1k'],
      ['1500', '1500'],
      ['1000m', '1'],
      ['0.5', '500m'],
      [0.5, '500m'],
      [2, '2'],
      ['1e3', '1e3'],
      ['1.5e3', '1500'],
      ['100Ki', '100Ki'],
      ['1023Ki', '1023Ki'],
      ['0', '0'],
      ['0Gi', '0'],
      ['-1Gi', '-1Gi'],
      ['0.0000000001', '1n'],
    ];
    for (const [input, printed] of cases) expect([input, canonicalQuantity(input)]).toEqual([input, printed]);
  });

  it('refuses what is no quantity', () => {
    for (const input of ['', 'ten', '1GB', '1 Gi', '1.2.3']) expect(canonicalQuantity(input)).toBeUndefined();
  });
});
