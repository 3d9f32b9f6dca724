import { describe, expect, it } from 'vitest';
import { definePlugin, defineTrait, type KurelPlugin } from 'kurel/plugin-api';
import { HandlerTester } from 'kurel/plugin-api/testing';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

// Which traits a lowering rule hands to every member is the trait's own declaration, read from
// the sealed registry: an organisation's trait gets the treatment the built-in delivery flags get.
function stampPlugin(everyMember: boolean, routesToService = false): KurelPlugin {
  const stamp = defineTrait({
    type: 'stamp',
    description: 'Annotates each object of the component.',
    properties: {},
    everyMember,
    routesToService,
    apply({ component }) {
      for (const object of component.objects) object.metadata.annotations = { ...object.metadata.annotations, 'acme.example/stamped': 'yes' };
    },
  });
  return definePlugin({ meta: { name: '@acme/stamp', version: '1.0.0', kurelApi: '^2.0.0' }, traits: [stamp] });
}

async function stamped(everyMember: boolean, routesToService = false): Promise<string[]> {
  const tester = new HandlerTester(stampPlugin(everyMember, routesToService), { builtins: SOURCE_BUILTINS });
  const result = await tester.build([{ name: 'shop', type: 'webservice', properties: { image: 'ghcr.io/acme/shop:v1', port: 8080 }, traits: [{ type: 'stamp' }] }]);
  return result.objects.filter((object) => object.metadata.annotations?.['acme.example/stamped'] === 'yes').map((object) => object.kind);
}

describe('traits that apply to every member', () => {
  it('reach every member a rule emits when the trait declares everyMember', async () => {
    expect(await stamped(true)).toEqual(['Deployment', 'Service', 'ServiceAccount']);
  });

  it('reach only the workload otherwise', async () => {
    expect(await stamped(false)).toEqual(['Deployment']);
  });

  it('reach only the Service when the trait declares routesToService, as the built-in routing traits do', async () => {
    expect(await stamped(false, true)).toEqual(['Service']);
    const declared = SOURCE_BUILTINS.flatMap((plugin) => [...(plugin.traits ?? []), ...(plugin.lowering ?? [])]).filter((entry) => 'routesToService' in entry && entry.routesToService);
    expect(declared.map((entry) => entry.type).sort()).toEqual(['expose', 'httproute', 'ingress']);
  });

  it('are declared by the built-in delivery flags themselves', () => {
    const traits = SOURCE_BUILTINS.flatMap((plugin) => plugin.traits ?? []);
    expect(traits.filter((trait) => trait.everyMember).map((trait) => trait.type).sort()).toEqual(['force-replace', 'prune-protection']);
  });
});
