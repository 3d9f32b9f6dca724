import { describe, it } from 'vitest';
import { builtinTester } from '../../support/engine.js';
import { carrying, deploymentObject } from './fixtures.js';

const tester = builtinTester('traits');
const hostname = { labelSelector: { matchLabels: { app: 'api' } }, maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule' };
const zone = { labelSelector: { matchLabels: { app: 'api' } }, maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'ScheduleAnyway' };
const withReplicas = (replicas: number) => ({ name: 'api', type: 'deployment', properties: { image: 'ghcr.io/example/app:v1.0.0', replicas } });

describe('topology-spread trait', () => {
  it('spreads by replica count: none for one, nodes for two, nodes and zones from three', async () => {
    await tester.runTrait('topology-spread', [
      { component: withReplicas(1), properties: {}, objects: [deploymentObject('api', { replicas: 1 })] },
      { component: withReplicas(2), properties: {}, objects: [deploymentObject('api', { replicas: 2, pod: { topologySpreadConstraints: [hostname] } })] },
      { component: withReplicas(5), properties: {}, objects: [deploymentObject('api', { replicas: 5, pod: { topologySpreadConstraints: [hostname, zone] } })] },
    ]);
  });

  it('refuses properties, existing constraints, a selector it cannot copy, and a component with no Deployment', async () => {
    const expressions = deploymentObject('api', { replicas: 2 });
    (expressions.spec as { selector: Record<string, unknown> }).selector.matchExpressions = [{ key: 'tier', operator: 'Exists' }];
    await tester.runTrait('topology-spread', [
      { title: 'property', component: withReplicas(2), properties: { maxSkew: 2 }, error: { code: 'KUREL_PROPERTY', message: /unsupported field "maxSkew"/, property: ['maxSkew'] } },
      {
        title: 'existing',
        component: carrying('api', deploymentObject('api', { replicas: 2, pod: { topologySpreadConstraints: [hostname] } })),
        properties: {},
        error: {
          code: 'KUREL_HANDLER_REFUSED',
          message: 'component "api" trait "topology-spread": topology-spread: Deployment "api" already carries 1 topologySpreadConstraints; remove them, set topologySpread: false, or drop the trait',
        },
      },
      {
        title: 'selector',
        component: carrying('api', expressions),
        properties: {},
        error: { code: 'KUREL_HANDLER_REFUSED', message: 'component "api" trait "topology-spread": topology-spread: Deployment "api" needs a selector made of matchLabels only to derive the spread selector from' },
      },
      {
        title: 'no deployment',
        component: { name: 'api', type: 'job', properties: { image: 'ghcr.io/example/app:v1.0.0' } },
        properties: {},
        error: { code: 'KUREL_HANDLER_REFUSED', message: 'component "api" trait "topology-spread": topology-spread: component "api" generates no Deployment the trait can act on' },
      },
    ]);
  });
});
