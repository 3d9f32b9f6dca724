import type { PropertyPath } from './errors.js';
import type { AuthoredComponent } from './authored.js';
import type { Properties } from './objects.js';
import type { ObjectLayout } from './object-layout.js';
import type { NameRole, NameSpec, ObjectClaim } from './name-roles.js';
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

/** The generated-name allocator shared by every rule of one build. */
export interface Namer {
  /** `<base>-<suffix>`, shortened past 253 characters, checked and claimed. Any repeat claim is refused. */
  name(base: string, suffix: string): string;
  /** Claims a name as written; any repeat claim is refused. */
  reserve(name: string): string;
  /**
   * Claims a name for an element whose content is fully determined by `identity` (a string built
   * from every input that shapes it). The first claim returns `adopted: false` and the rule emits
   * the element; a later claim with the same identity from the same document returns
   * `adopted: true` and the rule only references it. Another identity at the name is refused.
   */
  emitOrAdopt(name: string, identity: string): { name: string; adopted: boolean };
  /** `emitOrAdopt` through `name`'s `<base>-<suffix>` construction, shortening and check. */
  nameOrAdopt(base: string, suffix: string, identity: string): { name: string; adopted: boolean };
}

/** The name of the one object of a member a rule emits, under a role. */
export interface MemberNameSpec {
  role: NameRole;
  /** The author's value, when written. */
  authored?: string;
  /** Where the author wrote it, relative to the lowered component's properties. */
  property?: string;
}

export interface LoweringContext extends HandlerContext {
  readonly namer: Namer;
  /** Whether the registered trait of this type declares `everyMember`: a rule hands it to every member it emits. */
  appliesToEveryMember(traitType: string): boolean;
  /** Whether the registered trait (or trait rule) of this type declares `routesToService`: a rule hands it to the Service member. */
  routesToService(traitType: string): boolean;
  /**
   * Names the object of `member` (a component the rule is about to emit, of a type that declares
   * its object): the author's name, else the Naming hook's answer, else the member's name. The
   * name is checked, claimed and set on `member.objectName`; the member keeps its own name, and
   * with it its sibling group, labels and order. Returns the object's name.
   */
  resolveMemberName(member: AuthoredComponent, spec: MemberNameSpec): string;
  /**
   * The name of an object the components of one document share, whose content `identity`
   * determines wholly (a generated Flux source): the author's name, else the Naming hook's answer
   * (asked once per document, with no component), else `<base>-<suffix>` shortened. The first
   * claim returns `adopted: false` and the rule emits the object; a later claim of the same name
   * and identity returns `adopted: true` and the rule only references it.
   */
  resolveSharedName(base: string, suffix: string, identity: string, spec: Omit<NameSpec, 'default'>): { name: string; adopted: boolean };
  /**
   * Writes a platform-reserved value the rule rendered (from `capability`) into an element it
   * emits, at a dot-separated object-key path, creating objects along it. The emitted element's
   * reserved keys are accepted only while they hold what was rendered there; a reserved value
   * copied in any other way is refused like an authored one.
   */
  renderReserved(element: { properties: Properties }, path: string, value: unknown): void;
}
