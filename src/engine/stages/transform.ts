import type { DeliveryIntent, RenderedChart } from '../../plugin-api/index.js';
import {
  BUNDLE_DELIVERY_EXTENSION,
  type BundleDelivery,
  HandlerError,
  isHandlerError,
  type CapabilitySpec,
  type ComponentAnswers,
  type ComponentObject,
  type TraitRendering,
  type PolicyRendering,
  type RouteAnswer,
  type NamedInput,
  type K8sObject,
  type Properties,
  type PropertyPath,
  factoryOf,
  kurelErrors,
} from '../../plugin-api/index.js';
import { applyObjectMetadata, componentLabelValue, takeObjectMetadata, type MetadataProblem, type ObjectMetadata, refusalClassOf, validateProperties, qualifiedKind, copyData } from '../../plugin-api/kit/index.js';
import { KurelError, isKurelError } from '../../plugin-api/diagnostics.js';
import { policyViolation } from '../policy/policy-violation.js';
import { reencodeRendered } from '../run/reencode-rendered.js';
import { authoredPathOf, describeOrigin, type Application, type Path, type TraitEffect, type WorkComponent, type WorkPolicy, type WorkTrait } from '../model.js';
import { changedObjects, snapshotObjects, type ObjectSnapshot } from './trait-effects.js';

export type { Application, Member, SubApplication } from '../model.js';
import { bindingKeyFor, unsetByRendering } from '../documents/profile.js';
import { followFluxReads, type TraitOutput } from '../delivery/flux-namespace.js';
import type { SealedRegistry } from '../registry.js';
import type { NameClaims, NameOwner } from '../naming/name-claims.js';
import { handlerContext } from '../run/handler-context.js';
import type { BuildScope } from '../run/scope.js';
import { StageLog, type Logged } from '../run/stage-log.js';
import { refuseOrDrop, type Refusals } from '../run/refusals.js';
import type { SourceDocument } from '../yaml/index.js';
import { generatedSources } from '../lowering/generated-sources.js';

export interface TransformInput {
  components: WorkComponent[];
  /** The names policies are told: every component of the document, those the serving check left out before the transform included. */
  componentNames?: string[];
  policies: WorkPolicy[];
  /** The Application's name, as handlers are told it. */
  application: string;
}

/** What every call of one transform shares: where it reads from, and where names and warnings go. */
interface Transforming {
  registry: SealedRegistry;
  scope: BuildScope;
  claims: NameClaims;
  log: StageLog;
  source: SourceDocument;
  application: string;
}

export interface TransformOutput extends Logged {
  applications: Application[];
  /** What each policy handler returned, in document order. */
  policyResults: Array<{ policy: string; type: string; rendering: PolicyRendering }>;
}

/**
 * Component handlers make applications; traits change them or add sub-applications; policies run.
 * Every application is transformed even when another fails: all refusals are thrown together,
 * or, in a run that collects, reported and the refused applications left out.
 */
export function transform({ components, componentNames: named, policies, application: applicationName }: TransformInput, registry: SealedRegistry, scope: BuildScope, claims: NameClaims, source: SourceDocument, refusals?: Refusals): TransformOutput {
  const env: Transforming = { registry, scope, claims, log: new StageLog(), source, application: applicationName };
  const failures: KurelError[] = [];
  const attempt = <T>(work: () => T): T | undefined => {
    try {
      return work();
    } catch (error) {
      if (!isKurelError(error)) throw error;
      failures.push(error);
      return undefined;
    }
  };
  const applications: Application[] = [];
  const sources = generatedSources(components);
  for (const members of groupMembers(components)) {
    const application = attempt(() => transformApplication(members, env, sources.has(members[0])));
    if (application) applications.push(application);
  }
  const componentNames = [...new Set(named ?? components.map((c) => c.name))];
  const policyResults = policies.flatMap((policy) => {
    const rendering = attempt(() => applyPolicy(policy, componentNames, env));
    return rendering ? [{ policy: policy.name, type: policy.type, rendering }] : [];
  });
  const transformed = refuseOrDrop(failures.flatMap(({ diagnostics }) => diagnostics), applications, refusals, authoredPathOf);
  return { applications: transformed, policyResults, log: env.log };
}

