import type { AuthoredComponent } from './authored.js';
import type { HandlerContext } from './context.js';
import type { NameRole, NameSpec } from './name-roles.js';
import type { Properties } from './objects.js';

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
