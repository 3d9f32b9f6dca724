import { HandlerError, type NameChoice, type NameSpec, type Namer, isHandlerError, type AuthoredComponent, type AuthoredTrait, type DocumentInfo, type HandlerContext, type LoweringContext, type LoweringResult, type LoweringRule, type PropertiesSchema, ErrorCode, kurelErrors } from '../../plugin-api/index.js';
import { componentProperties, copyData, qualifiedKind, refusalClassOf, shortenName, validateProperties, writeAtPath } from '../../plugin-api/kit/index.js';
import { isKurelError, KurelError, type Diagnostic } from '../../plugin-api/diagnostics.js';
import { describeOrigin, type LoweringStep, type Origin, type Path, type WorkComponent, type WorkPolicy, type WorkTrait } from '../model.js';
import { NameAllocator } from '../naming/name-allocator.js';
import { routesToService, type NameClaims, type NameOwner } from '../naming/name-claims.js';
import { policyViolation } from '../policy/policy-violation.js';
import { ruleIdentity, type SealedRegistry } from '../registry.js';
import { handlerContext } from '../run/handler-context.js';
import type { BuildScope } from '../run/scope.js';
import { StageLog, type Logged } from '../run/stage-log.js';
import type { Refusals } from '../run/refusals.js';
import type { SourceDocument } from '../yaml/index.js';
import { generatedSources } from '../lowering/generated-sources.js';

/** 8 expansion rounds plus 1 settling round. */
export const MAX_LOWERING_ROUNDS = 9;

export interface LoweringInput {
  components: WorkComponent[];
  policies: WorkPolicy[];
  document: DocumentInfo;
}

export interface LoweringOutput extends Logged {
  components: WorkComponent[];
  policies: WorkPolicy[];
  steps: LoweringStep[];
}

/**
 * Expands every element a lowering rule claims until only handler types remain. Each round
 * lowers every claimed component, trait and policy once; rounds repeat until one changes nothing.
 */
export function lower(input: LoweringInput, registry: SealedRegistry, scope: BuildScope, claims: NameClaims, source: SourceDocument, refusals?: Refusals): LoweringOutput {
  const lowering = new Lowering(input.document, registry, scope, claims, source, refusals !== undefined);
  let components = input.components;
  let policies = input.policies;
  for (let round = 0; ; round++) {
    const pending = components.some((c) => registry.componentRule(c.type) || c.traits.some((t) => registry.traitRule(t.type))) || policies.some((p) => registry.policyRule(p.type));
    if (!pending) break;
    if (round >= MAX_LOWERING_ROUNDS - 1) {
      const stuck = components.find((c) => registry.componentRule(c.type)) ?? components.find((c) => c.traits.some((t) => registry.traitRule(t.type)));
      throw lowering.error(stuck?.origin ?? policies[0].origin, stuck?.path ?? [], 'oam: lowering exceeded max recursion depth');
    }
    lowering.startRound(round, components);
    const lowered = lowering.components(components);
    if (lowering.refused.length > 0) refusals!.report(lowering.refused.splice(0));
    components = lowered.components;
    const policyResult = lowering.policies(policies);
    policies = [...policyResult.policies, ...lowered.policies];
    components = [...components, ...policyResult.components];
  }
  return { components, policies, steps: lowering.steps, log: lowering.log };
}

class Lowering {
  readonly steps: LoweringStep[] = [];
  readonly log = new StageLog();
  /** What collecting found refused in the round's components, each reported, none lowered. */
  readonly refused: Diagnostic[] = [];
  round = 0;
  private readonly names = new NameAllocator();
  /** The hook's answer for each shared object of the document, by kind and default: asked once. */
  private readonly sharedChoices = new Map<string, NameChoice>();
  /** The reserved values a rule rendered into each element it emits, by path. */
  private readonly rendered = new WeakMap<object, Map<string, unknown>>();
  /** The object names `resolveMemberName` set, by member: the only way a rule names a member's object. */
  private readonly memberNames = new WeakMap<AuthoredComponent, string>();
  private nextGroup = 1;

