import { describe, expect, it } from 'vitest';
import { HandlerTester } from 'kurel/plugin-api/testing';
import components from '../../../plugins/builtin-components/index.js';
import { SOURCE_BUILTINS } from '../../support/source-builtins.js';

const tester = new HandlerTester(components, { builtins: SOURCE_BUILTINS });
const image = 'ghcr.io/example/worker:v1.0.0';

describe('worker', () => {
  it('lowers to a Deployment and its ServiceAccount, with no Service', async () => {
    const result = await tester.build([{ name: 'backend', type: 'worker', properties: { image } }]);
    expect(result.steps.map((step) => `${step.rule} ${step.from} -> ${step.to.join(' ')}`)).toEqual([expect.stringMatching(/^component\/worker@v1\S* backend -> /)]);
    expect(result.objects.map((object) => `${object.kind}/${object.metadata.name}`)).toEqual(['Deployment/backend', 'ServiceAccount/backend']);
    const pod = (result.objects[0].spec as { template: { spec: Record<string, unknown> } }).template.spec;
    expect(pod.serviceAccountName).toBe('backend');
    expect((pod.containers as Array<Record<string, unknown>>)[0]).toMatchObject({ image });
    expect((pod.containers as Array<Record<string, unknown>>)[0].ports).toBeUndefined();
  });

  it('generates no ServiceAccount when the pods run as an existing one', async () => {
    const result = await tester.build([{ name: 'backend', type: 'worker', properties: { image, serviceAccountName: 'shared' } }]);
    expect(result.objects.map((object) => `${object.kind}/${object.metadata.name}`)).toEqual(['Deployment/backend']);
    expect((result.objects[0].spec as { template: { spec: Record<string, unknown> } }).template.spec.serviceAccountName).toBe('shared');
  });

  it('has no port', async () => {
    await tester.runComponent('worker', [{ name: 'backend', properties: { image, port: 80 }, error: { code: 'KUREL_PROPERTY', message: /unsupported field "port"/, path: 'spec.components[0].properties.port' } }]);
  });
});
