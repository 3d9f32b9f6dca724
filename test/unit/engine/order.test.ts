import { describe, expect, it } from 'vitest';
import { order, orderGroups } from '../../../src/engine/ordering/order.js';
import type { Application } from '../../../src/engine/model.js';
import type { PolicyRendering } from '../../../src/plugin-api/index.js';
import { firstDiagnostic } from './support.js';

function application(name: string, orderAfter: string[] = []): Application {
  const component = {
    name,
    type: 'box',
    properties: {},
    annotations: {},
    traits: [],
    orderAfter,
    origin: { document: 'shop', documentKind: 'Application', namespace: 'default', rule: orderAfter.length ? 'component/helm@v1alpha1' : '' },
    path: [],
    emitted: orderAfter.length > 0,
  };
  return { name, owner: name, labelValue: name, members: [{ component, objects: [] }], subApplications: [] };
}

const TIER = 'launcher.gokure.dev/tier';

function groups(apps: Application[], options: { tiers?: Record<string, string>; policies?: Array<[string, PolicyRendering]> } = {}): string[][] {
  const result = order({
    applications: apps,
    annotatedTiers: new Map(Object.entries(options.tiers ?? {})),
    policyResults: (options.policies ?? []).map(([policy, rendering]) => ({ policy, type: 'x', rendering })),
    tierAnnotation: TIER,
  });
  return result.map((group) => group.map((app) => app.name));
}

describe('order', () => {
  it('keeps a flat application in authored order when nothing is declared', () => {
    expect(groups([application('web'), application('db'), application('cache')])).toEqual([['web', 'db', 'cache']]);
  });

  it('puts a dependency first, its dependents in the next group', () => {
    const apps = [application('web'), application('db'), application('cache')];
    expect(groups(apps, { policies: [['order', { dependencies: [{ component: 'web', dependsOn: ['db'] }] }]] })).toEqual([['db', 'cache'], ['web']]);
  });

  it('orders populated tiers only; one populated tier orders nothing', () => {
    const apps = [application('web'), application('db'), application('cache')];
    expect(groups(apps, { tiers: { web: 'apps', db: 'infra' } })).toEqual([['db', 'cache'], ['web']]);
    expect(groups(apps, { tiers: { web: 'apps' } })).toEqual([['web', 'db', 'cache']]);
  });

  it('lets a placement policy replace the tier annotation', () => {
    const apps = [application('web'), application('db')];
    expect(groups(apps, { tiers: { web: 'infra', db: 'apps' }, policies: [['p', { tiers: { web: 'apps' } }], ['q', { tiers: { db: 'infra' } }]] })).toEqual([['db'], ['web']]);
  });

  it('orders an emitted component after the source its rule named', () => {
    expect(groups([application('release', ['source']), application('source')])).toEqual([['source'], ['release']]);
  });

  it('refuses a dependency cycle from the alphabetically first component with dependencies', () => {
    const rendering = { dependencies: [{ component: 'web', dependsOn: ['db'] }, { component: 'db', dependsOn: ['web'] }] };
    const diagnostic = firstDiagnostic(() => groups([application('web'), application('db')], { policies: [['order', rendering]] }));
    expect(diagnostic.message).toBe('circular dependency detected: db -> web -> db');
  });

  it('refuses declarations that contradict each other, naming each step', () => {
    const diagnostic = firstDiagnostic(() =>
      groups([application('web'), application('db')], {
        policies: [
          ['web-in-apps', { tiers: { web: 'apps' } }],
          ['db-in-infra', { tiers: { db: 'infra' } }],
          ['order', { dependencies: [{ component: 'db', dependsOn: ['web'] }] }],
        ],
      }),
    );
    expect(diagnostic.message).toBe('components cannot be ordered: "web" is after "db" (placement: tier apps is after tier infra), "db" is after "web" (dependency policy)');
  });

  it('refuses two placements of one component in different tiers, and accepts the same tier twice', () => {
    const apps = [application('web'), application('db')];
    const diagnostic = firstDiagnostic(() => groups(apps, { policies: [['p', { tiers: { web: 'apps' } }], ['q', { tiers: { web: 'infra' } }]] }));
    expect(diagnostic.message).toBe('component "web" is placed in tier apps by policy "p" and in tier infra by policy "q"');
    expect(groups(apps, { policies: [['p', { tiers: { web: 'apps' } }], ['q', { tiers: { web: 'apps' } }]] })).toEqual([['web', 'db']]);
  });

  it('refuses a tier annotation that names no tier', () => {
    const diagnostic = firstDiagnostic(() => groups([application('web')], { tiers: { web: 'frontend' } }));
    expect(diagnostic.message).toBe(`component "web": annotation ${TIER}: "frontend" is not a tier (infra, services or apps)`);
  });
});