  /** The document as rules see it in this round: with its components as the round starts. */
  private roundDocument: DocumentInfo;

  constructor(
    private readonly document: DocumentInfo,
    private readonly registry: SealedRegistry,
    private readonly scope: BuildScope,
    private readonly claims: NameClaims,
    private readonly source: SourceDocument,
    /** Whether a refused component is reported and passed over (for `check`) rather than ending the lowering. */
    private readonly collect = false,
  ) {
    this.roundDocument = document;
  }

  startRound(round: number, components: WorkComponent[]): void {
    this.round = round;
    this.roundDocument = { ...this.document, components: components.map((c) => ({ name: c.name, type: c.type, properties: copyData(c.properties) })) };
  }

  /**
   * A name the document's components share. Without an authored name the object is the
   * document's: the hook is asked once per kind and default, every later consumer takes that
   * answer. An authored name is the component's own. Claimed once, by whoever emits the object.
   */
  private sharedName(namer: Namer, owner: NameOwner, origin: Origin, base: string, suffix: string, identity: string, spec: Omit<NameSpec, 'default'>): { name: string; adopted: boolean } {
    const claims = this.claims;
    const full: NameSpec = { ...spec, default: shortenName(`${base}-${suffix}`, 253) };
    const documentOwner: NameOwner = { description: `document "${origin.document}"`, lowering: true };
    const owned = full.authored !== undefined ? owner : documentOwner;
    const key = `${full.kind}|${full.default}`;
    const choice = full.authored !== undefined ? claims.choice(full, owner) : (this.sharedChoices.get(key) ?? claims.choice(full, documentOwner));
    if (full.authored === undefined) this.sharedChoices.set(key, choice);
    const claim = namer.emitOrAdopt(choice.name, identity);
    if (!claim.adopted) claims.claimChoice(full, choice, owned, origin.namespace);
    return claim;
  }

  components(list: WorkComponent[]): { components: WorkComponent[]; policies: WorkPolicy[] } {
    const components: WorkComponent[] = [];
    const policies: WorkPolicy[] = [];
    for (const component of list) {
      try {
        this.lowerComponent(component, components, policies);
      } catch (error) {
        if (!this.collect || !isKurelError(error)) throw error;
        this.refused.push(...error.diagnostics);
      }
    }
    return { components, policies };
  }

  private lowerComponent(component: WorkComponent, components: WorkComponent[], policies: WorkPolicy[]): void {
    const rule = this.registry.componentRule(component.type)?.value;
    if (!rule) {
      const extra = this.lowerTraits(component);
      components.push(component, ...extra);
      return;
    }
    const result = this.invoke(rule, component.origin, component.path, component.name, (ctx) =>
      rule.lower({ component: toAuthored(component), document: this.roundDocument }, ctx),
    );
    const origin = { ...component.origin, rule: ruleIdentity(rule) };
    const emitted = (result.components ?? []).map((c) => this.emitComponent(c, origin, component.path, rule, component.traits));
    assignSiblingGroups(emitted, () => this.nextGroup++);
    inheritOrder(emitted, component.orderAfter);
    components.push(...emitted);
    policies.push(...(result.policies ?? []).map((p) => this.emitPolicy(p, origin, component.path, rule)));
  }

