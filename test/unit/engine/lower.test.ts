import { describe, expect, it } from 'vitest';
import { lower } from '../../../src/engine/stages/lower.js';
import { parseApplication } from '../../../src/engine/stages/parse-application.js';
import type { SealedRegistry } from '../../../src/engine/registry.js';
import { validateAuthored } from '../../../src/engine/stages/validate-authored.js';
import type { ComponentLoweringRule, LoweringResult, PolicyLoweringRule, TraitLoweringRule } from '../../../src/plugin-api/index.js';
import { configMapHandler, firstDiagnostic, plugin, policyHandler, recordingTrait, registryOf, claimsOf, scopeOf, source } from './support.js';

function componentRule(type: string, lowerFn: ComponentLoweringRule['lower'], version?: string): ComponentLoweringRule {
  return { position: 'component', type, description: `${type} rule.`, properties: { value: { type: 'string', description: 'V.' }, port: { type: 'integer', description: 'P.' } }, contract: version ? { version } : undefined, lower: lowerFn };
}

/** A role rule: a same-name pair of box and runner; the authored traits are forwarded to the box, and a built tag goes on the runner. */
const role = componentRule(
  'role',
  ({ component }, ctx) => {
    if (component.properties.port === 0) ctx.fail('port: must not be 0', ['port']);
    return {
      components: [
        { name: component.name, type: 'box', properties: { value: String(component.properties.value ?? '') }, traits: component.traits },
        { name: component.name, type: 'runner', properties: {}, traits: [{ type: 'tag', properties: { flag: 'built' } }] },
      ],
    };
  },
  'v1',
);

/** chain-1 → chain-2 → … → chain-9 → box: one lowering per round. */
const chain = Array.from({ length: 9 }, (_, index) =>
  componentRule(`chain-${index + 1}`, ({ component }) => ({
    components: [{ name: component.name, type: index === 8 ? 'box' : `chain-${index + 2}`, properties: {} }],
  })),
);

const vanish = componentRule('vanish', () => ({}));
const invalid = componentRule('invalid', ({ component }) => ({ components: [{ name: component.name, type: 'box', properties: { nope: 1, count: 'x' } }] }));
const claimer = componentRule('claimer', ({ component }, ctx) => ({
  components: [{ name: ctx.namer.name(component.name, 'data'), type: 'box', properties: {} }, { name: ctx.namer.name(component.name, 'data'), type: 'box', properties: {} }],
}));
const route: TraitLoweringRule = {
  position: 'trait',
  type: 'route',
  description: 'Lowers into a tag and an extra component.',
  properties: { host: { type: 'string', description: 'Host.' } },
  lower: ({ trait, component }): LoweringResult => ({
    traits: [{ type: 'tag', properties: { flag: String(trait.properties.host) } }],
    components: [{ name: `${component.name}-route`, type: 'box', properties: {} }],
  }),
};
const bundle: PolicyLoweringRule = {
  position: 'policy',
  type: 'bundle',
  description: 'Lowers into an order policy and a box.',
  properties: {},
  lower: ({ policy }) => ({ policies: [{ name: `${policy.name}-order`, type: 'order', properties: {} }], components: [{ name: `${policy.name}-box`, type: 'box', properties: {} }] }),
};

/** Emits a `sourced` component the rule orders after `db`. */
const ordered = componentRule('ordered', ({ component }) => ({ components: [{ name: component.name, type: 'sourced', properties: {}, orderAfter: ['db'] }] }));
/** Emits a generated source and a consumer the rule orders after it. */
const sourced = componentRule('sourced', ({ component }) => ({
  components: [
    { name: `${component.name}-source`, type: 'box', properties: {} },
    { name: component.name, type: 'box', properties: {}, orderAfter: [`${component.name}-source`] },
  ],
}));

/** Writes what it reads of the round's components into its box, then scribbles on what it read. */
const siblings = componentRule('siblings', ({ component, document }) => {
  const seen = (document.components ?? []).map((c) => `${c.name}:${c.type}:${String(c.properties.value)}`).join(' ');
  for (const c of document.components ?? []) (c.properties as Record<string, unknown>).value = 'scribbled';
  return { components: [{ name: component.name, type: 'box', properties: { value: seen } }] };
});

