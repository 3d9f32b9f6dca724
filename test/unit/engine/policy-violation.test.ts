import { describe, expect, it } from 'vitest';
import { build } from '../../../src/engine/build.js';
import { defineComponent, defineTrait } from '../../../src/plugin-api/index.js';
import { NOOP_POLICY } from '../../../src/plugin-api/kit/index.js';
import { plugin, refusal, registryOf } from './support.js';

// A consumer's own handler reports a refusal by the policy through ctx.violate, with a class of
// its own that the engine passes on as given; a plain ctx.fail is no violation and has no class.

const quota = defineComponent({
  type: 'quota',
  description: 'A component refused by the policy when it asks for more than the policy allows.',
  properties: { units: { type: 'integer', description: 'Units asked for.' } },
  render(input, ctx) {
    const units = (input.properties as { units?: number }).units ?? 0;
    if (units > (ctx.policy.maxReplicas() ?? Infinity)) ctx.violate('org-quota', `units ${units} exceed the quota`, ['units']);
    if (units < 0) ctx.fail('units must not be negative', ['units']);
    return { objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: input.name, namespace: input.namespace } }] };
  },
});

const audit = defineTrait({
  type: 'audit',
  description: 'A trait the policy refuses.',
  properties: {},
  apply(_input, ctx) {
    ctx.violate('org-audit', 'audit trails are not allowed here');
  },
});

const registry = registryOf([plugin('org', { components: [quota], traits: [audit] })]);
const app = (component: string) => `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop, namespace: shop}\nspec:\n  components:\n${component}`;
const run = (component: string, maxReplicas?: number) =>
  build({ application: { file: 'app.yaml', text: app(component) }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local', policy: { ...NOOP_POLICY, maxReplicas: () => maxReplicas } } }, registry);

describe('policy violations from a consumer’s handler', () => {
  it('report a component’s violation with the handler’s own class, at the property', () => {
    const error = refusal(() => run('    - name: api\n      type: quota\n      properties: {units: 5}\n', 3));
    expect(error.code).toBe('KUREL_POLICY_VIOLATION');
    expect(error.refusalClass).toBe('org-quota');
    expect(error.diagnostics[0]).toMatchObject({ component: 'api', path: 'spec.components[0].properties.units', message: 'component "api": units 5 exceed the quota' });
  });

  it('name the component, not the trait, for a trait’s violation', () => {
    const error = refusal(() => run('    - name: api\n      type: quota\n      traits: [{type: audit}]\n'));
    expect(error.diagnostics[0]).toMatchObject({ component: 'api', refusalClass: 'org-audit', message: 'component "api": audit trails are not allowed here' });
  });

  it('leave a plain refusal unclassified', () => {
    const error = refusal(() => run('    - name: api\n      type: quota\n      properties: {units: -1}\n'));
    expect(error.code).toBe('KUREL_HANDLER_REFUSED');
    expect(error.refusalClass).toBeUndefined();
  });
});
