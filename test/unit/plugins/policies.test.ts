import { describe, expect, it } from 'vitest';
import { HandlerTester, type ComponentSpec } from 'kurel/plugin-api/testing';
import policies from '../../../plugins/builtin-policies/index.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

// The built-in policies through the build the CLI runs, over three ConfigMap components.
const tester = new HandlerTester(policies, { builtins: SOURCE_BUILTINS });
const components: ComponentSpec[] = ['web', 'api', 'db'].map((name) => ({ name, type: 'configmap', properties: { data: { role: name } } }));
const at = (path: string) => `spec.policies[0].properties${path}`;

describe('dependency policy', () => {
  it('orders each component after the components it depends on', async () => {
    await tester.runPolicy('dependency', [
      { name: 'order', components, properties: { rules: [{ component: 'web', dependsOn: ['api'] }, { component: 'api', dependsOn: ['db'] }] }, names: ['ConfigMap/db', 'ConfigMap/api', 'ConfigMap/web'] },
    ]);
  });

  it('refuses empty rules, unknown components and self-dependency, at the authored path', async () => {
    await tester.runPolicy('dependency', [
      { name: 'order', components, properties: { rules: [] }, error: { code: 'KUREL_HANDLER_REFUSED', message: /dependency policy "order": rules must hold at least one rule$/ } },
      { name: 'order', components, properties: { rules: [{ component: 'cache', dependsOn: ['db'] }] }, error: { message: /dependency policy "order": component "cache" is not in the application$/, path: at('.rules[0].component') } },
      { name: 'order', components, properties: { rules: [{ component: 'web', dependsOn: ['db', 'queue'] }] }, error: { message: /component "queue" is not in the application$/, path: at('.rules[0].dependsOn[1]') } },
      { name: 'order', components, properties: { rules: [{ component: 'web', dependsOn: [] }] }, error: { message: /component "web" must depend on at least one component$/ } },
      { name: 'order', components, properties: { rules: [{ component: 'web', dependsOn: ['web'] }] }, error: { message: /component "web" cannot depend on itself$/ } },
      { name: 'order', components, properties: { rules: [{ component: 'web' }] }, error: { code: 'KUREL_PROPERTY', message: /"dependsOn" is required/ } },
    ]);
  });
});

describe('placement policy', () => {
  it('places components in tiers: the apps tier after the rest', async () => {
    const placed = await tester.build(components, [
      { name: 'front', type: 'placement', properties: { component: 'web', tier: 'apps' } },
      { name: 'data', type: 'placement', properties: { component: 'db', tier: 'infra' } },
    ]);
    expect(placed.objects.map((object) => object.metadata.name)).toEqual(['api', 'db', 'web']);
    expect(placed.bundle.groups.map((group) => group.name).at(-1)).toBe('app-apps');
  });

  it('refuses an unknown component or tier', async () => {
    await tester.runPolicy('placement', [
      { name: 'order', components, properties: { component: 'cache', tier: 'apps' }, error: { message: /placement policy "order": component "cache" is not in the application$/, path: at('.component') } },
      { components, properties: { component: 'db', tier: 'data' }, error: { code: 'KUREL_PROPERTY', message: /must be one of: infra, services, apps/ } },
      { components, properties: { component: 'db', teir: 'apps' }, error: { code: 'KUREL_PROPERTY', message: /unsupported field "teir"/ } },
    ]);
  });
});
