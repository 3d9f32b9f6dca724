import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HandlerTester, type ComponentSpec, type HandlerTesterOptions } from 'kurel/plugin-api/testing';
import type { KurelPlugin } from 'kurel/plugin-api';
import acme from '../third-party/acme-scaler.js';
import { builtinsWithoutTrait, SOURCE_BUILTINS } from '../support/source-builtins.js';

const builtinTraits = SOURCE_BUILTINS.find((plugin) => plugin.meta.name === 'kurel-builtin-traits')!;
const POLICY_DEFAULTS = { defaultScalerMinReplicas: () => 3, defaultScalerMaxReplicas: () => 6 };

/** The CLI's output (or its first refusal's text) for one component, built with the built-in scaler and with acme's. */
async function both(component: ComponentSpec, policy?: HandlerTesterOptions['policy']) {
  const run = async (plugin: KurelPlugin, builtins: KurelPlugin[]) => {
    const tester = new HandlerTester(plugin, { builtins, policy });
    try {
      return (await tester.build([component])).yaml;
    } catch (error) {
      return `refused: ${(error as Error).message}`;
    }
  };
  return { builtin: await run(builtinTraits, SOURCE_BUILTINS), acme: await run(acme, builtinsWithoutTrait('scaler')) };
}

const web = (traits: ComponentSpec['traits']): ComponentSpec => ({ name: 'shop', type: 'webservice', properties: { image: 'ghcr.io/acme/shop:v1', port: 8080 }, traits });

describe('a third-party scaler written against the plugin packages only', () => {
  it('imports nothing but kurel/plugin-api and kurel/plugin-kit', () => {
    const text = readFileSync(new URL('../third-party/acme-scaler.ts', import.meta.url), 'utf8');
    expect([...text.matchAll(/from '([^']+)'/g)].map((match) => match[1])).toEqual(['kurel/plugin-api', 'kurel/plugin-kit']);
  });

  it.each([
    ['an autoscaler with the default CPU target', web([{ type: 'scaler', properties: { minReplicas: 2, maxReplicas: 5 } }])],
    ['an autoscaler and a disruption budget, named by the author', web([{ type: 'scaler', properties: { minReplicas: 2, maxReplicas: 4, memoryUtilization: 70, enablePDB: true, hpaName: 'shop-autoscaler', pdbName: 'shop-budget' } }])],
    ['a worker with both targets', { name: 'jobs', type: 'worker', properties: { image: 'ghcr.io/acme/jobs:v1' }, traits: [{ type: 'scaler', properties: { minReplicas: 1, maxReplicas: 3, cpuUtilization: 60, memoryUtilization: 75 } }] }],
  ])('emits byte-identical manifests: %s', async (_title, component) => {
    const { builtin, acme: third } = await both(component);
    expect(builtin).toContain('kind: HorizontalPodAutoscaler');
    expect(third).toBe(builtin);
  });

  it('takes the environment policy\'s defaults the same way', async () => {
    const { builtin, acme: third } = await both(web([{ type: 'scaler', properties: {} }]), POLICY_DEFAULTS);
    expect(builtin).toContain('minReplicas: 3');
    expect(third).toBe(builtin);
  });

  it.each([
    ['maxReplicas below minReplicas', web([{ type: 'scaler', properties: { minReplicas: 4, maxReplicas: 2 } }])],
    ['a PodDisruptionBudget over one replica', web([{ type: 'scaler', properties: { minReplicas: 1, maxReplicas: 2, enablePDB: true } }])],
    ['a target over 100 percent', web([{ type: 'scaler', properties: { minReplicas: 1, maxReplicas: 2, cpuUtilization: 120 } }])],
    ['a component type the trait does not apply to', { name: 'box', type: 'configmap', properties: { data: { a: 'b' } }, traits: [{ type: 'scaler', properties: { minReplicas: 1, maxReplicas: 2 } }] }],
  ])('refuses with the same text: %s', async (_title, component) => {
    const { builtin, acme: third } = await both(component);
    expect(builtin).toMatch(/^refused: app\.yaml:\d+:\d+ spec\.components\[0\]\.traits\[0\]/);
    expect(third).toBe(builtin);
  });
});
