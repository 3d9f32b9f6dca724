import type { SealedRegistry } from '../registry.js';
import { HandlerError, type LoweringContext, type Namer, type NameChoice, type NameRoleLookup, type NameSpec, type NamingHook, type ObjectClaim, kurelErrors } from '../../plugin-api/index.js';
import { chooseName, propertyPath, sharedNameUnhooked, writeAtPath } from '../../plugin-api/kit/index.js';

/** Who resolved a name: an element of the document, as a collision text names it. */
export interface NameOwner {
  /** The component, empty for a name the document as a whole owns. */
  component?: string;
  /** `component "web" traits[0] "scaler"`, `component "db"`, `document "shop"`. */
  description: string;
  /** The longer form that tells two members of one sibling group apart. */
  detailed?: string;
  /** Resolved by a lowering rule, before the document's objects are placed. */
  lowering?: boolean;
  /** A trait a lowering rule built. */
  sealed?: boolean;
  /**
   * Which of the traits at one place (component, member, slot and type) this is: a trait rule that
   * lowered one trait to several of one type gives them one place, and they are told apart by it.
   */
  output?: number;
}

interface Held {
  owner: NameOwner;
  /** How the owner came by the name, as a collision text says it. */
  source: string;
  /** The name of an object that is generated as named: a kind component's own, or one a trait generates. */
  generates?: 'component' | 'trait';
}

export class NameClaims {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly application: string,
    /** The sealed registry's roles: the engine's and those its plugins declare. */
    private readonly roles: NameRoleLookup,
    private readonly hook?: NamingHook,
  ) {}

  /** Resolves and claims `spec` for `owner`; `namespace` is where the object lands unless the spec says otherwise. */
  resolve(spec: NameSpec, owner: NameOwner, namespace: string): string {
    const choice = this.choice(spec, owner);
    this.claimChoice(spec, choice, owner, namespace);
    return choice.name;
  }

  /** The name `spec` resolves to for `owner`, the hook asked where it is, nothing claimed yet. */
  choice(spec: NameSpec, owner: NameOwner): NameChoice {
    return chooseName(spec, this.roles, this.hook ? (asked) => this.hook!({ application: this.application, component: owner.component ?? '', role: asked.role, kind: asked.kind, default: asked.default }) : undefined);
  }

  /** Claims a resolved name for `owner`. */
  claimChoice(spec: NameSpec, choice: NameChoice, owner: NameOwner, namespace: string): void {
    const placed = spec.clusterScoped ? '' : (spec.namespace ?? namespace);
    this.claim(spec.kind, placed, choice.name, owner, describeSource(spec, choice), choice.source === 'authored' ? spec.property : undefined, spec.role === 'object' ? 'component' : undefined);
  }

  /**
   * A name checked and put to the hook but not claimed as an object's: a sub-application's, kept
   * apart within its bundle instead. Returns the name and how the text names its owner.
   */
  choose(spec: Omit<NameSpec, 'kind'>, owner: NameOwner): { name: string; namedBy: string } {
    const full = { ...spec, kind: '' };
    const choice = chooseName(full, this.roles, this.hook ? (asked) => this.hook!({ application: this.application, component: owner.component ?? '', role: asked.role, kind: '', default: asked.default }) : undefined);
    return { name: choice.name, namedBy: `${owner.description} ${describeSource(full, choice)}` };
  }

  /** Claims a name its owner chose under no role. */
  claimObject(claim: ObjectClaim, owner: NameOwner, namespace: string): void {
    const placed = claim.clusterScoped ? '' : (claim.namespace ?? namespace);
    const source = claim.property ? `(its own object, set by ${claim.property})` : '(its own object, its default name)';
    this.claim(claim.kind, placed, claim.name, owner, source, claim.property, claim.generated === true ? 'trait' : undefined);
  }

  /** `property` is where the author wrote the name, if they did. */
  private claim(kind: string, namespace: string, name: string, owner: NameOwner, source: string, property: string | undefined, generates?: Held['generates']): void {
    const key = `${kind}|${namespace}|${name}`;
    const holder = this.held.get(key);
    if (!holder) {
      this.held.set(key, { owner, source, generates });
      return;
    }
    // The object a sealed trait generates under a name its component's rule resolved is that rule's object.
    if (generates === 'trait' && owner.sealed && holder.owner.lowering && holder.owner.component === owner.component) return;
    // A kind component's object and an object a trait generates are both generated as named: the
    // check of the generated objects names the two producers.
    if (generates !== undefined && holder.generates !== undefined && generates !== holder.generates) return;
    // Two names lowering rules resolved are refused before the document's objects are placed.
    const where = holder.owner.lowering && owner.lowering ? name : namespace ? `${namespace}/${name}` : name;
    const subject = `${kind} "${where}"`;
    let first = `${holder.owner.description} ${holder.source}`;
    let second = `${owner.description} ${source}`;
    // The fewest words that tell the two apart: a sibling group's members by their type, then
    // the outputs of one trait's lowering by their order.
    if (first === second && (holder.owner.detailed ?? '') !== (owner.detailed ?? '')) {
      first = `${holder.owner.detailed ?? holder.owner.description} ${holder.source}`;
      second = `${owner.detailed ?? owner.description} ${source}`;
    }
    if (first === second && holder.owner.output !== owner.output) {
      first = `${holder.owner.detailed ?? holder.owner.description}, output ${holder.owner.output ?? 1} of its lowering ${holder.source}`;
      second = `${owner.detailed ?? owner.description}, output ${owner.output ?? 1} of its lowering ${source}`;
    }
    const text =
      first === second
        ? `name collision: ${subject} is named twice by ${second}; give one of them another name`
        : `name collision: ${subject} is named by ${first} and by ${second}; give one of them another name`;
    throw new HandlerError(text, property ? propertyPath(property) : [], kurelErrors.collision.code);
  }
}

function describeSource(spec: NameSpec, choice: NameChoice): string {
  if (choice.source === 'authored') return `(role "${spec.role}", set by ${spec.property ?? 'name'})`;
  if (choice.source === 'hook') return `(role "${spec.role}", returned by the Naming hook in place of "${spec.default}")`;
  return `(role "${spec.role}", its default)`;
}

/**
 * What a document rule's context holds beside the handler context: it emits documents, not
 * members, so it writes the names it chooses into them; no hook is asked; and its output is never
 * synthesized, so a reserved value it renders is written but not recorded, and refused as authored.
 */
export function documentRuleContext(namer: Namer, registry: SealedRegistry): Pick<LoweringContext, 'namer' | 'appliesToEveryMember' | 'routesToService' | 'resolveMemberName' | 'renderReserved' | 'resolveSharedName'> {
  return {
    namer,
    appliesToEveryMember: (traitType) => registry.trait(traitType)?.value.everyMember === true,
    routesToService: (traitType) => routesToService(registry, traitType),
    resolveMemberName(): never {
      throw new HandlerError('resolveMemberName names the object of a component a component rule emits; a document rule writes the names it chooses into the documents it emits');
    },
    renderReserved(element, path, value) {
      writeAtPath(element.properties, path, value);
    },
    resolveSharedName: (base, suffix, identity, spec) => sharedNameUnhooked(namer, base, suffix, identity, spec, registry.nameRole),
  };
}

/** Whether the trait type's handler, or the rule that claims it, declares that it routes traffic to the component's Service. */
export function routesToService(registry: SealedRegistry, traitType: string): boolean {
  return (registry.trait(traitType)?.value.routesToService ?? registry.traitRule(traitType)?.value.routesToService) === true;
}
