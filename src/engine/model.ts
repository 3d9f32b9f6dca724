import type { K8sObject, PostPolicyStep, Properties } from '../plugin-api/index.js';

export type Path = (string | number)[];

/** The authored element an emitted element descends from; copied unchanged at every depth. */
export interface Origin {
  document: string;
  documentKind: string;
  namespace: string;
  component?: string;
  componentType?: string;
  traitType?: string;
  policy?: string;
  /** The immediate producer, `<position>/<type>@<version>`; empty when authored. */
  rule: string;
}

export interface WorkTrait {
  type: string;
  properties: Properties;
  /** The engine-owned `scope`: picks the `<type>.<scope>` capability binding. */
  scope?: string;
  origin: Origin;
  /** The authored trait's place in the source, for diagnostics. */
  path: Path;
  /** Emitted by a rule (its properties were checked against its target's schema on emission). */
  emitted: boolean;
  /** Built by a rule: no capability rendering is merged into it later. */
  sealed: boolean;
}

export interface WorkComponent {
  name: string;
  type: string;
  properties: Properties;
  annotations: Record<string, string>;
  traits: WorkTrait[];
  orderAfter: string[];
  /** The post-policy steps a lowering rule attached, in order; never authored. */
  afterPolicy?: PostPolicyStep[];
  origin: Origin;
  path: Path;
  emitted: boolean;
  /** Members of one same-name sibling group share this id. */
  group?: number;
  /** The name of the object of a member a rule named with `resolveMemberName`. */
  objectName?: string;
  /** Authored `optional: true`: left out, with a warning, where the cluster does not serve what it emits. */
  optional?: boolean;
}

export interface WorkPolicy {
  name: string;
  type: string;
  properties: Properties;
  origin: Origin;
  path: Path;
  emitted: boolean;
}

/** One rule application: which rule turned which element into what. */
export interface LoweringStep {
  rule: string;
  position: string;
  round: number;
  from: string;
  to: string[];
  /** The authored component or policy the lowered element descends from. */
  component?: string;
  policy?: string;
}

export function describeOrigin(origin: Origin): string {
  let element: string;
  if (origin.traitType) element = `trait "${origin.traitType}" on component "${origin.component}"`;
  else if (origin.policy) element = `policy "${origin.policy}"`;
  else if (origin.component) element = `component "${origin.component}" (type "${origin.componentType}")`;
  else element = `document "${origin.document}"`;
  return `${element} in document "${origin.document}" (kind "${origin.documentKind}")`;
}

/** An object with the producer that generated it. */
export interface GeneratedObject {
  object: K8sObject;
  /** `component "web"` or `sub-application "web-hpa" of component "web"`. */
  producer: string;
  component: string;
  /** The application (`name`) and, for a trait's objects, the sub-application that made it. */
  source: { application: number; subApplication?: number; name: string };
  /** The application, or sub-application, carries the force-replace delivery intent. */
  forceReplace?: boolean;
}