  policies(list: WorkPolicy[]): { policies: WorkPolicy[]; components: WorkComponent[] } {
    const policies: WorkPolicy[] = [];
    const components: WorkComponent[] = [];
    for (const policy of list) {
      const rule = this.registry.policyRule(policy.type)?.value;
      if (!rule) {
        policies.push(policy);
        continue;
      }
      const result = this.invoke(rule, policy.origin, policy.path, policy.name, (ctx) =>
        rule.lower({ policy: { name: policy.name, type: policy.type, properties: copyData(policy.properties) }, document: this.roundDocument }, ctx),
      );
      const origin = { ...policy.origin, rule: ruleIdentity(rule) };
      policies.push(...(result.policies ?? []).map((p) => this.emitPolicy(p, origin, policy.path, rule)));
      components.push(...(result.components ?? []).map((c) => this.emitComponent(c, origin, policy.path, rule)));
    }
    return { policies, components };
  }

  /** Lowers the traits of a component no rule claims; returns components the trait rules emitted. */
  private lowerTraits(component: WorkComponent): WorkComponent[] {
    const extra: WorkComponent[] = [];
    const traits: WorkTrait[] = [];
    for (const trait of component.traits) {
      const rule = this.registry.traitRule(trait.type)?.value;
      if (!rule) {
        traits.push(trait);
        continue;
      }
      const properties = copyData(trait.properties);
      if (trait.scope !== undefined && 'scope' in rule.properties) properties.scope = trait.scope;
      const input = { type: trait.type, properties };
      const result = this.invoke(rule, trait.origin, trait.path, trait.type, (ctx) =>
        rule.lower({ trait: input, component: toAuthored(component), document: this.roundDocument }, ctx),
      );
      const origin = { ...trait.origin, rule: ruleIdentity(rule) };
      traits.push(...(result.traits ?? []).map((t) => this.emitTrait(t, origin, trait.path, rule, t.type !== trait.type || !sameProperties(t.properties, trait.properties))));
      extra.push(...(result.components ?? []).map((c) => this.emitComponent(c, origin, trait.path, rule)));
    }
    component.traits = traits;
    return extra;
  }

  private invoke(rule: LoweringRule, origin: Origin, path: Path, from: string, call: (ctx: LoweringContext) => LoweringResult): LoweringResult {
    const owner = loweringOwner(origin, path);
    const base = handlerContext(this.scope, this.log, origin.namespace, { owner, claims: this.claims });
    const namer = this.names.namer(origin.namespace, describeOrigin(origin), this.round, origin.document);
    const lowering: Omit<LoweringContext, keyof HandlerContext> = {
      namer,
      appliesToEveryMember: (traitType) => this.registry.trait(traitType)?.value.everyMember === true,
      routesToService: (traitType) => routesToService(this.registry, traitType),
      resolveSharedName: (nameBase, suffix, identity, spec) => this.sharedName(namer, owner, origin, nameBase, suffix, identity, spec),
      resolveMemberName: (member, spec) => {
        const object = this.registry.component(member.type)?.value.object;
        if (!object) throw new HandlerError(`component type "${member.type}" declares no object for resolveMemberName to name`);
        const name = base.resolveName({ ...spec, kind: qualifiedKind(object.apiVersion, object.kind), default: member.name, clusterScoped: object.scope === 'cluster' });
        member.objectName = name;
        this.memberNames.set(member, name);
        return name;
      },
      renderReserved: (element, path, value) => {
        writeAtPath(element.properties, path, value);
        const rendered = this.rendered.get(element) ?? new Map<string, unknown>();
        rendered.set(path, copyData(value));
        this.rendered.set(element, rendered);
      },
    };
    // The handler context is this call's own: extended in place, since copying its twenty-odd
    // properties would be the largest cost of a rule call.
    const ctx: LoweringContext = Object.assign(base, lowering);
    let result: LoweringResult;
    try {
      result = call(ctx);
    } catch (error) {
      if (!isHandlerError(error)) throw error;
      // A rule's refusal by the environment policy is a violation of the component, as a handler's is.
      const refusalClass = refusalClassOf(error);
      const at = [...path, 'properties', ...error.path];
      if (refusalClass !== undefined) throw policyViolation(refusalClass, error.message, origin.component, this.source.at(at), describeOrigin(origin));
      throw this.error(origin, at, error.message, error.code === ErrorCode.pluginFault ? ErrorCode.pluginFault : ErrorCode.lowering);
    }
    const produced = [...(result.components ?? []), ...(result.traits ?? []), ...(result.policies ?? []), ...(result.documents ?? [])];
    if (produced.length === 0) throw this.error(origin, path, `lowering rule ${ruleIdentity(rule)} emitted nothing; an empty result would delete the authored element`);
    this.steps.push({
      rule: ruleIdentity(rule),
      position: rule.position,
      round: this.round,
      from,
      to: produced.map((element) => ('name' in element && typeof element.name === 'string' ? element.name : (element as AuthoredTrait).type)),
      ...(origin.component === undefined ? {} : { component: origin.component }),
      ...(origin.policy === undefined ? {} : { policy: origin.policy }),
    });
    return result;
  }