function transformApplication(members: WorkComponent[], env: Transforming, documentOwned: boolean): Application {
  const name = members[0].name;
  const owner = documentOwned ? '' : (members[0].origin.component ?? '');
  const application: Application = { name, owner, labelValue: componentLabelValue(name), members: [], subApplications: [], ...(documentOwned ? { generatedSource: true } : {}) };
  for (const component of members) {
    const rendered = renderComponent(component, env);
    if (rendered.chart) rendered.objects = rendered.objects.map((object) => reencodeRendered(object, env.registry));
    const traitEffects: TraitEffect[] = [];
    application.members.push({ component, objects: rendered.objects, answers: rendered.answers, ...(rendered.chart ? { chart: rendered.chart } : {}), traitEffects });
    const outputs: TraitOutput[] = [];
    let snapshot: ObjectSnapshot = component.traits.length > 0 ? snapshotObjects(rendered.objects) : new Map();
    for (const trait of component.traits) {
      const result = applyTrait(trait, component, rendered, env);
      const objects = result.objects ?? [];
      const after = snapshotObjects(rendered.objects);
      const effect: TraitEffect = { changed: changedObjects(snapshot, after) };
      snapshot = after;
      traitEffects.push(effect);
      const intent = env.registry.trait(trait.type)?.value.deliveryIntent;
      if (intent) effect.intent = intent;
      if (result.route) {
        effect.route = true;
        (application.routes ??= []).push({ traitType: trait.type, route: result.route });
      }
      const delivery = result.extensions?.[BUNDLE_DELIVERY_EXTENSION] as BundleDelivery | undefined;
      if (delivery) {
        effect.bundleDelivery = true;
        (application.bundleDelivery ??= []).push({ component: component.name, traitType: trait.type, path: trait.path, delivery });
      }
      outputs.push({ objects, input: result.fluxNamespaceInput });
      if (objects.length === 0) continue;
      const { name: subName, namedBy } = env.claims.choose({ role: 'sub-application', default: result.subApplication ?? objects[0].metadata.name }, traitOwner(component, trait));
      effect.subApplication = subName;
      application.subApplications.push({ name: subName, traitType: trait.type, objects, namedBy, path: trait.path, ...(result.platformAnnotations ? { platformAnnotations: result.platformAnnotations } : {}) });
    }
    followFluxReads(env.registry.component(component.type)?.value, rendered.objects, outputs, env.scope.settings.fluxNamespace);
  }
  return application;
}

/** Consecutive members of one sibling group deploy as one application. */
function groupMembers(components: WorkComponent[]): WorkComponent[][] {
  const groups: WorkComponent[][] = [];
  for (const component of components) {
    const last = groups[groups.length - 1];
    if (component.group !== undefined && last && last[0].group === component.group) last.push(component);
    else groups.push([component]);
  }
  return groups;
}