const registry: SealedRegistry = registryOf([
  plugin('test', {
    components: [configMapHandler('box'), configMapHandler('runner')],
    traits: [recordingTrait('tag', [])],
    policies: [policyHandler('order')],
    lowering: [role, ...chain, vanish, invalid, claimer, route, bundle, ordered, sourced, siblings],
  }),
]);

function run(components: string, policies = '') {
  const text = `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata:\n  name: shop\nspec:\n  components:\n${components}${policies}`;
  const app = parseApplication(source(text), { registry, extraTraitTypes: [] });
  const authored = validateAuthored(app, 'default', registry, source(text));
  expect(authored.diagnostics).toEqual([]);
  return lower({ components: authored.components, policies: authored.policies, document: { name: 'shop', kind: 'Application', namespace: 'default' } }, registry, scopeOf(), claimsOf('shop'), source(text));
}

const WEB_ROLE = '    - name: web\n      type: role\n      properties: {value: hello}\n      traits:\n        - type: tag\n          properties: {flag: authored}\n';

describe('lower: component rules', () => {
  it('shows the rules of a round its components as it started, in one copy they share', () => {
    const { components } = run('    - name: a\n      type: siblings\n      properties: {value: one}\n    - name: b\n      type: siblings\n      properties: {value: two}\n');
    // The second rule reads the copy the first wrote on.
    expect(components.map((c) => [c.name, c.properties.value])).toEqual([
      ['a', 'a:siblings:one b:siblings:two'],
      ['b', 'a:siblings:scribbled b:siblings:scribbled'],
    ]);
  });

  it('replaces the authored component with a same-name sibling group', () => {
    const { components } = run(WEB_ROLE);
    expect(components.map((c) => [c.name, c.type])).toEqual([
      ['web', 'box'],
      ['web', 'runner'],
    ]);
    expect(components[0].group).toBeDefined();
    expect(components[0].group).toBe(components[1].group);
    expect(components[0].emitted).toBe(true);
  });

  it('records the rule identity with its version on the origin, keeping the authored element', () => {
    const [box] = run(WEB_ROLE).components;
    expect(box.origin).toEqual({ document: 'shop', documentKind: 'Application', namespace: 'default', component: 'web', componentType: 'role', rule: 'component/role@v1' });
    expect(box.path).toEqual(['spec', 'components', 0]);
  });

  it('records each rule application as a step', () => {
    const { steps } = run(WEB_ROLE);
    expect(steps).toEqual([{ rule: 'component/role@v1', position: 'component', round: expect.any(Number), from: 'web', to: ['web', 'web'], component: 'web' }]);
  });

  it('numbers the first round 0, as the reference chain lines do', () => {
    expect(run(WEB_ROLE).steps[0].round).toBe(0);
  });

  it('keeps a forwarded authored trait unsealed and seals a trait the rule built', () => {
    const [box, runner] = run(WEB_ROLE).components;
    expect(box.traits.map((t) => [t.type, t.properties, t.sealed])).toEqual([['tag', { flag: 'authored' }, false]]);
    expect(runner.traits.map((t) => [t.type, t.properties, t.sealed])).toEqual([['tag', { flag: 'built' }, true]]);
  });

  it('gives the order of a lowered component to what a rule emits for it, but not to a generated source', () => {
    const { components } = run('    - name: web\n      type: ordered\n    - name: db\n      type: box\n');
    expect(components.map((c) => [c.name, c.orderAfter])).toEqual([
      ['web-source', []],
      ['web', ['web-source', 'db']],
      ['db', []],
    ]);
  });

  it('leaves components no rule claims untouched, in authored order', () => {
    const { components, steps } = run(`    - name: a\n      type: box\n${WEB_ROLE}    - name: z\n      type: runner\n`);
    expect(components.map((c) => `${c.name}/${c.type}`)).toEqual(['a/box', 'web/box', 'web/runner', 'z/runner']);
    expect(components[0].emitted).toBe(false);
    expect(steps).toHaveLength(1);
  });

  it('places a rule refusal at the authored property, naming the lowered element', () => {
    const diagnostic = firstDiagnostic(() => run('    - name: web\n      type: role\n      properties: {port: 0}\n'));
    expect(diagnostic.code).toBe('KUREL_LOWERING');
    expect(diagnostic.message).toBe('lowering component "web" (type "role") in document "shop" (kind "Application"): port: must not be 0');
    expect(diagnostic.path).toBe('spec.components[0].properties.port');
  });

  it('refuses a rule that emits nothing', () => {
    const diagnostic = firstDiagnostic(() => run('    - name: web\n      type: vanish\n'));
    expect(diagnostic.message).toContain('lowering component "web" (type "vanish") in document "shop" (kind "Application"): ');
    expect(diagnostic.message).toContain('component/vanish emitted nothing');
  });

  it('validates each emitted element against its target schema', () => {
    const diagnostic = firstDiagnostic(() => run('    - name: web\n      type: invalid\n'));
    expect(diagnostic.message).toContain('lowering rule component/invalid emitted component "web" (type "box"): properties');
    expect(diagnostic.message).toMatch(/unsupported field "nope" \(allowed: count, value\)|count: expected a whole number, got a string/);
  });

  it('refuses a generated name claimed twice', () => {
    expect(firstDiagnostic(() => run('    - name: web\n      type: claimer\n')).message).toContain('"web-data"');
  });
});

