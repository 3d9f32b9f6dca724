import { describe, expect, it } from 'vitest';
import { lower } from '../../../src/engine/stages/lower.js';
import { parseApplication } from '../../../src/engine/stages/parse-application.js';
import type { SealedRegistry } from '../../../src/engine/registry.js';
import { mergeRendering, transform } from '../../../src/engine/stages/transform.js';
import { validateAuthored } from '../../../src/engine/stages/validate-authored.js';
import type { ComponentLoweringRule, TraitHandler } from '../../../src/plugin-api/index.js';
import { fluxcdPatches, fluxcdPostbuild } from '../../../plugins/builtin-traits/delivery-declarations.js';
import { healthChecks, reconciliation } from '../../../plugins/builtin-policies/delivery-declarations.js';
import { configMapHandler, firstDiagnostic, plugin, policyHandler, recordingTrait, registryOf, claimsOf, scopeOf, source } from './support.js';

const seen: Array<Record<string, unknown>> = [];

/** Lowers into a same-name box and service; the service type has no handler, and the traits go to the service. */
const role: ComponentLoweringRule = {
  position: 'component',
  type: 'role',
  description: 'Role.',
  properties: {},
  contract: { version: 'v1' },
  lower: ({ component }) => ({
    components: [
      { name: component.name, type: 'box', properties: {}, traits: [{ type: 'tagged', properties: { flag: 'built' } }] },
      { name: component.name, type: component.name === 'web' ? 'service' : 'runner', properties: {}, traits: component.traits },
    ],
  }),
};

/** Lowers into a picky member carrying the authored properties. */
const wrapper: ComponentLoweringRule = {
  position: 'component',
  type: 'wrapper',
  description: 'Wrapper.',
  properties: { value: { type: 'string', description: 'V.' } },
  contract: { version: 'v1' },
  lower: ({ component }) => ({ components: [{ name: component.name, type: 'picky', properties: component.properties }] }),
};

/** Lowers into a box under another name, forwarding the authored traits. */
const renamer: ComponentLoweringRule = {
  position: 'component',
  type: 'renamer',
  description: 'Renamer.',
  properties: {},
  contract: { version: 'v1' },
  lower: ({ component }) => ({ components: [{ name: `${component.name}-rendered`, type: 'box', properties: {}, traits: component.traits }] }),
};

/** Emits one ConfigMap per name in `names`, as its sub-application. */
const emitter: TraitHandler = {
  type: 'emitter',
  description: 'Emits ConfigMaps.',
  properties: { names: { type: 'array', items: { type: 'string', description: 'A name.' }, description: 'Names.' } },
  apply: ({ properties, component }) => ({
    objects: ((properties.names as string[] | undefined) ?? []).map((name) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: component.namespace } })),
  }),
};

const registry: SealedRegistry = registryOf([
  // The built-ins' delivery declarations: types that parse and that no handler renders.
  plugin('delivery', { declarations: { traits: [fluxcdPatches, fluxcdPostbuild], policies: [reconciliation, healthChecks] } }),
  plugin('test', {
    components: [
      configMapHandler('box'),
      configMapHandler('runner'),
      configMapHandler('picky', { render: (_input, ctx) => ctx.fail('value: not today', ['value']) }),
      // Changes its properties and keeps them in its object, as the properties are its own.
      configMapHandler('keeper', {
        properties: { data: { type: 'object', additionalProperties: true, description: 'Data.' } },
        render: (input) => {
          const data = input.properties.data as Record<string, string>;
          data.added = 'by the handler';
          return { objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: input.name, namespace: input.namespace }, data }] };
        },
      }),
    ],
    traits: [
      { ...recordingTrait('tagged', seen), capability: {} },
      { ...recordingTrait('needs', seen), capability: {}, properties: { flag: { type: 'string', required: true, description: 'F.' } } },
      { ...recordingTrait('cert', seen), capability: { required: true } },
      recordingTrait('limited', seen, { componentTypes: ['box'] }),
      emitter,
    ],
    policies: [policyHandler('dependency')],
    lowering: [role, wrapper, renamer],
  }),
]);

const PROFILE_HEAD = 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata:\n  name: prod\nspec:\n  capabilities:\n';

function build(components: string, options: { policies?: string; profile?: string; extraTraitTypes?: string[]; retype?: string } = {}) {
  const text = `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata:\n  name: app\nspec:\n  components:\n${components}${options.policies ?? ''}`;
  const doc = source(text);
  const app = parseApplication(doc, { registry, extraTraitTypes: options.extraTraitTypes ?? [] });
  const authored = validateAuthored(app, 'default', registry, doc);
  expect(authored.diagnostics).toEqual([]);
  if (options.retype) authored.components[0].type = options.retype;
  const scope = scopeOf(options.profile ? `${PROFILE_HEAD}${options.profile}` : undefined);
  const claims = claimsOf('app');
  const lowered = lower({ components: authored.components, policies: authored.policies, document: { name: 'app', kind: 'Application', namespace: 'default' } }, registry, scope, claims, doc);
  seen.length = 0;
  const transformed = transform({ components: lowered.components, policies: lowered.policies, application: 'app' }, registry, scope, claims, doc);
  return { ...transformed, consumedCapabilities: transformed.log.consumedCapabilities };
}

