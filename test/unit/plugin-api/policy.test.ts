import { describe, expect, it } from 'vitest';
import { isHandlerError, PolicyRefusal } from '../../../src/plugin-api/index.js';
import { explicitSecretsAllowed, NOOP_POLICY, objectKindPolicy, refusalClasses, refusalClassOf } from '../../../src/plugin-api/kit/index.js';

describe('the Policy contract', () => {
  it('gives the closed set of refusal classes', () => {
    expect(refusalClasses()).toEqual([
      'host-namespace',
      'privileged',
      'host-path',
      'container-capability',
      'registry',
      'resource-maximum',
      'storage-maximum',
      'replica-maximum',
      'explicit-secret',
      'trait-capability',
      'unreadable-object',
      'object-kind',
    ]);
  });

  it('has the no-op policy set no limit and no default, deny every security flag and constrain nothing', () => {
    expect([NOOP_POLICY.maxReplicas(), NOOP_POLICY.maxCPU(), NOOP_POLICY.defaultStorageSize(), NOOP_POLICY.defaultScalerMinReplicas()]).toEqual([undefined, '', '', undefined]);
    expect([NOOP_POLICY.allowHostNetwork(), NOOP_POLICY.allowHostPID(), NOOP_POLICY.allowHostIPC(), NOOP_POLICY.allowPrivileged(), NOOP_POLICY.allowHostPathVolumes()]).toEqual([false, false, false, false, false]);
    expect([NOOP_POLICY.allowedCapabilities(), NOOP_POLICY.forbiddenContainerCapabilities(), NOOP_POLICY.allowedRegistries()]).toEqual([[], [], []]);
    expect(explicitSecretsAllowed(NOOP_POLICY)).toBe(true);
    expect(objectKindPolicy(NOOP_POLICY)).toBeUndefined();
  });

  it('carries a refusal class on a PolicyRefusal, a handler error the engine places', () => {
    const refusal = new PolicyRefusal('my-own-class', 'too big', ['size']);
    expect(isHandlerError(refusal)).toBe(true);
    expect(refusalClassOf(refusal)).toBe('my-own-class');
    expect(refusalClassOf(new Error('plain'))).toBeUndefined();
    expect([refusal.message, refusal.path]).toEqual(['too big', ['size']]);
  });
});