function renderComponent(component: WorkComponent, env: Transforming): { objects: K8sObject[]; answers: ComponentAnswers; chart?: RenderedChart } {
  const { registry, scope, source } = env;
  const entry = registry.component(component.type);
  if (!entry) throw noHandler(`component type "${component.type}" (component "${component.name}"${emittedClause(component)})`, component.path, component.name, source);
  const handler = entry.value;
  // A Flux kind's object goes to the Flux namespace when one is set.
  const namespace = handler.object?.scope === 'flux' && scope.settings.fluxNamespace ? scope.settings.fluxNamespace : component.origin.namespace;
  const labelValue = componentLabelValue(component.name);
  const label = `component "${component.name}"`;
  const refuseProblems = (problems: MetadataProblem[]) => {
    if (problems.length === 0) return;
    throw new KurelError(
      problems.map((problem) =>
        (problem.refusal ? kurelErrors.componentLabel : kurelErrors.property).diagnostic(`${label}: ${problem.message}`, {
          ...(problem.refusal ? { refusal: problem.refusal } : {}),
          ...source.at([...component.path, 'properties', ...problem.path]),
          component: component.name,
          plugin: entry.plugin,
        }),
      ),
    );
  };

  let properties = copyData(component.properties);
  let metadata: ObjectMetadata | undefined;
  if (handler.object) {
    const owner = component.origin.component ?? component.name;
    const taken = takeObjectMetadata(properties, { labelValue, componentLabelKey: scope.componentLabelKey, name: component.name, owner: { name: owner, labelValue: componentLabelValue(owner) } });
    if (taken.metadata.objectName !== undefined && component.emitted) {
      taken.problems.push({ path: ['objectName'], message: `not allowed on a member lowering rule ${component.origin.rule} emitted: the rule names the objects it emits` });
    }
    refuseProblems(taken.problems);
    properties = taken.rest;
    metadata = taken.metadata;
  }
  const objectName =
    component.objectName ?? (handler.object && !component.emitted ? objectNameOf(component, handler.object, metadata?.objectName, namespace, env, entry.plugin) : (metadata?.objectName ?? component.name));
  try {
    const rendering = handler.render(
      { name: component.name, objectName, namespace, applicationNamespace: component.origin.namespace, application: env.application, labelValue, properties, annotations: { ...component.annotations } },
      componentContext(env, namespace, componentOwner(component)),
    );
    if (handler.object && metadata) refuseProblems(applyObjectMetadata(rendering.objects, handler.object, objectName, metadata));
    const answers = rendering.answers ?? {};
    const objects = runPostPolicySteps(component, namespace, rendering.objects, answers, env);
    return { objects, answers, ...(rendering.chart ? { chart: rendering.chart } : {}) };
  } catch (error) {
    throw placeHandlerError(error, label, [...component.path, 'properties'], component.name, entry.plugin, source);
  }
}

/**
 * The steps lowering rules attached, on what the handler built under the policy: in the order
 * attached, before any trait. The policy is not applied again. A step's own error (not raised
 * through its context) fails the transform as the component's, like a refusal without a class.
 */
function runPostPolicySteps(component: WorkComponent, namespace: string, objects: K8sObject[], answers: ComponentAnswers, env: Transforming): K8sObject[] {
  if (!component.afterPolicy?.length) return objects;
  const input = { name: component.name, type: component.type, namespace, objects, answers };
  const ctx = componentContext(env, namespace, componentOwner(component));
  for (const step of component.afterPolicy) {
    try {
      step(input, ctx);
    } catch (error) {
      if (isHandlerError(error) || !(error instanceof Error)) throw error;
      throw new HandlerError(error.message);
    }
  }
  return input.objects;
}