function failure(components: string, options: Parameters<typeof build>[1] = {}) {
  return firstDiagnostic(() => build(components, options));
}

const DELIVERY = ': it configures delivery, which launcher leaves to the consumer that delivers the application; a consumer that delivers through Flux registers its own handler';

describe('transform: dispatch without a handler', () => {
  it('names an authored component type with no handler', () => {
    const diagnostic = failure('    - name: web\n      type: box\n', { retype: 'x' });
    expect(diagnostic.message).toBe('no handler for component type "x" (component "web")');
    expect(diagnostic.code).toBe('KUREL_NO_HANDLER');
  });

  it('names the lowering rule that emitted a component type with no handler', () => {
    expect(failure('    - name: web\n      type: role\n').message).toBe(
      'no handler for component type "service" (component "web", emitted by lowering rule component/role@v1 for component "web" (type "role") in document "app" (kind "Application"))',
    );
  });

  it('names a trait type with no handler and its component', () => {
    const diagnostic = failure('    - name: web\n      type: box\n      traits:\n        - type: redis-sidecar\n', { extraTraitTypes: ['redis-sidecar'] });
    expect(diagnostic.message).toBe('no handler for trait type "redis-sidecar" (on component "web")');
    expect(diagnostic.path).toBe('spec.components[0].traits[0]');
  });

  it('names the rule that emitted the component a handler-less trait was forwarded onto under another name', () => {
    expect(failure('    - name: api\n      type: renamer\n      traits:\n        - type: redis-sidecar\n', { extraTraitTypes: ['redis-sidecar'] }).message).toBe(
      'no handler for trait type "redis-sidecar" (on component "api-rendered", itself emitted by lowering rule component/renamer@v1 for component "api" (type "renamer") in document "app" (kind "Application"))',
    );
  });

  it('leaves the rule unsaid on the component the author wrote the trait on, by name', () => {
    expect(failure('    - name: api\n      type: role\n      traits:\n        - type: redis-sidecar\n', { extraTraitTypes: ['redis-sidecar'] }).message).toBe(
      'no handler for trait type "redis-sidecar" (on component "api")',
    );
  });

  it('adds the delivery hint for the delivery trait types', () => {
    for (const type of ['fluxcd-patches', 'fluxcd-postbuild']) {
      expect(failure(`    - name: web\n      type: box\n      traits:\n        - type: ${type}\n`).message).toBe(
        `no handler for trait type "${type}" (on component "web")${DELIVERY}`,
      );
    }
  });

  it('names a policy type with no handler, with the delivery hint for reconciliation and health-checks', () => {
    const policy = (type: string) => failure('    - name: web\n      type: box\n', { policies: `  policies:\n    - name: first\n      type: ${type}\n` }).message;
    expect(policy('x')).toBe('no handler for policy type "x" (policy "first")');
    expect(policy('app-dependency')).toBe('no handler for policy type "app-dependency" (policy "first")');
    expect(policy('reconciliation')).toBe(`no handler for policy type "reconciliation" (policy "first")${DELIVERY}`);
    expect(policy('health-checks')).toBe(`no handler for policy type "health-checks" (policy "first")${DELIVERY}`);
  });

  it('accepts the documented properties of reconciliation and health-checks, then refuses with the delivery text', () => {
    const written = (type: string, properties: string) =>
      failure('    - name: web\n      type: box\n', { policies: `  policies:\n    - name: first\n      type: ${type}\n      properties:\n${properties}` }).message;
    expect(written('reconciliation', '        interval: 10m\n        retryInterval: 1m\n        timeout: 5m\n        prune: true\n        wait: true\n        force: false\n        suspend: false\n')).toBe(
      `no handler for policy type "reconciliation" (policy "first")${DELIVERY}`,
    );
    expect(written('health-checks', '        checks:\n          - {apiVersion: apps/v1, kind: Deployment, name: web, namespace: shop}\n')).toBe(
      `no handler for policy type "health-checks" (policy "first")${DELIVERY}`,
    );
  });
});

describe('transform: a handler\'s properties', () => {
  it('are a copy made for its call: what the handler changes and keeps in its objects is not the component\'s', () => {
    const { applications } = build('    - name: web\n      type: keeper\n      properties:\n        data: {a: "1"}\n');
    const [member] = applications[0].members;
    expect(member.objects[0].data).toEqual({ a: '1', added: 'by the handler' });
    expect(member.component.properties).toEqual({ data: { a: '1' } });
  });
});

