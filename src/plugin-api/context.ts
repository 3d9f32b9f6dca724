import type { PropertyPath } from './errors.js';
import type { ObjectLayout } from './object-layout.js';
import type { NameSpec, ObjectClaim } from './name-roles.js';
import type { Policy } from './policy.js';
import type { ClusterApis } from './cluster-apis.js';

/** A ClusterProfile binding: the platform's rendering for one capability key. */
export interface CapabilityBinding {
  key: string;
  rendering: Record<string, unknown>;
}

/**
 * What every handler and rule receives from the engine: reporting, capabilities and names.
 * Nothing else of the engine is reachable from a plugin.
 */
export interface HandlerContext {
  /** The namespace the element's objects are placed in. */
  readonly namespace: string;
  /** The label and annotation domain (`launcher.gokure.dev` for the CLI). */
  readonly domain: string;
  /** The key of the component label (`<domain>/component` unless configured). */
  readonly componentLabelKey: string;
  readonly clusterId: string;
  /** Reports a warning; the build goes on. */
  warn(message: string): void;
  /** Refuses the element, naming the property path (relative to the element's properties). */
  fail(message: string, path?: PropertyPath): never;
  /**
   * The environment policy (the configured one, else `NOOP_POLICY`). Apply values as authored >
   * policy default > handler default, then hold the effective value to the limits.
   */
  readonly policy: Policy;
  /** Refuses the element as a violation of the policy, of a class from `RefusalClass` (or the consumer's own). */
  violate(refusalClass: string, message: string, path?: PropertyPath): never;
  /** The ClusterProfile binding of a capability key, recorded as consumed when found. */
  capability(key: string): CapabilityBinding | undefined;
  /** What the cluster serves (the ClusterProfile's `apiResources`) and the apiVersion negotiation over it. */
  readonly cluster: ClusterApis;
  /** The body the host fetched for a URL the handler declared in `fetches`, if it did. */
  fetched(url: string): string | undefined;
  /** The text the host rendered for the chart the handler declared in `charts`, if it did. */
  renderedChart(): string | undefined;
  /** The label value identifying a component: its name, or a projection of a long one. */
  labelValue(componentName: string): string;
  /**
   * The name of an object under a role: the author's (`spec.authored`) when written, else the
   * Naming hook's answer, else the default. An authored or hook name is used as written or
   * refused. Inside a build the name is claimed, so a second owner of the same kind, namespace
   * and name is refused naming both; the hook is asked only there.
   */
  resolveName(spec: NameSpec): string;
  /** Holds a name the handler chose itself, under no role, against every other name of the build. */
  claimObjectName(claim: ObjectClaim): void;
  /** What the registry declares about where objects of this kind hold metadata (a pod template, say); undefined for a kind it does not describe. */
  objectLayout(apiVersion: string, kind: string): ObjectLayout | undefined;
}
