import { AssertionError } from 'node:assert';
import { describe, expect, it } from 'vitest';
import { HandlerTester } from 'kurel/plugin-api/testing';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

const traits = SOURCE_BUILTINS.find((plugin) => plugin.meta.name === 'kurel-builtin-traits')!;
const components = SOURCE_BUILTINS.find((plugin) => plugin.meta.name === 'kurel-builtin-components')!;
const policies = SOURCE_BUILTINS.find((plugin) => plugin.meta.name === 'kurel-builtin-policies')!;
const web = { name: 'shop', type: 'webservice', properties: { image: 'ghcr.io/acme/shop:v1', port: 8080 } };

describe('HandlerTester runs the build the CLI runs', () => {
  const tester = new HandlerTester(traits, { builtins: SOURCE_BUILTINS });

  it('emits what the engine emits: lowered members, trait objects and the component label', async () => {
    const result = await tester.build([{ ...web, traits: [{ type: 'scaler', properties: { minReplicas: 1, maxReplicas: 3 } }] }]);
    expect(result.objects.map((object) => `${object.kind}/${object.metadata.name}`)).toEqual(['Deployment/shop', 'Service/shop', 'ServiceAccount/shop', 'HorizontalPodAutoscaler/shop-hpa']);
    for (const object of result.objects) expect(object.metadata.labels?.['launcher.gokure.dev/component']).toBe('shop');
  });

  it('reports a schema failure as the CLI does: KUREL_PROPERTY at the authored path', async () => {
    await tester.runTrait('scaler', [
      { component: web, properties: { minReplicas: 'two' }, error: { code: 'KUREL_PROPERTY', path: 'spec.components[0].traits[0].properties.minReplicas', text: /^app\.yaml:\d+:\d+ spec\.components\[0\]\.traits\[0\]\.properties\.minReplicas: / } },
    ]);
  });

  it('refuses a trait on a component type it does not apply to', async () => {
    await tester.runTrait('scaler', [
      { component: { name: 'box', type: 'configmap', properties: { data: { a: 'b' } } }, properties: { minReplicas: 1, maxReplicas: 2 }, error: { code: 'KUREL_TRAIT_NOT_SUPPORTED', message: /^trait "scaler" is not supported on component type "configmap"/ } },
    ]);
  });

  it('refuses a missing required capability', async () => {
    await tester.runTrait('certificate', [{ component: web, properties: { dnsNames: ['shop.example.com'] }, error: { code: 'KUREL_CAPABILITY' } }]);
  });

  it('holds handlers to the environment policy it is given, with the refusal class', async () => {
    await new HandlerTester(traits, { builtins: SOURCE_BUILTINS, policy: { maxReplicas: () => 2 } }).runTrait('scaler', [
      { component: web, properties: { minReplicas: 1, maxReplicas: 5 }, error: { code: 'KUREL_POLICY_VIOLATION', refusalClass: 'replica-maximum' } },
    ]);
  });

  it('runs component handlers and component lowering rules by the type the author writes', async () => {
    await new HandlerTester(components, { builtins: SOURCE_BUILTINS }).runLowering('component', 'webservice', [{ properties: web.properties, kinds: ['Deployment', 'Service', 'ServiceAccount'] }]);
    await new HandlerTester(components, { builtins: SOURCE_BUILTINS }).runComponent('configmap', [
      { name: 'settings', properties: { data: { mode: 'fast' } }, kinds: ['ConfigMap'] },
      { name: 'settings', properties: { data: { 'no/slash': 'x' } }, error: { code: 'KUREL_HANDLER_REFUSED', path: 'spec.components[0].properties.data.no/slash' } },
    ]);
  });

  it('runs policies over the components of the case', async () => {
    const both = [
      { name: 'web', type: 'configmap', properties: { data: { role: 'frontend' } } },
      { name: 'db', type: 'configmap', properties: { data: { role: 'database' } } },
    ];
    await new HandlerTester(policies, { builtins: SOURCE_BUILTINS }).runPolicy('dependency', [
      { components: both, properties: { rules: [{ component: 'web', dependsOn: ['db'] }] }, kinds: ['ConfigMap', 'ConfigMap'] },
      { components: both, properties: { rules: [{ component: 'web', dependsOn: ['nobody'] }] }, error: { message: /nobody/ } },
    ]);
  });

  it('fails a case whose expectation the build does not meet', async () => {
    await expect(tester.runTrait('scaler', [{ component: web, properties: { minReplicas: 1, maxReplicas: 3 }, error: { code: 'KUREL_PROPERTY' } }])).rejects.toThrow(AssertionError);
    await expect(tester.runTrait('scaler', [{ component: web, properties: { minReplicas: 4, maxReplicas: 3 } }])).rejects.toThrow(/unexpected refusal: .*maxReplicas \(3\) must be >= minReplicas \(4\)/);
    await expect(tester.runTrait('scaler', [{ component: web, properties: { minReplicas: 4, maxReplicas: 3 }, error: { code: 'KUREL_PROPERTY' } }])).rejects.toThrow(AssertionError);
    await expect(tester.runTrait('scaler', [{ component: web, properties: { minReplicas: 1, maxReplicas: 3 }, kinds: ['Deployment'] }])).rejects.toThrow(AssertionError);
  });
});
