import { describe, expect, it } from 'vitest';
import { RefusalClass } from 'kurel/plugin-api';
import { builtinTester, emitted } from '../../support/engine.js';
import { meta } from './fixtures.js';

const tester = builtinTester('traits');
const image = 'ghcr.io/example/api:v1.0.0';
const component = { name: 'api', type: 'deployment', properties: { image } };

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
  it('scales the Deployment on CPU at 80% by default', async () => {
    await tester.runTrait('scaler', [
      { component, properties: { minReplicas: 2, maxReplicas: 10 }, contains: [hpa({ minReplicas: 2, maxReplicas: 10, metrics: [cpu(80)] })], kinds: ['Deployment', 'HorizontalPodAutoscaler'] },
    ]);
  });

  it('names the HPA and the PDB by hpaName and pdbName, used as written, and refuses one that is no name', async () => {
    const named = { minReplicas: 2, maxReplicas: 4, enablePDB: true, hpaName: 'api-autoscaler', pdbName: 'api-budget' };
    const { objects } = await emitted([{ ...component, traits: [{ type: 'scaler', properties: named }] }]);
    expect(objects.slice(1).map((object) => object.metadata.name)).toEqual(['api-autoscaler', 'api-budget']);
    await tester.runTrait('scaler', [
      {
        component,
        properties: { minReplicas: 1, maxReplicas: 3, hpaName: 'Api_HPA' },
        error: { message: /^component "api" trait "scaler": hpaName "Api_HPA" cannot be the name for role "hpa": not a valid DNS-1123 subdomain: .*; write a valid name, or leave the property out for the default "api-hpa"$/, property: ['hpaName'] },
      },
    ]);
  });

  it('targets memory alone when only memory is set, and both when both are', async () => {
    await tester.runTrait('scaler', [
      { component, properties: { minReplicas: 1, maxReplicas: 3, memoryUtilization: 70 }, contains: [hpa({ minReplicas: 1, maxReplicas: 3, metrics: [memory(70)] })] },
      {
        component,
        properties: { minReplicas: 1, maxReplicas: 3, cpuUtilization: 60, memoryUtilization: 70 },
        contains: [hpa({ minReplicas: 1, maxReplicas: 3, metrics: [cpu(60), memory(70)] })],
      },
    ]);
  });

  it('names the scale target by the Deployment object name and adds a PDB with enablePDB', async () => {
    const renamed = { ...component, properties: { image, objectName: 'api-v2' } };
    await tester.runTrait('scaler', [
      {
        component: renamed,
        properties: { minReplicas: 2, maxReplicas: 10, enablePDB: true },
        names: ['Deployment/api-v2', 'HorizontalPodAutoscaler/api-hpa', 'PodDisruptionBudget/api-pdb'],
        contains: [
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

  it('refuses bounds the autoscaler cannot honour', async () => {
    await tester.runTrait('scaler', [
      {
        title: 'no min and no policy default',
        component,
        properties: { maxReplicas: 3 },
        error: { message: 'component "api" trait "scaler": minReplicas must be >= 1, got 0 (set it on the trait or via an EnvironmentPolicy scaler default)', property: ['minReplicas'] },
      },
      // The schema holds an authored bound (minimum 1) before the trait runs.
      { title: 'min', component, properties: { minReplicas: 0, maxReplicas: 3 }, error: { code: 'KUREL_PROPERTY', message: 'component "api" trait "scaler": 0 is less than the minimum 1', property: ['minReplicas'] } },
      { title: 'max', component, properties: { minReplicas: 1, maxReplicas: 0 }, error: { code: 'KUREL_PROPERTY', message: 'component "api" trait "scaler": 0 is less than the minimum 1', property: ['maxReplicas'] } },
      { title: 'no max and no policy default', component, properties: { minReplicas: 2 }, error: { message: 'component "api" trait "scaler": maxReplicas (0) must be >= minReplicas (2)' } },
      { title: 'max', component, properties: { minReplicas: 4, maxReplicas: 3 }, error: { message: 'component "api" trait "scaler": maxReplicas (3) must be >= minReplicas (4)' } },
      {
        title: 'pdb',
        component,
        properties: { minReplicas: 1, maxReplicas: 3, enablePDB: true },
        error: { message: 'component "api" trait "scaler": enablePDB requires minReplicas >= 2 (got 1); with 1 replica PDB blocks all voluntary disruptions', property: ['enablePDB'] },
      },
      { title: 'cpu', component, properties: { minReplicas: 1, maxReplicas: 3, cpuUtilization: 120 }, error: { message: 'component "api" trait "scaler": cpuUtilization must be between 1 and 100, got 120' } },
      { title: 'memory', component, properties: { minReplicas: 1, maxReplicas: 3, memoryUtilization: 0 }, error: { message: 'component "api" trait "scaler": memoryUtilization must be between 1 and 100, got 0' } },
    ]);
  });

  it('refuses a component type that renders no Deployment before the handler runs', async () => {
    await tester.runTrait('scaler', [
      {
        title: 'statefulset',
        component: { name: 'api', type: 'statefulset', properties: { image } },
        properties: { minReplicas: 1, maxReplicas: 3 },
        error: { code: 'KUREL_TRAIT_NOT_SUPPORTED', message: 'trait "scaler" is not supported on component type "statefulset" (component "api"); supported types: webservice, worker, deployment' },
      },
    ]);
  });
});

describe('scaler under an environment policy', () => {
  const governed = builtinTester('traits', { policy: { defaultScalerMinReplicas: () => 2, defaultScalerMaxReplicas: () => 4, maxReplicas: () => 5 } });

  it('fills the bounds the trait leaves out from the policy defaults; authored bounds win', async () => {
    await governed.runTrait('scaler', [
      { title: 'both defaulted', component, properties: {}, contains: [hpa({ minReplicas: 2, maxReplicas: 4, metrics: [cpu(80)] })] },
      { title: 'authored min', component, properties: { minReplicas: 3 }, contains: [hpa({ minReplicas: 3, maxReplicas: 4, metrics: [cpu(80)] })] },
      { title: 'authored max', component, properties: { maxReplicas: 5 }, contains: [hpa({ minReplicas: 2, maxReplicas: 5, metrics: [cpu(80)] })] },
    ]);
  });

  it('refuses an effective maxReplicas over the maximum as a replica-maximum violation', async () => {
    await governed.runTrait('scaler', [
      { title: 'authored', component, properties: { minReplicas: 1, maxReplicas: 9 }, error: { message: 'component "api": replicas 9 exceeds enforced maximum 5', property: ['maxReplicas'], refusalClass: RefusalClass.replicaMaximum, code: 'KUREL_POLICY_VIOLATION' } },
    ]);
    await builtinTester('traits', { policy: { defaultScalerMaxReplicas: () => 8, maxReplicas: () => 5 } }).runTrait('scaler', [
      { title: 'defaulted', component, properties: { minReplicas: 1 }, error: { message: 'component "api": replicas 8 exceeds enforced maximum 5', refusalClass: RefusalClass.replicaMaximum } },
    ]);
  });
});
