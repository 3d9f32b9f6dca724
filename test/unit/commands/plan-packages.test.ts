import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGES_PER_WORKER, planPackages, threadsFor } from '../../../src/commands/support/plan-packages.js';
import type { LayoutTreeFlags } from '../../../src/commands/support/package-plan.js';

// The packages of a fleet planned in this thread (--jobs 1): one outcome per package, in the
// targets' order, each plain data a worker thread could hand back by structured clone.

const fixtures = join(import.meta.dirname, '../../fixtures/fleet');
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kurel-plan-packages-'));
  for (const pkg of ['alpha', 'beta', 'gamma']) cpSync(join(fixtures, pkg), join(dir, pkg), { recursive: true });
  const app = join(dir, 'beta/app.yaml');
  writeFileSync(app, readFileSync(app, 'utf8').replace('type: webservice', 'type: webservise'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const flags: LayoutTreeFlags = { layout: 'flux', format: 'yaml', environment: 'staging', 'cluster-id': 'local', 'strict-capabilities': false };

describe('planPackages in one thread', () => {
  it('plans each package in the targets\' order, a failing one as its positioned diagnostics', async () => {
    const targets = ['gamma', 'beta', 'alpha'].map((pkg) => join(dir, pkg));
    const outcomes = await planPackages(targets.map((target) => ({ target, flags, ownersRelativeTo: join(dir, 'out') })), 1);
    expect(outcomes.map((outcome) => outcome.plan?.owner.package ?? 'failed')).toEqual(['../gamma', 'failed', '../alpha']);
    const [failure] = outcomes[1].failures!;
    expect(failure).toMatchObject({ code: 'KUREL_UNKNOWN_TYPE', file: join(dir, 'beta/app.yaml'), path: 'spec.components[0].type' });
    expect(failure.line).toBeGreaterThan(0);
  });

  it('gives plans that survive a structured clone whole, as a worker hands them back', async () => {
    const [outcome] = await planPackages([{ target: join(dir, 'alpha'), flags, ownersRelativeTo: join(dir, 'out') }], 1);
    const plan = outcome.plan!;
    expect(plan.share?.files.size).toBeGreaterThan(0);
    expect(plan.warnings).toEqual([]);
    expect(structuredClone(plan)).toEqual(plan);
  });
});

describe('threadsFor: the threads a fleet is planned on', () => {
  it('takes --jobs N as given, never more threads than packages', () => {
    expect(threadsFor(3, 2)).toBe(2);
    expect(threadsFor(2, 10)).toBe(2);
    expect(threadsFor(1, 1000)).toBe(1);
  });

  it('without --jobs, starts a worker only for every PACKAGES_PER_WORKER packages, up to the cores', () => {
    expect(threadsFor({ cores: 2 }, 100)).toBe(1);
    expect(threadsFor({ cores: 2 }, PACKAGES_PER_WORKER - 1)).toBe(1);
    expect(threadsFor({ cores: 2 }, PACKAGES_PER_WORKER)).toBe(2);
    expect(threadsFor({ cores: 2 }, 10 * PACKAGES_PER_WORKER)).toBe(2);
    expect(threadsFor({ cores: 8 }, 3 * PACKAGES_PER_WORKER)).toBe(4);
    expect(threadsFor({ cores: 1 }, 0)).toBe(0);
  });
});