describe('lower: the round bound', () => {
  it('allows 8 expansion rounds', () => {
    const { components, steps } = run('    - name: web\n      type: chain-2\n');
    expect(components.map((c) => c.type)).toEqual(['box']);
    expect(steps.map((step) => step.rule)).toEqual(['chain-2', 'chain-3', 'chain-4', 'chain-5', 'chain-6', 'chain-7', 'chain-8', 'chain-9'].map((t) => `component/${t}`));
    expect(new Set(steps.map((step) => step.round)).size).toBe(8);
  });

  it('refuses a 9th expansion with the depth error and the chain of steps', () => {
    const diagnostic = firstDiagnostic(() => run('    - name: web\n      type: chain-1\n'));
    expect(diagnostic.code).toBe('KUREL_LOWERING');
    const [head, ...chainLines] = diagnostic.message.split('\n');
    expect(head).toContain('oam: lowering exceeded max recursion depth');
    expect(head).toContain('component "web"');
    expect(chainLines).toHaveLength(8);
    for (const line of chainLines) expect(line).toMatch(/^ {2}round \d+: component\/chain-\d "web" -> \[web\]$/);
    expect(chainLines[0]).toContain('component/chain-1 "web"');
    expect(chainLines[7]).toContain('component/chain-8 "web"');
  });
});

describe('lower: trait and policy rules', () => {
  it('lowers a trait into traits of the same component, and adds the components it emits after it', () => {
    const { components, steps } = run('    - name: web\n      type: box\n      traits:\n        - type: route\n          properties: {host: a.example}\n');
    expect(components.map((c) => c.name)).toEqual(['web', 'web-route']);
    expect(components[0].traits).toMatchObject([{ type: 'tag', properties: { flag: 'a.example' }, sealed: true, emitted: true }]);
    expect(components[0].traits[0].origin.rule).toBe('trait/route');
    expect(steps[0]).toMatchObject({ rule: 'trait/route', position: 'trait', from: 'route' });
    expect([...steps[0].to].sort()).toEqual(['tag', 'web-route']);
  });

  it('lowers a policy into policies and components', () => {
    const { components, policies } = run('    - name: web\n      type: box\n', '  policies:\n    - name: deploy\n      type: bundle\n');
    expect(policies.map((p) => [p.name, p.type, p.origin.rule])).toEqual([['deploy-order', 'order', 'policy/bundle']]);
    expect(components.map((c) => c.name)).toEqual(['web', 'deploy-box']);
  });
});