function applyTrait(
  trait: WorkTrait,
  component: WorkComponent,
  rendered: { objects: K8sObject[]; answers: ComponentAnswers },
  env: Transforming,
): TraitRendering {
  const { registry, source } = env;
  const label = `component "${component.name}" trait "${trait.type}"`;
  const entry = registry.trait(trait.type);
  if (!entry) {
    const reason = registry.traitDeclaration(trait.type)?.value.reason;
    const hint = reason ? `: ${reason}` : '';
    // On the component the author wrote the trait on (by name) the rule that emitted it goes unsaid.
    const clause = trait.origin.component === component.name ? '' : emittedClause(component, 'itself ');
    throw noHandler(`trait type "${trait.type}" (on component "${component.name}"${clause})${hint}`, trait.path, component.name, source);
  }
  const handler = entry.value;
  if (handler.componentTypes && !handler.componentTypes.includes(component.type)) {
    throw kurelErrors.traitNotSupported(`trait "${trait.type}" is not supported on component type "${component.type}" (component "${component.name}"); supported types: ${handler.componentTypes.join(', ')}`,
      { ...source.at([...trait.path, 'type']), component: component.name, plugin: entry.plugin },
    );
  }
  const properties = { ...renderedProperties(trait, handler.capability, env, label) };
  // The engine owns `scope`; a trait that declares it (to name its objects by it) is given it back.
  if (trait.scope !== undefined && 'scope' in handler.properties) properties.scope = trait.scope;
  const checked = validateProperties(handler.properties, properties, { topLevelRequired: true, applyDefaults: true });
  if (checked.issues.length > 0) {
    const diagnostics = checked.issues.map((issue) =>
      kurelErrors.property.diagnostic(`${label}: ${unsetByRendering(issue.message, trait.type)}`, { ...source.at([...trait.path, 'properties', ...issue.path]), component: component.name, plugin: entry.plugin }),
    );
    throw new KurelError(diagnostics);
  }
  const namespace = component.origin.namespace;
  try {
    const view = { name: component.name, type: component.type, namespace, labelValue: componentLabelValue(component.name), objects: rendered.objects, answers: rendered.answers };
    const result = handler.apply({ properties: checked.value, component: view }, componentContext(env, namespace, traitOwner(component, trait)));
    rendered.objects = view.objects;
    return result ?? {};
  } catch (error) {
    throw placeHandlerError(error, label, [...trait.path, 'properties'], component.name, entry.plugin, source);
  }
}

/** The capability rendering merged under the authored properties: authored values win. */
function renderedProperties(trait: WorkTrait, capability: CapabilitySpec | undefined, env: Transforming, label: string): Properties {
  const { scope, source } = env;
  const key = bindingKeyFor(scope.profile, trait.type, trait.scope);
  if (!key) {
    if (capability?.required && !trait.sealed) {
      const wanted = trait.scope ? `${trait.type}.${trait.scope}" or "${trait.type}` : trait.type;
      throw kurelErrors.capability(`${label}: capability "${wanted}" not found in ClusterProfile: oam: capability key not found in ClusterProfile`, source.at([...trait.path, 'type']));
    }
    return trait.properties;
  }
  const binding = env.log.capability(scope, key);
  if (!binding || trait.sealed) return trait.properties;
  if (!capability && Object.keys(binding.rendering).length > 0) {
    throw kurelErrors.capability(`${label}: capability "${key}": trait type "${trait.type}" takes no rendering keys`, scope.profile.source.at(scope.profile.paths.get(key) ?? []));
  }
  return mergeRendering(binding.rendering, trait.properties) as Properties;
}

