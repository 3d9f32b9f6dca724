import { describe, expect, it } from 'vitest';
import { build } from '../../../src/engine/build.js';
import { lower } from '../../../src/engine/stages/lower.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { parseApplication } from '../../../src/engine/stages/parse-application.js';
import { validateAuthored } from '../../../src/engine/stages/validate-authored.js';
import type { AuthoredTrait, ComponentLoweringRule, TraitHandler, TraitLoweringRule } from '../../../src/plugin-api/index.js';
import { configMapHandler, firstDiagnostic, plugin, registryOf, claimsOf, scopeOf, source } from './support.js';

// A test-only trait rule that emits a `guarded` trait, whose `gate` is platform-reserved, in the
// way its `mode` says; and a component rule that copies a reserved value onto a member trait.

const guarded: TraitHandler = {
  type: 'guarded',
  description: 'A trait with a reserved key.',
  properties: {
    host: { type: 'string', description: 'Host.' },
    gate: { type: 'object', platformReserved: true, description: 'Reserved.', properties: { level: { type: 'integer', description: 'Level.' } } },
  },
  apply: () => undefined,
};

const gatekeeper: TraitLoweringRule = {
  position: 'trait',
  type: 'gatekeeper',
  description: 'Lowers into a guarded trait.',
  properties: { mode: { type: 'string', description: 'How the reserved value is written.' }, host: { type: 'string', description: 'Host.' } },
  lower: ({ trait }, ctx) => {
    const emitted: AuthoredTrait = { type: 'guarded', properties: { host: trait.properties.host } };
    const mode = trait.properties.mode;
    if (mode === 'render' || mode === 'render-then-change') ctx.renderReserved(emitted, 'gate', { level: 3 });
    if (mode === 'render-then-change') (emitted.properties.gate as Record<string, unknown>).level = 4;
    if (mode === 'copy') emitted.properties.gate = { level: 3 };
    return { traits: [emitted] };
  },
};

const forwarder: ComponentLoweringRule = {
  position: 'component',
  type: 'forwarder',
  description: 'Builds a guarded trait from a copied value.',
  properties: {},
  lower: ({ component }) => ({ components: [{ name: component.name, type: 'box', properties: {}, traits: [{ type: 'guarded', properties: { gate: { level: 1 } } }] }] }),
};

const registry = registryOf([plugin('test', { components: [configMapHandler('box')], traits: [guarded], lowering: [gatekeeper, forwarder] })]);

function run(components: string) {
  const text = `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata:\n  name: shop\nspec:\n  components:\n${components}`;
  const app = parseApplication(source(text), { registry, extraTraitTypes: [] });
  const authored = validateAuthored(app, 'default', registry, source(text));
  expect(authored.diagnostics).toEqual([]);
  return lower({ components: authored.components, policies: authored.policies, document: { name: 'shop', kind: 'Application', namespace: 'default' } }, registry, scopeOf(), claimsOf('shop'), source(text));
}

const withMode = (mode: string) => `    - name: web\n      type: box\n      traits:\n        - type: gatekeeper\n          properties: {mode: ${mode}, host: a.example}\n`;

describe('renderReserved', () => {
  it('lets a rule write a reserved value it rendered into an element it emits', () => {
    const { components } = run(withMode('render'));
    expect(components[0].traits).toMatchObject([{ type: 'guarded', properties: { host: 'a.example', gate: { level: 3 } }, sealed: true }]);
  });

  it('refuses a reserved value the rule wrote any other way, or changed after rendering it', () => {
    const refusal = 'lowering trait "gatekeeper" on component "web" in document "shop" (kind "Application"): lowering rule trait/gatekeeper emitted trait "guarded": properties.gate: property is platform-reserved: only the ClusterProfile rendering may set it\n  round 0: trait/gatekeeper "gatekeeper" -> [guarded]';
    expect(firstDiagnostic(() => run(withMode('copy'))).message).toBe(refusal);
    expect(firstDiagnostic(() => run(withMode('render-then-change'))).message).toBe(refusal);
  });

  it('refuses a reserved value a component rule puts on a trait it builds without rendering it', () => {
    expect(firstDiagnostic(() => run('    - name: web\n      type: forwarder\n')).message).toBe(
      'lowering component "web" (type "forwarder") in document "shop" (kind "Application"): lowering rule component/forwarder emitted trait "guarded": properties.gate: property is platform-reserved: only the ClusterProfile rendering may set it\n  round 0: component/forwarder "web" -> [web]',
    );
  });
});

describe('the expose rule', () => {
  it('renders the platform\'s traffic sources into the reserved key of the trait it lowers to', () => {
    const profile = [
      'apiVersion: launcher.gokure.dev/v1alpha1',
      'kind: ClusterProfile',
      'metadata: {name: test}',
      'spec:',
      '  capabilities:',
      '    expose:',
      '      rendering: {controllerType: ingress, ingressClassName: nginx, networkPolicy: {trafficSources: [{namespace: ingress-nginx}]}}',
    ].join('\n');
    const app = [
      'apiVersion: launcher.gokure.dev/v1alpha1',
      'kind: Application',
      'metadata: {name: shop}',
      'spec:',
      '  components:',
      '  - name: web',
      '    type: webservice',
      '    properties: {image: ghcr.io/acme/web:v1.0.0}',
      '    traits: [{type: expose, properties: {hostnames: [web.example.com]}}]',
    ].join('\n');
    const builtins = registryOf([builtinComponents, builtinKinds, builtinTraits]);
    const result = build({ application: { file: 'app.yaml', text: app }, profile: { file: 'cluster.yaml', text: profile }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, builtins);
    expect(result.objects.map((object) => object.kind)).toContain('Ingress');
  });
});
