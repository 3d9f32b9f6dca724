import { describe, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { topologySpread } from '../../../plugins/builtin-traits/topology-spread.js';
import { deploymentObject } from './isolated-fixtures.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

const tester = new HandlerTester({ plugins: SOURCE_BUILTINS });
const hostname = { labelSelector: { matchLabels: { app: 'api' } }, maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule' };
const zone = { labelSelector: { matchLabels: { app: 'api' } }, maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'ScheduleAnyway' };
const withReplicas = (replicas: number, pod: Record<string, unknown> = {}) => ({ name: 'api', type: 'deployment', objects: [deploymentObject('api', { replicas, pod })] });

describe('topology-spread trait', () => {
  it('spreads by replica count: none for one, nodes for two, nodes and zones from three', () => {
    tester.runTrait(topologySpread, [
      { component: withReplicas(1), properties: {}, componentObjects: [deploymentObject('api', { replicas: 1 })], objects: [] },
      { component: withReplicas(2), properties: {}, componentObjects: [deploymentObject('api', { replicas: 2, pod: { topologySpreadConstraints: [hostname] } })] },
      { component: withReplicas(5), properties: {}, componentObjects: [deploymentObject('api', { replicas: 5, pod: { topologySpreadConstraints: [hostname, zone] } })] },
    ]);
  });

  it('refuses properties, existing constraints, a selector it cannot copy, and a component with no Deployment', () => {
    const expressions = withReplicas(2);
    (expressions.objects[0].spec as any).selector.matchExpressions = [{ key: 'tier', operator: 'Exists' }];
    tester.runTrait(topologySpread, [
      { title: 'property', component: withReplicas(2), properties: { maxSkew: 2 }, error: { message: /unsupported field "maxSkew"/ } },
      {
        title: 'existing',
        component: withReplicas(2, { topologySpreadConstraints: [hostname] }),
        properties: {},
        error: { message: 'topology-spread: Deployment "api" already carries 1 topologySpreadConstraints; remove them, set topologySpread: false, or drop the trait' },
      },
      { title: 'selector', component: expressions, properties: {}, error: { message: 'topology-spread: Deployment "api" needs a selector made of matchLabels only to derive the spread selector from' } },
      {
        title: 'no deployment',
        component: { name: 'api', type: 'job', objects: [] },
        properties: {},
        error: { message: 'topology-spread: component "api" generates no Deployment the trait can act on' },
      },
    ]);
  });
});
