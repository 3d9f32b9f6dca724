import type { AuthoredComponent, AuthoredDocument, AuthoredPolicy, AuthoredTrait, DocumentInfo } from './authored.js';
import type { ContractMetadata, LoweringTargets } from './contract-metadata.js';
import type { ChartInput, ChartRequest } from './charts.js';
import type { ComponentAnswers } from './component-answers.js';
import type { HandlerContext } from './context.js';
import type { LoweringContext } from './lowering-context.js';
import type { NameRoleInfo } from './name-roles.js';
import type { ObjectLayout } from './object-layout.js';
import type { K8sObject, Properties } from './objects.js';
import type { PropertiesSchema, PropertySchema } from './schema.js';

/** A Kubernetes label selector, as a NetworkPolicy holds it. */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
}

/** A port of a NetworkPolicy rule; TCP when no protocol is given. */
export interface NetworkPort {
  port: number;
  protocol?: string;
}

/**
 * Where a component can be reached, under the labels its pods carry: for pods an operator creates
 * (a CloudNativePG cluster's instances), the operator's own labels rather than the component label.
 */
export interface Endpoint {
  selector: Record<string, string>;
  ports: NetworkPort[];
}

/** Where a kind component's object lives: in the document's namespace, in none, or in the Flux namespace. */
export type ObjectScope = 'namespaced' | 'cluster' | 'flux';

/**
 * The one object a kind component generates. Declaring it opts the type into `objectName`,
 * `labels` and `annotations`. Its layout (a pod template, metadata an operator copies) holds for
 * every object of the kind, whoever generates it: one declaration per kind in a registry.
 */
export interface ComponentObject extends ObjectLayout {
  apiVersion: string;
  kind: string;
  scope: ObjectScope;
  /**
   * The kind's Go type, whole object (`encodeGo` annotations), when the reference's scheme
   * registers it: an object of the kind a chart renders is written back through it, as the
   * reference's typed decode does. Kubernetes' own kinds need none (kurel holds their Go types).
   */
  goType?: () => PropertySchema;
}

export interface ComponentInput<P = Properties> {
  /** The component's name (a sibling group's shared name). */
  name: string;
  /** The name of the component's object: `objectName` when authored, else the component name. */
  objectName: string;
  namespace: string;
  /**
   * The document's namespace, where the workloads go: apart from `namespace` when a Flux kind's
   * object is placed in the Flux namespace. Absent where a handler runs outside a build.
   */
  applicationNamespace?: string;
  /** The Application's name (the document's). Absent where a handler runs outside a build. */
  application?: string;
  /** `ComponentLabelValue(name)`: the `app` label and selector value. */
  labelValue: string;
  /**
   * The component's properties, checked against the type's schema, defaults applied: a copy made
   * for this call alone, which the handler may change, and may put in the objects it returns
   * without copying it again.
   */
  properties: P;
  annotations: Record<string, string>;
}

export interface ComponentRendering {
  /** The component application's objects, in the order they are emitted. */
  objects: K8sObject[];
  answers?: ComponentAnswers;
  /** For a chart rendered at build time: where each object came from, and its hook groups. */
  chart?: RenderedChart;
}

/** An object a chart rendered, by identity, and the template file that rendered it. */
export interface RenderedObjectRef {
  apiVersion: string;
  kind: string;
  namespace?: string;
  name: string;
  /** The template path (`# Source:`), `<chart>/templates/<file>`. */
  template: string;
}

/**
 * One hook group of a rendered chart: objects of one `helm.sh/hook` phase and weight, applied in
 * group order. A layout writer gives each group (when there are two or more) a layout of its own.
 */
export interface HookGroup {
  /** `<prefix>-NN-<slug>`: the layout's name. */
  name: string;
  /** The phase (`pre-install`, `post-upgrade`, …), empty for objects that are no hook. */
  phase: string;
  weight: number;
  objects: RenderedObjectRef[];
}

export interface RenderedChart {
  /** The chart as requested: `<url>/<chart>` for a repository, the `oci://` URL for OCI. */
  chart: string;
  version?: string;
  release: string;
  /** In group order; the component's objects are their union in that order. */
  hookGroups: HookGroup[];
  /** The Flux Kustomization name of the chart's own layout, when the author or the Naming hook set one. */
  layoutKustomizationName?: string;
  /** The hook groups' prefix, when the author or the Naming hook set one: their layouts take their names as written. */
  hookGroupPrefix?: string;
}

interface Described {
  /** The type name, written once: the registry keys on it. */
  type: string;
  description: string;
  /** The top-level properties and their schemas. */
  properties: PropertiesSchema;
  contract?: ContractMetadata;
  /** Properties of a complete, working example, shown in the reference docs (`kurel schemas`). */
  example?: Properties;
  /** Where the example builds, when it reads files beside app.yaml: shown after "It builds as shown with `kurel build app.yaml`". */
  exampleWhere?: string;
  /** Why a top-level property this type does not declare is not accepted, shown with its refusal. */
  hints?: Record<string, string>;
  /**
   * The name roles this handler or rule resolves names under (`ctx.resolveName`, `resolveMemberName`),
   * beside the engine's own: the registry collects them, and a role no plugin declares is refused.
   */
  nameRoles?: NameRoleInfo[];
}

