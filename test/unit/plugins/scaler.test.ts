import { describe, expect, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { NOOP_POLICY, RefusalClass } from 'kurel/plugin-api';
import { scaler } from '../../../plugins/builtin-traits/scaler.js';
import { deploymentObject, meta } from './fixtures.js';

const tester = new HandlerTester();
const component = { name: 'api', type: 'deployment', objects: [deploymentObject('api')] };

function hpa(spec: Record<string, unknown>, target = 'api') {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: meta('api-hpa', 'api'),
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: target }, ...spec },
  };
}

const cpu = (averageUtilization: number) => ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization } } });
const memory = (averageUtilization: number) => ({ type: 'Resource', resource: { name: 'memory', target: { type: 'Utilization', averageUtilization } } });

describe('scaler trait', () => {
  it('scales the Deployment on CPU at 80% by default', () => {
    tester.runTrait(scaler, [
      { component, properties: { minReplicas: 2, maxReplicas: 10 }, objects: [hpa({ minReplicas: 2, maxReplicas: 10, metrics: [cpu(80)] })] },
    ]);
  });

  it('names the HPA and the PDB by hpaName and pdbName, used as written, and refuses one that is no name', () => {
    const named = { minReplicas: 2, maxReplicas: 4, enablePDB: true, hpaName: 'api-autoscaler', pdbName: 'api-budget' };
    const { objects } = tester.applyTrait(scaler, { component, properties: named });
    expect(objects.map((object) => object.metadata.name)).toEqual(['api-autoscaler', 'api-budget']);
    tester.runTrait(scaler, [
      { component, properties: { minReplicas: 1, maxReplicas: 3, hpaName: 'Api_HPA' }, error: { message: /^hpaName "Api_HPA" cannot be the name for role "hpa": not a valid DNS-1123 subdomain: .*; write a valid name, or leave the property out for the default "api-hpa"$/, path: ['hpaName'] } },
    ]);
  });

  it('targets memory alone when only memory is set, and both when both are', () => {
    tester.runTrait(scaler, [
      { component, properties: { minReplicas: 1, maxReplicas: 3, memoryUtilization: 70 }, objects: [hpa({ minReplicas: 1, maxReplicas: 3, metrics: [memory(70)] })] },
      {
        component,
        properties: { minReplicas: 1, maxReplicas: 3, cpuUtilization: 60, memoryUtilization: 70 },
        objects: [hpa({ minReplicas: 1, maxReplicas: 3, metrics: [cpu(60), memory(70)] })],
      },
    ]);
  });

  it('names the scale target by the Deployment object name and adds a PDB with enablePDB', () => {
    const renamed = { ...component, objects: [{ ...deploymentObject('api'), metadata: { ...meta('api'), name: 'api-v2' } }] };
    tester.runTrait(scaler, [
      {
        component: renamed,
        properties: { minReplicas: 2, maxReplicas: 10, enablePDB: true },
        objects: [
          hpa({ minReplicas: 2, maxReplicas: 10, metrics: [cpu(80)] }, 'api-v2'),
          {
            apiVersion: 'policy/v1',
            kind: 'PodDisruptionBudget',
            metadata: meta('api-pdb', 'api'),
            spec: { minAvailable: '50%', selector: { matchLabels: { app: 'api' } } },
          },
        ],
      },
    ]);
  });

  it('refuses bounds the autoscaler cannot honour', () => {
    tester.runTrait(scaler, [
      {
        title: 'no min and no policy default',
        component,
        properties: { maxReplicas: 3 },
        error: { message: 'minReplicas must be >= 1, got 0 (set it on the trait or via an EnvironmentPolicy scaler default)', path: ['minReplicas'] },
      },
      { title: 'min', component, properties: { minReplicas: 0, maxReplicas: 3 }, error: { message: 'minReplicas must be >= 1, got 0 (set it on the trait or via an EnvironmentPolicy scaler default)', path: ['minReplicas'] } },
      { title: 'no max and no policy default', component, properties: { minReplicas: 2 }, error: { message: 'maxReplicas (0) must be >= minReplicas (2)' } },
      { title: 'max', component, properties: { minReplicas: 4, maxReplicas: 3 }, error: { message: 'maxReplicas (3) must be >= minReplicas (4)' } },
      {
        title: 'pdb',
        component,
        properties: { minReplicas: 1, maxReplicas: 3, enablePDB: true },
        error: { message: 'enablePDB requires minReplicas >= 2 (got 1); with 1 replica PDB blocks all voluntary disruptions', path: ['enablePDB'] },
      },
      { title: 'cpu', component, properties: { minReplicas: 1, maxReplicas: 3, cpuUtilization: 120 }, error: { message: 'cpuUtilization must be between 1 and 100, got 120' } },
      { title: 'memory', component, properties: { minReplicas: 1, maxReplicas: 3, memoryUtilization: 0 }, error: { message: 'memoryUtilization must be between 1 and 100, got 0' } },
      {
        title: 'no deployment',
        component: { name: 'api', type: 'deployment', objects: [] },
        properties: { minReplicas: 1, maxReplicas: 3 },
        error: { message: 'scaler: component "api" generates no Deployment to scale' },
      },
    ]);
  });
});

describe('scaler under an environment policy', () => {
  const policy = { ...NOOP_POLICY, defaultScalerMinReplicas: () => 2, defaultScalerMaxReplicas: () => 4, maxReplicas: () => 5 };
  const governed = new HandlerTester({ policy });

  it('fills the bounds the trait leaves out from the policy defaults; authored bounds win', () => {
    governed.runTrait(scaler, [
      { title: 'both defaulted', component, properties: {}, objects: [hpa({ minReplicas: 2, maxReplicas: 4, metrics: [cpu(80)] })] },
      { title: 'authored min', component, properties: { minReplicas: 3 }, objects: [hpa({ minReplicas: 3, maxReplicas: 4, metrics: [cpu(80)] })] },
      { title: 'authored max', component, properties: { maxReplicas: 5 }, objects: [hpa({ minReplicas: 2, maxReplicas: 5, metrics: [cpu(80)] })] },
    ]);
  });

  it('refuses an effective maxReplicas over the maximum as a replica-maximum violation', () => {
    governed.runTrait(scaler, [
      { title: 'authored', component, properties: { minReplicas: 1, maxReplicas: 9 }, error: { message: 'replicas 9 exceeds enforced maximum 5', path: ['maxReplicas'], refusalClass: RefusalClass.replicaMaximum, code: 'KUREL_POLICY_VIOLATION' } },
    ]);
    new HandlerTester({ policy: { ...NOOP_POLICY, defaultScalerMaxReplicas: () => 8, maxReplicas: () => 5 } }).runTrait(scaler, [
      { title: 'defaulted', component, properties: { minReplicas: 1 }, error: { message: 'replicas 8 exceeds enforced maximum 5', refusalClass: RefusalClass.replicaMaximum } },
    ]);
  });
});