  /**
   * A trait the rule forwards unchanged from its input keeps its place in the capability merge; a
   * trait the rule builds is sealed: no rendering is merged into it later.
   */
  private emitComponent(component: AuthoredComponent, origin: Origin, path: Path, rule: LoweringRule, inputTraits: readonly WorkTrait[] = []): WorkComponent {
    const forwarded = (trait: AuthoredTrait) =>
      inputTraits.find((input) => input.type === trait.type && sameProperties(trait.properties, input.scope ? { ...input.properties, scope: input.scope } : input.properties));
    const handler = this.registry.component(component.type)?.value;
    const schema = handler ? componentProperties(handler) : this.registry.componentRule(component.type)?.value.properties;
    if (component.objectName !== undefined && this.memberNames.get(component) !== component.objectName) {
      throw this.error(origin, path, `lowering rule ${ruleIdentity(rule)} set the object name "${component.objectName}" of component "${component.name}" without resolveMemberName, which claims it`);
    }
    return {
      name: component.name,
      type: component.type,
      properties: this.checkEmitted(schema, component.properties, origin, path, `component "${component.name}" (type "${component.type}")`, rule, true, this.rendered.get(component), handler?.additionalProperties),
      annotations: component.annotations ?? {},
      traits: (component.traits ?? []).map((trait) => {
        const source = forwarded(trait);
        return source ? { ...source, properties: copyData(source.properties) } : this.emitTrait(trait, origin, path, rule, true);
      }),
      orderAfter: component.orderAfter ?? [],
      objectName: component.objectName,
      ...(component.afterPolicy?.length ? { afterPolicy: [...component.afterPolicy] } : {}),
      origin,
      path,
      emitted: true,
    };
  }

  private emitTrait(trait: AuthoredTrait & { scope?: string }, origin: Origin, path: Path, rule: LoweringRule, sealed: boolean): WorkTrait {
    const { scope, ...properties } = trait.properties as Record<string, unknown>;
    if (sealed) {
      // A trait the rule built is checked as it stands: no rendering is merged into it later.
      const schema = this.registry.trait(trait.type)?.value.properties ?? this.registry.traitRule(trait.type)?.value.properties;
      this.checkEmitted(schema, properties, origin, path, `trait "${trait.type}"`, rule, false, this.rendered.get(trait));
    }
    return {
      type: trait.type,
      properties,
      scope: typeof scope === 'string' && scope !== '' ? scope : undefined,
      origin: { ...origin, traitType: origin.traitType ?? trait.type },
      path,
      emitted: true,
      sealed,
    };
  }

  private emitPolicy(policy: { name: string; type: string; properties: Record<string, unknown> }, origin: Origin, path: Path, rule: LoweringRule): WorkPolicy {
    const schema = this.registry.policy(policy.type)?.value.properties ?? this.registry.policyRule(policy.type)?.value.properties;
    return {
      name: policy.name,
      type: policy.type,
      properties: this.checkEmitted(schema, policy.properties, origin, path, `policy "${policy.name}" (type "${policy.type}")`, rule, true, this.rendered.get(policy)),
      origin,
      path,
      emitted: true,
    };
  }

