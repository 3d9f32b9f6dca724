import type { BundleDelivery, ComponentAnswers, DeliveryIntent, K8sObject, PostPolicyStep, Properties, RenderedChart, RouteAnswer } from '../plugin-api/index.js';

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

/** One member of an application: a component handler's rendering. */
export interface Member {
  component: WorkComponent;
  objects: K8sObject[];
  /** What the handler answered about the component. */
  answers?: ComponentAnswers;
  /** For a chart rendered at build time: its release, hook groups and each object's template. */
  chart?: RenderedChart;
  /** What each of the component's traits did, in the order of `component.traits`. */
  traitEffects?: TraitEffect[];
}

/** What one trait did: a trait whose conditions did not hold may do nothing at all. */
export interface TraitEffect {
  /** The component's objects it changed, added or removed, as `Kind/name`. */
  changed: string[];
  /** The sub-application holding the objects it emitted beside the component. */
  subApplication?: string;
  /** The delivery intent it set on the application. */
  intent?: DeliveryIntent;
  /** It configured how the bundle holding the component is delivered. */
  bundleDelivery?: boolean;
  /** It answered a route, which the NetworkPolicy synthesis reads. */
  route?: boolean;
}

/** A trait's own application: its objects, under a name kept apart within its bundle. */
export interface SubApplication {
  name: string;
  traitType: string;
  objects: K8sObject[];
  /** The trait and where its name came from, as a collision text names them. */
  namedBy?: string;
  /** The authored trait, for diagnostics. */
  path?: Path;
  /** Annotations the trait wrote from the platform's input; exempt from the reserved-key check. */
  platformAnnotations?: Record<string, string>;
}

/** A component's application (a sibling group is one), followed by its traits' sub-applications. */
export interface Application {
  name: string;
  /** The authored component the application belongs to; empty when the document as a whole owns it. */
  owner: string;
  labelValue: string;
  members: Member[];
  subApplications: SubApplication[];
  /** What the routing traits route, for the NetworkPolicy synthesis. */
  routes?: Array<{ traitType: string; route: RouteAnswer }>;
  /** Objects the engine synthesized for the application (a NetworkPolicy), in place of members. */
  synthesized?: K8sObject[];
  /** A source a rule generated for several components: the application bundle's own, in no group. */
  generatedSource?: boolean;
  /** How a collision text names a synthesized policy's application: its owner and where its name came from. */
  namedBy?: string;
  /** The delivery intents its members' traits set; they cover its sub-applications too. */
  delivery?: DeliveryIntent[];
  /** How its members' traits configure the bundle holding it (`BUNDLE_DELIVERY_EXTENSION`), each with where it was written. */
  bundleDelivery?: Array<{ component: string; traitType: string; path: Path; delivery: BundleDelivery }>;
}

/** The authored path an application comes from: its first member's component's. */
export function authoredPathOf(application: Application): Path {
  return application.members[0]?.component.path ?? [];
}
