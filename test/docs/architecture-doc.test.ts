import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations
import { RULES } from '../../scripts/check-boundaries.mjs';
import { repo } from '../e2e/support.js';

// docs/architecture.md is the house plan: it stands alone, and its arrows are the ones the
// boundary check refuses.

const doc = readFileSync(join(repo, 'docs/architecture.md'), 'utf8');

describe('docs/architecture.md', () => {
  it('gives, for each room the boundary check knows, why its arrows are refused', () => {
    const arrows = doc.slice(doc.indexOf('## Arrows that must never exist'));
    expect(arrows.length).toBeLessThan(doc.length);
    for (const rule of RULES as Array<{ why: string }>) expect(arrows, rule.why).toContain(rule.why.split(':')[0]);
  });

  it('cites no file the repository does not hold', () => {
    const cited = [...doc.matchAll(/`([\w./-]+\.(?:md|ts|mjs|json))`/g)].map((match) => match[1]).filter((path) => path.includes('/') || /^[A-Z]/.test(path));
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter((path) => !existsSync(join(repo, path)) && !existsSync(join(repo, 'docs', path)))).toEqual([]);
  });
});
