import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { K8sObject, TraitHandler } from 'kurel/plugin-api';
import { HandlerTester, type ComponentSpec } from 'kurel/plugin-api/testing';
import plugin from '../../examples/plugins/redis-sidecar/src/index.js';
import { SOURCE_BUILTINS } from '../support/source-builtins.js';

// The example plugin's tests run through the engine the CLI runs, on the example's own profile
// and CapabilityDefinition: what they expect is what `kurel build` prints.
const example = (path: string) => readFileSync(new URL(`../../examples/redis-sidecar/${path}`, import.meta.url), 'utf8');
const profile = example('profile.yaml');
const definition = example('definitions/redis-sidecar.yaml');
const trait = plugin.traits?.find((t) => t.type === 'redis-sidecar') as TraitHandler;
const tester = new HandlerTester(plugin, { builtins: SOURCE_BUILTINS, profile, capabilityDefinitions: [definition] });

const shop: ComponentSpec = { name: 'shop', type: 'webservice', properties: { image: 'ghcr.io/example/shop:v1.2.0', port: 8080 } };

function redis(maxMemory: string, redisMemory: string, limit: string, port = 6379) {
  return {
    name: 'redis',
    image: 'redis:7.2.4',
    args: ['--maxmemory', redisMemory, '--port', String(port)],
    ports: [{ containerPort: port, name: 'redis', protocol: 'TCP' }],
    resources: { requests: { cpu: '50m', memory: maxMemory }, limits: { memory: limit } },
  };
}

async function sidecar(properties: Record<string, unknown>, options = tester) {
  const result = await options.build([{ ...shop, traits: [{ type: 'redis-sidecar', properties }] }]);
  const deployment = result.objects.find((object) => object.kind === 'Deployment') as K8sObject & { spec: { template: { spec: { containers: Array<Record<string, unknown>> } } } };
  return { containers: deployment.spec.template.spec.containers, result };
}

describe('redis-sidecar trait', () => {
  it('declares its schema and requires a ClusterProfile binding', () => {
    expect(plugin.meta).toEqual({ name: '@example/kurel-plugin-redis-sidecar', version: '0.1.0', kurelApi: '^2.0.0' });
    expect(trait.capability).toEqual({ required: true, definition: true });
    expect(trait.properties.image).toMatchObject({ type: 'string', required: true });
    expect(trait.properties.maxMemory).toMatchObject({ type: 'string', default: '256Mi' });
    expect(trait.properties.port).toMatchObject({ type: 'integer', default: 6379 });
    for (const schema of Object.values(trait.properties)) expect(schema.description).toBeTruthy();
  });

  it('adds a redis container beside the component\'s own, from the binding and the authored override', async () => {
    const bound = await sidecar({});
    expect(bound.containers.map((container) => container.name)).toEqual(['shop', 'redis']);
    expect(bound.containers[1]).toEqual(redis('128Mi', '128mb', '160Mi'));
    expect(bound.result.warnings).toEqual([]);
    expect((await sidecar({ maxMemory: '1Gi', port: 6380 })).containers[1]).toEqual(redis('1Gi', '1gb', '1280Mi', 6380));
    expect((await sidecar({ maxMemory: '500M' })).containers[1]).toEqual(redis('500M', '500m', '597Mi'));
  });

  it('takes the definition\'s defaults where neither the binding nor the author sets a value', async () => {
    const bare = new HandlerTester(plugin, {
      builtins: SOURCE_BUILTINS,
      profile: profile.replace('        maxMemory: 128Mi\n', ''),
      capabilityDefinitions: [definition],
    });
    expect((await sidecar({}, bare)).containers[1]).toEqual(redis('256Mi', '256mb', '320Mi'));
  });

  it('takes its own schema as its definition, as the CLI does: no warning without a CapabilityDefinition', async () => {
    const undescribed = new HandlerTester(plugin, { builtins: SOURCE_BUILTINS, profile });
    expect((await sidecar({}, undescribed)).result.warnings).toEqual([]);
  });

  it('refuses a component without a pod template', async () => {
    await tester.runTrait('redis-sidecar', [
      {
        component: { name: 'shop', type: 'service', properties: { ports: [{ port: 80 }] } },
        error: { code: 'KUREL_HANDLER_REFUSED', message: /^component "shop" trait "redis-sidecar": component "shop" \(type service\) has no pod template/, path: 'spec.components[0].traits[0].properties' },
      },
    ]);
  });

  it('refuses a build without the binding it requires', async () => {
    await new HandlerTester(plugin, { builtins: SOURCE_BUILTINS, capabilityDefinitions: [definition] }).runTrait('redis-sidecar', [
      { component: shop, error: { code: 'KUREL_CAPABILITY', message: /redis-sidecar/ } },
    ]);
  });

  it('refuses a maxMemory that is no quantity, at the property the author wrote', async () => {
    await tester.runTrait('redis-sidecar', [
      {
        component: shop,
        properties: { maxMemory: 'lots' },
        error: { code: 'KUREL_HANDLER_REFUSED', path: 'spec.components[0].traits[0].properties.maxMemory', text: /^app\.yaml:\d+:\d+ spec\.components\[0\]\.traits\[0\]\.properties\.maxMemory: / },
      },
    ]);
  });

  it('refuses what the schema refuses with the code and path the CLI reports', async () => {
    await tester.runTrait('redis-sidecar', [
      { component: shop, properties: { port: 'high' }, error: { code: 'KUREL_PROPERTY', path: 'spec.components[0].traits[0].properties.port' } },
    ]);
  });
});
