import { HandlerError, type PropertyPath } from './errors.js';
import { ErrorCode } from './error-codes.js';

/** A kind as an object-kind policy names it: matched in any version; `kind: '*'` is every kind of the group. */
export interface GroupKind {
  /** The API group; `''` is the core group. */
  group: string;
  kind: string;
}

/**
 * The environment policy: per-environment limits, defaults, security flags and constraints that
 * handlers read through `ctx.policy`. An empty answer (undefined, `''`, an empty list) sets no
 * limit and no default; the security flags are default-deny.
 */
export interface Policy {
  maxReplicas(): number | undefined;
  /** A quantity; `''` sets no maximum. */
  maxCPU(): string;
  maxMemory(): string;
  maxStorageSize(): string;
  /** Registry hosts images and fetched documents may come from; empty allows every host. */
  allowedRegistries(): string[];

  defaultReplicas(): number | undefined;
  defaultCPURequest(): string;
  defaultMemoryRequest(): string;
  defaultCPULimit(): string;
  defaultMemoryLimit(): string;
  defaultStorageSize(): string;
  defaultScalerMinReplicas(): number | undefined;
  defaultScalerMaxReplicas(): number | undefined;

  allowHostNetwork(): boolean;
  allowPrivileged(): boolean;
  allowHostPID(): boolean;
  allowHostIPC(): boolean;
  allowHostPathVolumes(): boolean;

  /** Trait types (`ingress`, `scaler`) a component may carry; empty allows every type. */
  allowedCapabilities(): string[];
  forbiddenCapabilities(): string[];
  /** Trait types every component must carry. */
  requiredCapabilities(): string[];
  /** Linux capabilities a container may add; empty allows every one. Forbidden wins. */
  allowedContainerCapabilities(): string[];
  forbiddenContainerCapabilities(): string[];
}

/** An optional interface: whether a document may carry secret values itself. Not implemented means allowed. */
export interface ExplicitSecretPolicy {
  allowExplicitSecrets(): boolean;
}

/** An optional interface: which kinds a build may emit, and whether it may emit cluster-scoped ones. */
export interface ObjectKindPolicy {
  /** Empty allows every kind. */
  allowedObjectKinds(): GroupKind[];
  /** A kind on both lists is forbidden. */
  forbiddenObjectKinds(): GroupKind[];
  allowClusterScopedObjects(): boolean;
}

/** What a refusal by the policy is about: a closed set, so a consumer reports by class, not by text. */
export const RefusalClass = {
  hostNamespace: 'host-namespace',
  privileged: 'privileged',
  hostPath: 'host-path',
  containerCapability: 'container-capability',
  registry: 'registry',
  resourceMaximum: 'resource-maximum',
  storageMaximum: 'storage-maximum',
  replicaMaximum: 'replica-maximum',
  explicitSecret: 'explicit-secret',
  traitCapability: 'trait-capability',
  unreadableObject: 'unreadable-object',
  objectKind: 'object-kind',
} as const;

export type RefusalClassValue = (typeof RefusalClass)[keyof typeof RefusalClass];

/**
 * A refusal by the environment policy. The engine reports it as a violation of the component,
 * `component "web": <message>`, carrying its class. A consumer's own class passes on as given.
 */
export class PolicyRefusal extends HandlerError {
  constructor(
    readonly refusalClass: string,
    message: string,
    path: PropertyPath = [],
  ) {
    super(message, path, ErrorCode.policyViolation);
    this.name = 'PolicyRefusal';
  }
}
