import { describe, expect, it } from 'vitest';
import { build, lower, refusal } from './support.js';
import { deploymentObject, serviceAccountObject } from './fixtures.js';

const image = 'ghcr.io/example/worker:v1.0.0';

describe('worker', () => {
  it('lowers to a deployment and its serviceaccount, with no Service', () => {
    const members = lower('worker', { name: 'backend', properties: { image }, traits: [{ type: 'expose', properties: {} }] });
    expect(members.map((m) => m.type)).toEqual(['deployment', 'serviceaccount']);
    expect(members[0].properties).toEqual({ image, serviceAccountName: 'backend' });
    expect(members[0].traits).toEqual([{ type: 'topology-spread', properties: {} }, { type: 'expose', properties: {} }]);
  });

  it('builds a Deployment without ports, then its ServiceAccount', () => {
    expect(build({ name: 'backend', type: 'worker', properties: { image } }).objects).toEqual([
      deploymentObject('backend', { container: { image }, pod: { serviceAccountName: 'backend' } }),
      serviceAccountObject('backend'),
    ]);
  });

  it('has no port', () => {
    expect(refusal(() => lower('worker', { name: 'backend', properties: { image, port: 80 } })).message).toMatch(/unsupported field "port"/);
  });
});