  /**
   * An emitted element is checked against its target's schema. Its reserved keys hold only what
   * the rule rendered with `renderReserved`: a rule's output is synthesized (every component,
   * trait and policy rule declares a schema, so its input was checked before it ran).
   */
  private checkEmitted(
    schema: PropertiesSchema | undefined,
    properties: Record<string, unknown>,
    origin: Origin,
    path: Path,
    label: string,
    rule: LoweringRule,
    applyDefaults: boolean,
    renderedReserved?: ReadonlyMap<string, unknown>,
    additionalProperties?: boolean,
  ): Record<string, unknown> {
    if (!schema) return copyData(properties);
    const result = validateProperties(schema, copyData(properties), { topLevelRequired: applyDefaults, applyDefaults, refuseReserved: true, renderedReserved, additionalProperties });
    if (result.issues.length > 0) {
      const issue = result.issues[0];
      throw this.error(origin, path, `lowering rule ${ruleIdentity(rule)} emitted ${label}: properties${issue.path.length ? '.' : ''}${issue.path.join('.')}: ${issue.message}`);
    }
    return result.value;
  }

  /** A LoweringError: the authored input, the cause, then the chain of steps so far. */
  error(origin: Origin, path: Path, cause: string, code: typeof ErrorCode.lowering | typeof ErrorCode.pluginFault = ErrorCode.lowering): KurelError {
    const chain = this.steps.map((step) => `\n  round ${step.round}: ${step.rule} "${step.from}" -> [${step.to.join(' ')}]`).join('');
    return (code === ErrorCode.pluginFault ? kurelErrors.pluginFault : kurelErrors.lowering)(`lowering ${describeOrigin(origin)}: ${cause}${chain}`, { ...this.source.at(path), component: origin.component });
  }
}

/** Who a rule resolves names for: its authored component (and trait), or the document. */
function loweringOwner(origin: Origin, path: Path): NameOwner {
  if (!origin.component) return { description: `document "${origin.document}"`, lowering: true };
  const index = path[path.length - 1];
  const trait = origin.traitType ? ` traits[${typeof index === 'number' ? index : 0}] "${origin.traitType}"` : '';
  return { component: origin.component, description: `component "${origin.component}"${trait}`, lowering: true };
}

function sameProperties(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function toAuthored(component: WorkComponent): AuthoredComponent {
  return {
    name: component.name,
    type: component.type,
    properties: copyData(component.properties),
    annotations: { ...component.annotations },
    traits: component.traits.map((trait) => ({ type: trait.type, properties: copyData(trait.scope ? { ...trait.properties, scope: trait.scope } : trait.properties) })),
    orderAfter: [...component.orderAfter],
    ...(component.afterPolicy ? { afterPolicy: [...component.afterPolicy] } : {}),
    ...(component.objectName !== undefined ? { objectName: component.objectName } : {}),
  };
}

/** Components one rule emitted under one name form a sibling group. */
function assignSiblingGroups(components: WorkComponent[], nextId: () => number): void {
  const byName = new Map<string, WorkComponent[]>();
  for (const component of components) byName.set(component.name, [...(byName.get(component.name) ?? []), component]);
  for (const members of byName.values()) {
    if (members.length < 2) continue;
    const id = nextId();
    for (const member of members) member.group = id;
  }
}

/**
 * What a lowered component becomes waits as the component did: the components a rule emits for it
 * take its order, whatever the rule built them from, a generated source excepted.
 */
function inheritOrder(emitted: WorkComponent[], order: readonly string[]): void {
  if (order.length === 0) return;
  const sources = generatedSources(emitted);
  for (const component of emitted) {
    if (sources.has(component)) continue;
    component.orderAfter = [...new Set([...component.orderAfter, ...order])];
  }
}