describe('orderGroups', () => {
  const named = (apps: Application[], options: { tiers?: Record<string, string>; policies?: Array<[string, PolicyRendering]> } = {}) =>
    orderGroups({
      applications: apps,
      annotatedTiers: new Map(Object.entries(options.tiers ?? {})),
      policyResults: (options.policies ?? []).map(([policy, rendering]) => ({ policy, type: 'x', rendering })),
      tierAnnotation: TIER,
      documentName: 'shop',
    }).groups.map((group) => [group.name, group.applications.map((app) => app.name)]);

  it('is flat when nothing is declared: the bundle holds every component and has no group', () => {
    const bundle = orderGroups({ applications: [application('web'), application('db')], annotatedTiers: new Map(), policyResults: [], tierAnnotation: TIER, documentName: 'shop' });
    expect(bundle.applications.map((app) => app.name)).toEqual(['web', 'db']);
    expect(bundle.groups).toEqual([]);
  });

  it('names a group that is exactly one tier after the tier, any other by its position', () => {
    expect(named([application('web'), application('db')], { tiers: { web: 'apps', db: 'infra' } })).toEqual([
      ['shop-infra', ['db']],
      ['shop-apps', ['web']],
    ]);
    expect(named([application('web'), application('db'), application('cache')], { policies: [['order', { dependencies: [{ component: 'web', dependsOn: ['db'] }] }]] })).toEqual([
      ['shop-00', ['db', 'cache']],
      ['shop-01', ['web']],
    ]);
  });
});

describe('OrderAfter refusals', () => {
  it('refuses an order after a component the document does not have, and after itself', () => {
    expect(firstDiagnostic(() => groups([application('release', ['nowhere'])])).message).toBe(
      'component "release": component/helm@v1alpha1 orders it after "nowhere", which is no component of the document',
    );
    expect(firstDiagnostic(() => groups([application('release', ['release'])])).message).toBe('component "release": component/helm@v1alpha1 orders it after itself');
  });
});

describe('a generated source', () => {
  // A source the document owns (owner ''), which the releases are ordered after.
  const source = () => ({ ...application('shop-source-1'), owner: '', generatedSource: true });
  const bundleOf = (apps: Application[], policies: Array<[string, PolicyRendering]> = []) => {
    const bundle = orderGroups({ applications: apps, annotatedTiers: new Map(), policyResults: policies.map(([policy, rendering]) => ({ policy, type: 'x', rendering })), tierAnnotation: TIER, documentName: 'shop' });
    return { applications: bundle.applications.map((app) => app.name), groups: bundle.groups.map((group) => [group.name, group.applications.map((app) => app.name)]) };
  };

  it('stays among the bundle\'s own applications; the edges onto it split no group', () => {
    expect(bundleOf([application('web'), application('cache', ['shop-source-1']), source(), application('db', ['shop-source-1'])])).toEqual({
      applications: ['shop-source-1'],
      groups: [['shop-00', ['web', 'cache', 'db']]],
    });
  });

  it('waits on nothing the components after it wait on', () => {
    expect(bundleOf([application('cache', ['shop-source-1']), source(), application('db', ['shop-source-1'])], [['order', { dependencies: [{ component: 'db', dependsOn: ['cache'] }] }]])).toEqual({
      applications: ['shop-source-1'],
      groups: [
        ['shop-00', ['cache']],
        ['shop-01', ['db']],
      ],
    });
  });

  it('cannot be placed in a tier or made to wait on a component', () => {
    const apps = () => [application('cache', ['shop-source-1']), source()];
    expect(firstDiagnostic(() => bundleOf(apps(), [['p', { tiers: { 'shop-source-1': 'infra' } }]])).message).toBe(
      'policy "p": component "shop-source-1" is a source a lowering rule generated for the document; it belongs to the application bundle and cannot be placed in a tier',
    );
    expect(firstDiagnostic(() => bundleOf(apps(), [['order', { dependencies: [{ component: 'shop-source-1', dependsOn: ['cache'] }] }]])).message).toBe(
      'policy "order": component "shop-source-1" is a source a lowering rule generated for the document; it belongs to the application bundle and cannot wait on a component',
    );
  });
});