describe('transform: applications', () => {
  it('deploys a sibling group as one application with one member per type', () => {
    const { applications } = build('    - name: api\n      type: role\n');
    expect(applications).toHaveLength(1);
    expect(applications[0].name).toBe('api');
    expect(applications[0].members.map((member) => member.component.type)).toEqual(['box', 'runner']);
  });

  it('keeps trait sub-applications in trait order, after their component, skipping traits that emit nothing', () => {
    const { applications } = build(
      '    - name: web\n      type: box\n      traits:\n        - type: emitter\n          properties: {names: [b-first, b-second]}\n        - type: emitter\n        - type: emitter\n          properties: {names: [a-third]}\n    - name: db\n      type: runner\n',
    );
    expect(applications.map((a) => a.name)).toEqual(['web', 'db']);
    expect(applications[0].subApplications.map((sub) => [sub.name, sub.objects.map((o) => o.metadata.name)])).toEqual([
      ['b-first', ['b-first', 'b-second']],
      ['a-third', ['a-third']],
    ]);
  });

  it('places a handler refusal at the authored property, naming the component and the plugin', () => {
    const diagnostic = failure('    - name: web\n      type: picky\n      properties: {value: x}\n');
    expect(diagnostic.message).toBe('component "web": value: not today');
    expect(diagnostic.path).toBe('spec.components[0].properties.value');
    expect(diagnostic.plugin).toBe('test');
  });

  it('places a refusal of a rule-emitted member at a path that exists in the authored file', () => {
    const diagnostic = failure('    - name: web\n      type: wrapper\n      properties: {value: x}\n');
    expect(diagnostic.message).toContain('value: not today');
    expect(diagnostic.path).toMatch(/^spec\.components\[0\]\.properties(\.|$)/);
  });

  it('refuses a trait on an emitted member type it does not support', () => {
    expect(failure('    - name: api\n      type: role\n      traits:\n        - type: limited\n').message).toBe(
      'trait "limited" is not supported on component type "runner" (component "api"); supported types: box',
    );
  });
});

describe('transform: capability renderings', () => {
  const TRAIT = '    - name: web\n      type: box\n      traits:\n        - type: tagged\n          properties: {a: {y: 3, deep: {k: authored}}, list: [9]}\n';

  it('merges the rendering under the authored properties: authored wins, objects merge deeply, lists are replaced', () => {
    build(TRAIT, { profile: '    tagged:\n      rendering: {a: {x: 1, y: 2, deep: {j: rendered, k: rendered}}, list: [1, 2], flag: rendered}\n' });
    expect(seen).toEqual([{ a: { x: 1, y: 3, deep: { j: 'rendered', k: 'authored' } }, list: [9], flag: 'rendered' }]);
  });

  it('records the binding as consumed', () => {
    const { consumedCapabilities } = build(TRAIT, { profile: '    tagged:\n      rendering: {flag: r}\n' });
    expect([...consumedCapabilities]).toEqual(['tagged']);
  });

  it('picks the scoped binding for a scoped trait', () => {
    build('    - name: web\n      type: box\n      traits:\n        - type: tagged\n          properties: {scope: internal}\n', {
      profile: '    tagged:\n      rendering: {flag: public}\n    tagged.internal:\n      rendering: {flag: internal}\n',
    });
    expect(seen).toEqual([{ flag: 'internal' }]);
  });

  it('merges nothing into a trait a rule built', () => {
    build('    - name: api\n      type: role\n', { profile: '    tagged:\n      rendering: {flag: rendered, list: [1]}\n' });
    expect(seen).toEqual([{ flag: 'built' }]);
  });

  it('refuses a trait whose required capability is not bound', () => {
    const diagnostic = failure('    - name: web\n      type: box\n      traits:\n        - type: cert\n');
    expect(diagnostic.message).toBe('component "web" trait "cert": capability "cert" not found in ClusterProfile: oam: capability key not found in ClusterProfile');
    expect(diagnostic.code).toBe('KUREL_CAPABILITY');
  });

  it('enforces a required key on the merged properties', () => {
    expect(() => build('    - name: web\n      type: box\n      traits:\n        - type: needs\n', { profile: '    needs:\n      rendering: {flag: r}\n' })).not.toThrow();
    expect(failure('    - name: web\n      type: box\n      traits:\n        - type: needs\n').message).toBe(
      'component "web" trait "needs": "flag" is required; neither the trait nor capability "needs"\'s rendering sets it',
    );
  });
});

describe('mergeRendering', () => {
  it('treats an authored null as absent and replaces scalars and lists whole', () => {
    expect(mergeRendering({ a: 1, b: [1, 2], c: { d: 1 } }, { a: null, b: [3], c: 'flat' })).toEqual({ a: 1, b: [3], c: 'flat' });
    expect(mergeRendering({ a: { b: { c: 1 } } }, { a: { b: { d: 2 } } })).toEqual({ a: { b: { c: 1, d: 2 } } });
    expect(mergeRendering(undefined, { a: 1 })).toEqual({ a: 1 });
  });
});
