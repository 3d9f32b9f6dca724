import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  componentLabelValue,
  isDns1035Label,
  isDns1123Label,
  isDns1123Subdomain,
  shortenName,
  shortenNameWithSuffix,
} from '../../../src/plugin-api/kit/index.js';

const digest10 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

describe('shortenName', () => {
  it('returns a name within the limit unchanged', () => {
    expect(shortenName('web', 63)).toBe('web');
    expect(shortenName('a'.repeat(253), 253)).toBe('a'.repeat(253));
  });

  it('keeps limit-11 characters, a dash and the first 10 hex of the SHA-256 of the whole name', () => {
    const name = 'x'.repeat(300);
    const short = shortenName(name, 253);
    expect(short).toBe(`${'x'.repeat(242)}-${digest10(name)}`);
    expect(short).toHaveLength(253);
  });

  it('trims trailing dashes and dots from the kept prefix', () => {
    const name = `${'a'.repeat(50)}-.-${'b'.repeat(20)}`;
    expect(shortenName(name, 63)).toBe(`${'a'.repeat(50)}-${digest10(name)}`);
  });

  it('is the digest alone when trimming leaves no prefix', () => {
    const name = `${'-'.repeat(60)}abcdefgh`;
    expect(shortenName(name, 63)).toBe(digest10(name));
  });
});

describe('shortenNameWithSuffix', () => {
  it('keeps the suffix whole and shortens the name to what the suffix leaves, digesting the name', () => {
    const name = 'w'.repeat(252);
    const short = shortenNameWithSuffix(name, '-hpa', 253);
    expect(short).toBe(`${'w'.repeat(238)}-${digest10(name)}-hpa`);
    expect(short).toHaveLength(253);
  });

  it('appends the suffix to a name that fits', () => {
    expect(shortenNameWithSuffix('web', '-pdb', 253)).toBe('web-pdb');
  });

  it('shortens name+suffix whole when the suffix leaves fewer than 10 characters', () => {
    const suffix = `-${'s'.repeat(15)}`;
    const short = shortenNameWithSuffix('n'.repeat(30), suffix, 20);
    expect(short).toBe(shortenName(`${'n'.repeat(30)}${suffix}`, 20));
    expect(short.length).toBeLessThanOrEqual(20);
  });
});

describe('componentLabelValue', () => {
  it('keeps a name of 63 characters', () => {
    const name = 'c'.repeat(63);
    expect(componentLabelValue(name)).toBe(name);
  });

  it('projects a longer name to 52 characters, a dash and 10 hex', () => {
    const name = 'c'.repeat(64);
    const value = componentLabelValue(name);
    expect(value).toBe(`${'c'.repeat(52)}-${digest10(name)}`);
    expect(value).toHaveLength(63);
    expect(value).toMatch(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/);
  });

  it('tells apart two long names sharing their first 52 characters', () => {
    const base = 'shop-'.repeat(12);
    expect(componentLabelValue(`${base}frontend`)).not.toBe(componentLabelValue(`${base}backend`));
  });
});

describe('DNS name helpers', () => {
  it('checks DNS-1123 labels', () => {
    for (const valid of ['a', 'web', 'web-1', '1web', 'a'.repeat(63)]) expect(isDns1123Label(valid)).toBe(true);
    for (const invalid of ['', 'Web', 'team.prod', '-web', 'web-', 'web_1', 'a'.repeat(64)]) expect(isDns1123Label(invalid)).toBe(false);
  });

  it('checks DNS-1123 subdomains', () => {
    for (const valid of ['shop', 'shop.example.com', 'a-1.b-2', `${'a'.repeat(63)}.${'b'.repeat(189)}`]) expect(isDns1123Subdomain(valid)).toBe(true);
    for (const invalid of ['', 'Shop', 'shop..x', '.shop', 'shop.', 'shop_x', 'a'.repeat(254)]) expect(isDns1123Subdomain(invalid)).toBe(false);
  });

  it('checks DNS-1035 labels: no leading digit', () => {
    expect(isDns1035Label('web')).toBe(true);
    expect(isDns1035Label('1web')).toBe(false);
    expect(isDns1035Label('web.x')).toBe(false);
    expect(isDns1035Label('a'.repeat(64))).toBe(false);
  });
});
