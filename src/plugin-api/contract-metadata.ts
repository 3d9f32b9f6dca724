/** Registration metadata a handler or lowering rule declares about the contract it implements. */
export interface ContractMetadata {
  /** The family the type belongs to; built-ins use their type name. */
  family?: string;
  /** Folded into a lowering rule's identity: `component/webservice@v1alpha1`. */
  version?: string;
  /** ClusterProfile capability keys an element of this type needs. */
  requiredCapabilityKeys?: string[];
  /** Every authored element of a deprecated type is warned about. */
  deprecated?: boolean;
  deprecationMessage?: string;
}

/** Every type a lowering rule can emit, checked when the registry is sealed. */
export interface LoweringTargets {
  componentTypes?: string[];
  traitTypes?: string[];
  policyTypes?: string[];
}