/**
 * A component type that the reference docs (`kurel schemas`) may show other types' examples on:
 * the properties of a small component of it that builds. A trait's example is attached to a
 * component of the first such type registered (of those the trait applies to), and a policy's
 * example is written over components of the first two.
 */
interface ExampleHost {
  exampleHost?: Properties;
}

/** What a component type is told when asked for a component's endpoints. */
export interface EndpointInput<P = Properties> {
  /** The authored component's name. */
  name: string;
  /** The name of the component's object: `objectName` when authored, else the component name. */
  objectName: string;
  /** The authored properties, checked against the type's schema, defaults applied. */
  properties: P;
}

/**
 * A component type that declares where its components can be reached (the reference's
 * EndpointProvider): the selector of the pods another component connects to, under the labels
 * those pods carry, and their ports. Read through the library's `componentEndpoints`, the producer
 * half of endpoint-ingress NetworkPolicies.
 */
export interface EndpointProvider<P = Properties> {
  endpoints?(input: EndpointInput<P>, ctx: HandlerContext): Endpoint[];
}

/** A ConfigMap or Secret named in the namespace of the object that reads it. */
export interface NamedInput {
  kind: 'ConfigMap' | 'Secret';
  name: string;
}

export interface ComponentHandler<P = Properties> extends Described, EndpointProvider<P>, ExampleHost {
  /**
   * For a type whose object goes to the Flux namespace: the ConfigMaps and Secrets the object
   * reads by name from its own namespace. A trait's sub-application producing one of them
   * follows the object there; every other trait object stays with the workloads.
   */
  fluxNamespaceReads?(object: K8sObject): NamedInput[];
  /**
   * The object this type generates. The engine then adds `objectName`, `labels` and `annotations`
   * to the type's properties, checks them, names the object and puts the metadata on it.
   */
  object?: ComponentObject;
  /**
   * Keys beyond the declared properties are accepted as written and handed to the handler
   * unchecked: for a type whose properties are an object's own open content (`object`).
   */
  additionalProperties?: true;
  /**
   * The URLs the component reads. The engine runs no I/O: the host fetches them before the build
   * (holding each host, and each redirect, to the policy's allowed registries) and the handler
   * reads the bodies with `ctx.fetched(url)`.
   */
  fetches?(properties: P): string[];
  /**
   * The chart the component renders at build time, if any. The host renders it with the real helm
   * binary before the build, and the handler reads the rendered text with `ctx.renderedChart()`.
   * Answers nothing for properties the handler will refuse: the refusal comes from `render`.
   */
  charts?(input: ChartInput<P>): ChartRequest[];
  render(input: ComponentInput<P>, ctx: HandlerContext): ComponentRendering;
}

/** The component a trait is applied to. `objects` may be changed in place. */
export interface ComponentView {
  name: string;
  type: string;
  namespace: string;
  labelValue: string;
  objects: K8sObject[];
  answers: ComponentAnswers;
}

export interface TraitInput<P = Properties> {
  properties: P;
  component: ComponentView;
}

/** Where routed traffic comes from: pods of one namespace, by label (all of its pods when no selector). */
export interface TrafficSource {
  namespace: string;
  podSelector?: { matchLabels?: Record<string, string> };
}

/** A Service a routing trait sends traffic to, and the port it routes to. */
export interface RoutedBackend {
  service: string;
  port?: number;
  portName?: string;
  /** For a Service no component of the document owns: the pods it fronts (matchLabels). */
  backendSelector?: Record<string, string>;
}

/** What a routing trait routes, read by the NetworkPolicy synthesis: who may send, and to which backends. */
export interface RouteAnswer {
  trafficSources: TrafficSource[];
  backends: RoutedBackend[];
}

export interface TraitRendering {
  /** Objects of the trait's own sub-application, emitted right after its component's. */
  objects?: K8sObject[];
  /**
   * The default name of that sub-application (resolved under role `sub-application`); the name of
   * its first object when unset. Two applications of one name in one bundle are refused.
   */
  subApplication?: string;
  /**
   * Annotations the trait wrote from the platform's input (a capability rendering), apart from
   * authored ones. The reserved-metadata-key check passes each as that key with that value, on its
   * objects' own annotations: a platform can reserve a prefix its own annotations are under.
   */
  platformAnnotations?: Record<string, string>;
  /** Set by a routing trait whose rendering names traffic sources. */
  route?: RouteAnswer;
  /** The ConfigMap or Secret the sub-application produces, which a Flux object may read by name. */
  fluxNamespaceInput?: NamedInput;
  /**
   * A consumer's own result, under a key it owns; under `BUNDLE_DELIVERY_EXTENSION`, how the bundle
   * holding the component is delivered (a `BundleDelivery`).
   */
  extensions?: Record<string, unknown>;
}

/** A delivery intent, stated without naming the delivery engine. */
export type DeliveryIntent = 'prune-protection' | 'force-replace';

