import { describe, expect, it } from 'vitest';
import type { K8sObject, TraitHandler } from 'kurel/plugin-api';
import { HandlerTester } from 'kurel/plugin-api/testing';
import plugin from '../../examples/plugins/redis-sidecar/src/index.js';

const trait = plugin.traits?.find((t) => t.type === 'redis-sidecar') as TraitHandler;
const tester = new HandlerTester({ capabilities: { 'redis-sidecar': { image: 'redis:7.2.4', maxMemory: '128Mi' } } });

function deployment(containers: Array<Record<string, unknown>>): K8sObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'shop', namespace: 'default' },
    spec: { template: { metadata: { labels: { app: 'shop' } }, spec: { containers } } },
  };
}

const shop = { name: 'shop', image: 'ghcr.io/example/shop:v1.2.0', ports: [{ containerPort: 8080, name: 'http' }] };
const service: K8sObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'shop' }, spec: { ports: [{ port: 80 }] } };

function redis(maxMemory: string, redisMemory: string, limit: string, port = 6379) {
  return {
    name: 'redis',
    image: 'redis:7.2.4',
    args: ['--maxmemory', redisMemory, '--port', String(port)],
    ports: [{ containerPort: port, name: 'redis', protocol: 'TCP' }],
    resources: { requests: { cpu: '50m', memory: maxMemory }, limits: { memory: limit } },
  };
}

describe('redis-sidecar trait', () => {
  it('declares its schema and requires a ClusterProfile binding', () => {
    expect(plugin.meta).toEqual({ name: '@example/kurel-plugin-redis-sidecar', version: '0.1.0', kurelApi: '^1.0.0' });
    expect(trait.capability).toEqual({ required: true });
    expect(trait.properties.image).toMatchObject({ type: 'string', required: true });
    expect(trait.properties.maxMemory).toMatchObject({ type: 'string', default: '256Mi' });
    expect(trait.properties.port).toMatchObject({ type: 'integer', default: 6379 });
    for (const schema of Object.values(trait.properties)) expect(schema.description).toBeTruthy();
  });

  it('adds a redis container to every pod template, from the binding and the authored override', () => {
    tester.runTrait(trait, [
      {
        title: 'binding only',
        properties: {},
        component: { name: 'shop', type: 'deployment', objects: [deployment([shop]), service] },
        componentObjects: [deployment([shop, redis('128Mi', '128mb', '160Mi')]), service],
        objects: [],
      },
      {
        title: 'authored values win over the binding',
        properties: { maxMemory: '1Gi', port: 6380 },
        component: { name: 'shop', type: 'deployment', objects: [deployment([shop])] },
        componentObjects: [deployment([shop, redis('1Gi', '1gb', '1280Mi', 6380)])],
      },
      {
        title: 'decimal units keep their family',
        properties: { maxMemory: '500M' },
        component: { name: 'shop', type: 'deployment', objects: [deployment([shop])] },
        componentObjects: [deployment([shop, redis('500M', '500m', '597Mi')])],
      },
    ]);
  });

  it('defaults maxMemory and port when neither the binding nor the author sets them', () => {
    const bare = new HandlerTester({ capabilities: { 'redis-sidecar': { image: 'redis:7.2.4' } } });
    const { componentObjects } = bare.applyTrait(trait, {
      properties: {},
      component: { name: 'shop', type: 'deployment', objects: [deployment([shop])] },
    });
    expect(componentObjects).toEqual([deployment([shop, redis('256Mi', '256mb', '320Mi')])]);
  });

  it('refuses a component without a pod template', () => {
    tester.runTrait(trait, [
      {
        properties: {},
        component: { name: 'shop', type: 'service', objects: [service] },
        error: { code: 'KUREL_HANDLER_REFUSED', message: /component "shop" .*has no pod template/, path: [] },
      },
    ]);
  });

  it('refuses a pod template that already has a container named redis', () => {
    tester.runTrait(trait, [
      {
        properties: {},
        component: { name: 'shop', type: 'deployment', objects: [deployment([shop, { name: 'redis', image: 'redis:6' }])] },
        error: { code: 'KUREL_HANDLER_REFUSED', message: /Deployment "shop" already has a container named "redis"/, path: [] },
      },
    ]);
  });

  it('refuses what the schema refuses: a missing image, a maxMemory that is no quantity', () => {
    new HandlerTester().runTrait(trait, [
      {
        properties: {},
        component: { name: 'shop', type: 'deployment', objects: [deployment([shop])] },
        error: { code: 'KUREL_PROPERTY', message: '"image" is required', path: [] },
      },
    ]);
    tester.runTrait(trait, [
      {
        properties: { maxMemory: 'lots' },
        component: { name: 'shop', type: 'deployment', objects: [deployment([shop])] },
        error: { code: 'KUREL_HANDLER_REFUSED', path: ['maxMemory'] },
      },
    ]);
  });
});
