import type { ExplicitSecretPolicy, ObjectKindPolicy, Policy } from '../policy.js';

/** The policy in force when none is configured: no limits, no defaults, every security flag denied. */
export const NOOP_POLICY: Policy = Object.freeze({
  maxReplicas: () => undefined,
  maxCPU: () => '',
  maxMemory: () => '',
  maxStorageSize: () => '',
  allowedRegistries: () => [],
  defaultReplicas: () => undefined,
  defaultCPURequest: () => '',
  defaultMemoryRequest: () => '',
  defaultCPULimit: () => '',
  defaultMemoryLimit: () => '',
  defaultStorageSize: () => '',
  defaultScalerMinReplicas: () => undefined,
  defaultScalerMaxReplicas: () => undefined,
  allowHostNetwork: () => false,
  allowPrivileged: () => false,
  allowHostPID: () => false,
  allowHostIPC: () => false,
  allowHostPathVolumes: () => false,
  allowedCapabilities: () => [],
  forbiddenCapabilities: () => [],
  requiredCapabilities: () => [],
  allowedContainerCapabilities: () => [],
  forbiddenContainerCapabilities: () => [],
});

/** The accessor names of `Policy`, in declaration order. */
export const POLICY_ACCESSORS = Object.keys(NOOP_POLICY) as Array<keyof Policy>;
/** The accessor names of the optional policy interfaces. */
export const OPTIONAL_POLICY_ACCESSORS = ['allowExplicitSecrets', 'allowedObjectKinds', 'forbiddenObjectKinds', 'allowClusterScopedObjects'] as const;

/** Whether the policy lets a document carry secret values itself: yes unless it implements `ExplicitSecretPolicy` and says no. */
export function explicitSecretsAllowed(policy: Policy): boolean {
  const answer = (policy as Partial<ExplicitSecretPolicy>).allowExplicitSecrets;
  return typeof answer !== 'function' || answer.call(policy) !== false;
}

/** The policy's object-kind answers, or undefined when it does not implement `ObjectKindPolicy` (every kind allowed). */
export function objectKindPolicy(policy: Policy): ObjectKindPolicy | undefined {
  const candidate = policy as Partial<ObjectKindPolicy>;
  if (typeof candidate.allowedObjectKinds !== 'function' && typeof candidate.forbiddenObjectKinds !== 'function' && typeof candidate.allowClusterScopedObjects !== 'function') return undefined;
  return {
    allowedObjectKinds: () => candidate.allowedObjectKinds?.call(policy) ?? [],
    forbiddenObjectKinds: () => candidate.forbiddenObjectKinds?.call(policy) ?? [],
    allowClusterScopedObjects: () => candidate.allowClusterScopedObjects?.call(policy) ?? false,
  };
}
