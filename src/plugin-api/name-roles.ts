/**
 * The roles names are resolved under, each in one order: the author's property when written, else
 * the Naming hook's answer, else the default. A role says what it names and which rule a name that
 * is not the default must pass. The engine's own roles are `ENGINE_NAME_ROLES` (`kurel/plugin-kit`);
 * every other role is declared by the handler or rule that resolves names under it (`nameRoles`),
 * and the sealed registry collects them: a third-party plugin's roles are honoured as a built-in's are.
 */

/** How a name that is not the default is checked. */
export type NameSyntax = 'subdomain' | 'label1035' | 'kustomization';

/** A role's name: the engine's own, or one a handler or rule declares. */
export type NameRole = string;

export interface NameRoleInfo {
  role: NameRole;
  /** What the role names. */
  names: string;
  /** How the default is built. */
  default: string;
  /** The property an author writes the name in, when the role has one. */
  property?: string;
  syntax: NameSyntax;
  /** A limit narrower than the syntax's own, held to the default as well. */
  maxLength?: number;
}

/** What a role is, by its name: the sealed registry's answer inside a build. */
export type NameRoleLookup = (role: NameRole) => NameRoleInfo | undefined;

/** What the Naming hook is asked. */
export interface NameRequest {
  /** The document's name when the name is made. */
  application: string;
  /** Empty for a name the document as a whole owns (the bundle, a group, a shared source). */
  component: string;
  role: NameRole;
  /** `Kind` or `Kind.group` of the object named; empty for a role that names no object. */
  kind: string;
  /** The name the engine would use, already shortened where it shortens it. */
  default: string;
}

/**
 * A consumer's choice of generated names: a string replaces the default, `false` (or nothing)
 * keeps it. It must be a pure function of its request: it is asked again for the same name.
 */
export type NamingHook = (request: NameRequest) => string | false | undefined;

/** One name a handler or rule resolves under a role. */
export interface NameSpec {
  role: NameRole;
  /** `Kind` or `Kind.group` of the object named. */
  kind: string;
  default: string;
  /** The author's value, when the author wrote the property. */
  authored?: string;
  /** Where the author wrote it, relative to the element's properties (`hpaName`, `databases[1].objectName`). */
  property?: string;
  /** The namespace the object lands in; the element's when unset. */
  namespace?: string;
  /** The object has no namespace. */
  clusterScoped?: boolean;
}

/** Where a resolved name came from. */
export interface NameChoice {
  name: string;
  source: 'authored' | 'hook' | 'default';
}

/**
 * An object a trait names itself, under no role (a required name leaves the hook nothing to be
 * asked): claimed only, so a second owner of the same kind, namespace and name is refused.
 */
export interface ObjectClaim {
  /** `Kind` or `Kind.group`. */
  kind: string;
  name: string;
  /** The property the author wrote the name in; none for a default name. */
  property?: string;
  namespace?: string;
  clusterScoped?: boolean;
  /**
   * The object is the trait's own sub-application's. A trait a lowering rule built claims no
   * name a rule of its own component already resolved: that is the rule's object.
   */
  generated?: boolean;
}
