import type { Properties } from './objects.js';
import type { PostPolicyStep } from './post-policy.js';

/** A trait as written in an Application (or emitted by a lowering rule). */
export interface AuthoredTrait {
  type: string;
  properties: Properties;
}

/** A component as written in an Application (or emitted by a lowering rule). */
export interface AuthoredComponent {
  name: string;
  type: string;
  properties: Properties;
  annotations?: Record<string, string>;
  traits?: AuthoredTrait[];
  /** Names of components this one is ordered after (set by lowering rules). */
  orderAfter?: string[];
  /**
   * The name of the member's object when it is not the member's name: set by
   * `LoweringContext.resolveMemberName`, or from a name the rule resolved with `resolveName`, so
   * that it is claimed. The transform refuses it on a type that declares no object.
   */
  objectName?: string;
  /**
   * Steps run on what the component's handler built under the policy, in this order (see
   * `afterPolicy`). Set by lowering rules only; a copy of the component carries them.
   */
  afterPolicy?: PostPolicyStep[];
}

export interface AuthoredPolicy {
  name: string;
  type: string;
  properties: Properties;
}

export interface DocumentMetadata {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** An OAM document (an Application or a kind a document lowering rule claims). */
export interface AuthoredDocument {
  apiVersion: string;
  kind: string;
  metadata: DocumentMetadata;
  spec: Record<string, unknown>;
}

/** What a rule is told about the document it works in. */
export interface DocumentInfo {
  name: string;
  kind: string;
  namespace: string;
  /**
   * The document's components as they stand when the lowering round the rule runs in starts (the
   * one being lowered included), for a rule whose output depends on its siblings: the oci rule
   * shares a source only among the oci components of one artifact. Absent outside a build.
   */
  components?: ReadonlyArray<{ name: string; type: string; properties: Readonly<Record<string, unknown>> }>;
}
