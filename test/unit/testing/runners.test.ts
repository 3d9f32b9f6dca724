import { describe, expect, it } from 'vitest';
import { HandlerTester } from 'kurel/plugin-api/testing';
import { profileOf } from '../../support/engine.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

// Each runner of the engine-backed tester, with a valid and an invalid case: the objects the CLI
// emits, and the refusal with its code and the whole line the CLI prints after `Error: `.

const plugin = (name: string) => SOURCE_BUILTINS.find((candidate) => candidate.meta.name === name)!;
const components = new HandlerTester(plugin('kurel-builtin-components'), { builtins: SOURCE_BUILTINS });
const image = 'ghcr.io/acme/shop:v1';

describe('the component runner', () => {
  it('builds a component handler and refuses its properties with the CLI text', async () => {
    await components.runComponent('configmap', [
      { title: 'valid', name: 'settings', properties: { data: { mode: 'fast' } }, names: ['ConfigMap/settings'] },
      {
        title: 'schema',
        name: 'settings',
        properties: { data: { mode: 'fast' }, dta: {} },
        error: { code: 'KUREL_PROPERTY', property: ['dta'], text: /^app\.yaml:\d+:\d+ spec\.components\[0\]\.properties\.dta: component "settings" \(type "configmap"\): unsupported field "dta"/ },
      },
    ]);
  });

  it('runs the post-policy steps of a component, as the CLI does after the environment policy', async () => {
    const cluster = (size: string) => ({ apiVersion: 'postgresql.cnpg.io/v1', kind: 'Cluster', metadata: { name: 'db', namespace: 'default', labels: { 'launcher.gokure.dev/component': 'db' } }, spec: expect.objectContaining({ storage: { size } }) });
    const withDefault = new HandlerTester(plugin('kurel-builtin-components'), { builtins: SOURCE_BUILTINS, policy: { defaultStorageSize: () => '5Gi' } });
    const built = await withDefault.build([{ name: 'db', type: 'postgresql', properties: {} }]);
    expect(built.objects).toEqual([cluster('5Gi')]);
  });
});

describe('the lowering runner', () => {
  it('runs a component lowering rule and prints its refusal with the lowering trail', async () => {
    await components.runLowering('component', 'webservice', [
      { title: 'valid', name: 'web', properties: { image, port: 8080 }, names: ['Deployment/web', 'Service/web', 'ServiceAccount/web'] },
      {
        title: 'refused',
        name: 'web',
        properties: { image, volumes: [{ name: 'd', type: 'pvc', mountPath: '/d' }] },
        error: {
          code: 'KUREL_LOWERING',
          property: ['volumes', 0, 'size'],
          text: 'app.yaml:13:13 spec.components[0].properties.volumes[0].size: lowering component "web" (type "webservice") in document "app" (kind "Application"): volumes[0]: a pvc volume without claimName needs size, the size of the claim it creates',
        },
      },
    ]);
  });

  it('runs a trait lowering rule on the capability the profile binds, and refuses without one', async () => {
    const traits = plugin('kurel-builtin-traits');
    const bound = new HandlerTester(traits, { builtins: SOURCE_BUILTINS, profile: profileOf({ expose: { controllerType: 'ingress', ingressClassName: 'nginx' } }) });
    const component = { name: 'web', type: 'webservice', properties: { image, port: 8080 } };
    await bound.runLowering('trait', 'expose', [{ title: 'valid', component, properties: { hostnames: ['a.example.com'] }, names: ['Deployment/web', 'Service/web', 'ServiceAccount/web', 'Ingress/web-ingress'] }]);
    await new HandlerTester(traits, { builtins: SOURCE_BUILTINS }).runLowering('trait', 'expose', [
      {
        title: 'no binding',
        component,
        properties: { hostnames: ['a.example.com'] },
        error: {
          code: 'KUREL_LOWERING',
          path: 'spec.components[0].traits[0].properties',
          message: /^lowering trait "expose" on component "web" in document "app" \(kind "Application"\): capability "expose" not found in ClusterProfile: oam: capability key not found in ClusterProfile\n {2}round 0: /,
        },
      },
    ]);
  });
});

describe('the policy runner', () => {
  const policies = new HandlerTester(plugin('kurel-builtin-policies'), { builtins: SOURCE_BUILTINS });
  const both = [
    { name: 'web', type: 'configmap', properties: { data: { role: 'frontend' } } },
    { name: 'db', type: 'configmap', properties: { data: { role: 'database' } } },
  ];

  it('builds the components under the policy (web after the db it depends on) and refuses its properties with the CLI text', async () => {
    await policies.runPolicy('dependency', [
      { title: 'valid', components: both, properties: { rules: [{ component: 'web', dependsOn: ['db'] }] }, names: ['ConfigMap/db', 'ConfigMap/web'] },
      { title: 'schema', components: both, properties: { rulez: [] }, error: { code: 'KUREL_PROPERTY', property: ['rulez'], text: 'app.yaml:22:9 spec.policies[0].properties.rulez: policy "policy" (type "dependency"): unsupported field "rulez" (allowed: rules)' } },
    ]);
  });
});

describe('options the CLI takes from its config', () => {
  it('puts Flux objects in the Flux namespace', async () => {
    const tester = new HandlerTester(plugin('kurel-builtin-components'), { builtins: SOURCE_BUILTINS, namespace: 'apps', fluxNamespace: 'flux-system' });
    const { objects } = await tester.build([{ name: 'cache', type: 'helm', properties: { chart: 'redis', source: { kind: 'HelmRepository', name: 'repo' } } }]);
    expect(objects.map((object) => [object.kind, object.metadata.namespace])).toEqual([['HelmRelease', 'flux-system']]);
  });
});