export interface CapabilitySpec {
  /** A build fails when the profile has no binding for the trait's type. */
  required?: boolean;
  /**
   * The platform describes the binding's rendering with a CapabilityDefinition (a custom
   * capability): the definition's schema and defaults apply to the binding, and a bound trait
   * with no definition is warned about (refused under strictCapabilities). Without it, the
   * trait's own properties schema checks the rendering and a definition of its type is ignored.
   */
  definition?: boolean;
  /** The rendering of the binding the reference docs' example builds with, shown there in a ClusterProfile. */
  exampleRendering?: Properties;
}

export interface TraitHandler<P = Properties> extends Described {
  /**
   * What the trait asks of the engine that delivers the component's objects: set on the
   * component's application, covering every sub-application of its traits; no object changes.
   */
  deliveryIntent?: DeliveryIntent;
  /** Whether and how a ClusterProfile binding renders into this trait's properties. */
  capability?: CapabilitySpec;
  /** The component types this trait may be applied to; any when absent. */
  componentTypes?: string[];
  /**
   * The trait acts on every object of a component (a delivery flag), not on its workload: a
   * lowering rule that splits a component into members hands it to each member
   * (`LoweringContext.appliesToEveryMember`).
   */
  everyMember?: boolean;
  /**
   * The trait routes traffic to the component's Service (an Ingress, a route): a lowering rule
   * that splits a component into members hands it to the Service member, not to the workload
   * (`LoweringContext.routesToService`).
   */
  routesToService?: boolean;
  apply(input: TraitInput<P>, ctx: HandlerContext): TraitRendering | void;
}

export interface PolicyInput<P = Properties> {
  name: string;
  properties: P;
  componentNames: string[];
}

export interface PolicyRendering {
  dependencies?: Array<{ component: string; dependsOn: string[] }>;
  tiers?: Record<string, string>;
  /**
   * A consumer's own result, under a key it owns; under `BUNDLE_DELIVERY_EXTENSION`, how every
   * bundle of the application is delivered (a `BundleDelivery`).
   */
  extensions?: Record<string, unknown>;
}

export interface PolicyHandler<P = Properties> extends Described {
  apply?(input: PolicyInput<P>, ctx: HandlerContext): PolicyRendering | void;
}

/**
 * A trait or policy type authors may write whose rendering belongs to someone else (the consumer
 * that delivers the application, say). It parses and is checked against its schema; a build that
 * reaches it fails with `no handler for …: <reason>` unless another plugin registers a handler of
 * the same type, which takes its place.
 */
export interface TypeDeclaration extends Described {
  reason: string;
}

/** What a lowering rule emits in place of the element it claimed. Never entirely empty. */
export interface LoweringResult {
  documents?: AuthoredDocument[];
  components?: AuthoredComponent[];
  traits?: AuthoredTrait[];
  policies?: AuthoredPolicy[];
}

/** An authored element whose properties are of the type its rule's schema gives. */
export type WithProperties<E extends { properties: Properties }, P> = Omit<E, 'properties'> & { properties: P };

interface RuleBase extends Described {
  targets?: LoweringTargets;
}

export interface RawDocumentLoweringRule extends Omit<RuleBase, 'properties'> {
  position: 'rawdocument';
  /** The apiVersion and kind it claims; `type` is the kind. */
  apiVersion: string;
  properties?: PropertiesSchema;
  lower(input: { document: Record<string, unknown> }, ctx: LoweringContext): LoweringResult;
}

export interface DocumentLoweringRule extends Omit<RuleBase, 'properties'> {
  position: 'document';
  properties?: PropertiesSchema;
  lower(input: { document: AuthoredDocument }, ctx: LoweringContext): LoweringResult;
}

/** A rule claiming a component type answers its components' endpoints, as a handler would. */
export interface ComponentLoweringRule<P = Properties> extends RuleBase, EndpointProvider<P>, ExampleHost {
  position: 'component';
  lower(input: { component: WithProperties<AuthoredComponent, P>; document: DocumentInfo }, ctx: LoweringContext): LoweringResult;
}

export interface TraitLoweringRule<P = Properties> extends RuleBase {
  position: 'trait';
  capability?: CapabilitySpec;
  /** As a trait handler's `routesToService`: the trait this rule claims routes traffic to the component's Service. */
  routesToService?: boolean;
  lower(
    input: { trait: WithProperties<AuthoredTrait, P>; component: AuthoredComponent; document: DocumentInfo },
    ctx: LoweringContext,
  ): LoweringResult;
}

export interface PolicyLoweringRule<P = Properties> extends RuleBase {
  position: 'policy';
  lower(input: { policy: WithProperties<AuthoredPolicy, P>; document: DocumentInfo }, ctx: LoweringContext): LoweringResult;
}

export type LoweringRule =
  | RawDocumentLoweringRule
  | DocumentLoweringRule
  | ComponentLoweringRule<unknown>
  | TraitLoweringRule<unknown>
  | PolicyLoweringRule<unknown>;

export type LoweringPosition = LoweringRule['position'];