/** Deep merge: objects merge recursively, lists and scalars are replaced whole, a null is absence. */
export function mergeRendering(rendered: unknown, authored: unknown): unknown {
  if (authored === null || authored === undefined) return rendered;
  if (isObject(rendered) && isObject(authored)) {
    const out: Record<string, unknown> = { ...rendered };
    for (const [key, value] of Object.entries(authored)) out[key] = mergeRendering(rendered[key], value);
    return out;
  }
  return authored;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function applyPolicy(policy: WorkPolicy, componentNames: string[], env: Transforming): PolicyRendering {
  const { registry, source } = env;
  const entry = registry.policy(policy.type);
  if (!entry) {
    const reason = registry.policyDeclaration(policy.type)?.value.reason;
    const hint = reason ? `: ${reason}` : '';
    throw noHandler(`policy type "${policy.type}" (policy "${policy.name}")${hint}`, policy.path, undefined, source);
  }
  try {
    return entry.value.apply?.({ name: policy.name, properties: copyData(policy.properties), componentNames }, handlerContext(env.scope, env.log, policy.origin.namespace)) ?? {};
  } catch (error) {
    throw placeHandlerError(error, `policy "${policy.name}"`, [...policy.path, 'properties'], undefined, entry.plugin, source);
  }
}

/**
 * The name of an authored kind component's object, resolved under role `object` and claimed in
 * the namespace it lands in. A member a rule emitted is named by that rule.
 */
function objectNameOf(component: WorkComponent, object: ComponentObject, authored: string | undefined, namespace: string, env: Transforming, plugin: string): string {
  const spec = { role: 'object' as const, kind: qualifiedKind(object.apiVersion, object.kind), default: component.name, authored, property: 'properties.objectName', clusterScoped: object.scope === 'cluster' };
  try {
    return componentContext(env, namespace, componentOwner(component)).resolveName(spec);
  } catch (error) {
    if (!isHandlerError(error)) throw error;
    const refuse = error.code === kurelErrors.collision.code ? kurelErrors.collision : kurelErrors.property;
    const path = authored !== undefined ? [...component.path, 'properties', 'objectName'] : component.path;
    throw refuse(`component "${component.name}": ${error.message}`, { ...env.source.at(path), component: component.name, plugin });
  }
}

/** The context of a call made for `owner`: the names it resolves are claimed for it. */
function componentContext(env: Transforming, namespace: string, owner: NameOwner) {
  return handlerContext(env.scope, env.log, namespace, { owner, claims: env.claims });
}

/**
 * A component as a name collision names it. A sibling group's member is named by its type only
 * where that is what tells two members apart.
 */
function componentOwner(component: WorkComponent): NameOwner {
  const description = `component "${component.name}"`;
  const member = component.group !== undefined ? `${description} member "${component.type}"` : description;
  return { component: component.name, description, detailed: member };
}

/** A trait by its place (see `traitPlace`), and which of the traits at that place it is. */
function traitOwner(component: WorkComponent, trait: WorkTrait): NameOwner {
  const owner = componentOwner(component);
  const place = traitPlace(component, trait);
  // The traits of one place before this one are the earlier outputs of the rule that lowered one trait to them.
  const index = component.traits.indexOf(trait);
  const output = 1 + component.traits.filter((other, at) => at < index && traitPlace(component, other) === place).length;
  return { ...owner, description: `${owner.description} ${place}`, detailed: `${owner.detailed} ${place}`, sealed: trait.sealed, output };
}

/**
 * Where a trait stands: by the index of the authored trait behind it (itself, the trait a rule
 * forwarded, or the trait a trait rule lowered to it), else by its place among the lowered traits.
 */
function traitPlace(component: WorkComponent, trait: WorkTrait): string {
  const authoredIndex = trait.path[trait.path.length - 2] === 'traits' ? trait.path[trait.path.length - 1] : undefined;
  return typeof authoredIndex === 'number' ? `traits[${authoredIndex}] "${trait.type}"` : `traits[${component.traits.indexOf(trait)}] "${trait.type}" after lowering`;
}

function emittedClause(component: WorkComponent, prefix = ''): string {
  if (!component.emitted) return '';
  return `, ${prefix}emitted by lowering rule ${component.origin.rule} for ${describeOrigin(component.origin)}`;
}

function noHandler(what: string, path: Path, component: string | undefined, source: SourceDocument): KurelError {
  return kurelErrors.noHandler(`no handler for ${what}`, { ...source.at(path), component });
}

/** A handler's refusal, placed at the authored element. Anything else is a bug and passes through. */
function placeHandlerError(error: unknown, label: string, base: PropertyPath, component: string | undefined, plugin: string, source: SourceDocument): unknown {
  if (!isHandlerError(error)) return error;
  const refusalClass = refusalClassOf(error);
  if (refusalClass !== undefined) return policyViolation(refusalClass, error.message, component, { ...source.at([...base, ...error.path]), plugin }, label);
  return (factoryOf(error.code) ?? kurelErrors.handler)(`${label}: ${error.message}`, {
    ...source.at([...base, ...error.path]),
    component,
    plugin,
  });
}
