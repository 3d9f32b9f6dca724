import { HandlerError, type NameRoleLookup, type ClusterApis, PolicyRefusal, type CapabilityBinding, type HandlerContext, type NameSpec, type NamingHook, type Policy, type PropertyPath, kurelErrors } from '../plugin-api/index.js';
import { chooseName, componentLabelValue, ENGINE_NAME_ROLES, nameRoleLookup, NOOP_POLICY, UNDECLARED_CLUSTER, copyData } from '../plugin-api/kit/index.js';
import { NameClaims, type NameOwner } from './name-claims.js';
import type { Diagnostic, DiagnosticPlace } from '../plugin-api/index.js';
import type { EgressPeers, IngressPeers } from './netpol/peers.js';
import type { ParsedProfile } from './profile.js';

/** What the caller sets for one build (the reference's TransformContext). */
export interface TransformSettings {
  domain: string;
  /** Defaults to `<domain>/component`. */
  componentLabelKey?: string;
  clusterId: string;
  /** The `--namespace` override. */
  namespace?: string;
  /** Where Flux objects go (kinds of scope `flux`); the document's namespace when unset. */
  fluxNamespace?: string;
  /** Label and annotation keys (`team`) and prefixes (`platform.example/`) the platform keeps to itself; checked at generation. */
  reservedMetadataKeys?: string[];
  /** The environment policy; `NOOP_POLICY` when unset. */
  policy?: Policy;
  /** Destinations each component's pods reach: `{comp}-allow-egress-traffic` policies. */
  egressPeers?: EgressPeers;
  /** Sources allowed into each component's endpoints: `{comp}-allow-endpoint-ingress` policies. */
  ingressPeers?: IngressPeers;
}

/** State shared by every stage of one build: settings, profile, warnings, consumed capabilities. */
export class RunContext {
  readonly warnings: Diagnostic[] = [];
  readonly consumedCapabilities = new Set<string>();
  private claims?: NameClaims;
  /** What the cluster serves, over the sealed registry's pinned kinds; set once the registry is known. */
  cluster: ClusterApis = UNDECLARED_CLUSTER;
  /** Where objects of a kind hold metadata, as the sealed registry's kinds declare it; set once the registry is known. */
  objectLayout: HandlerContext['objectLayout'] = () => undefined;
  /** The roles names are resolved under: the engine's, and those the sealed registry's plugins declare once it is known. */
  nameRoles: NameRoleLookup = nameRoleLookup(ENGINE_NAME_ROLES);

  constructor(
    readonly settings: TransformSettings,
    readonly profile: ParsedProfile,
    private fetchedDocuments: Record<string, string> = {},
  ) {}

  /** The bodies the host fetched for the components' URLs, read by handlers through `ctx.fetched`. */
  provideFetched(bodies: Record<string, string>): void {
    this.fetchedDocuments = { ...this.fetchedDocuments, ...bodies };
  }

  private renderedCharts: Record<string, string> = {};

  /** The texts the host rendered for the components' charts, by component name, read through `ctx.renderedChart`. */
  provideRenderedCharts(texts: Record<string, string>): void {
    this.renderedCharts = { ...this.renderedCharts, ...texts };
  }

  /** Starts the build's claim space for the names resolved under a role in document `application`. */
  startNaming(application: string, hook?: NamingHook): void {
    this.claims = new NameClaims(application, this.nameRoles, hook);
    this.applicationName = application;
  }

  /** The Application's name, once naming has started. */
  applicationName?: string;

  /** The build's claim space, once naming has started. */
  get nameClaims(): NameClaims | undefined {
    return this.claims;
  }

  /** A name not claimed as an object's (an application's, a bundle's): the hook's answer or the default, and how a collision text names it. */
  chooseUnclaimed(spec: Omit<NameSpec, 'kind'>, owner: NameOwner): { name: string; namedBy: string } {
    return this.claims ? this.claims.choose(spec, owner) : { name: chooseName({ ...spec, kind: '' }, this.nameRoles).name, namedBy: owner.description };
  }

  get componentLabelKey(): string {
    return this.settings.componentLabelKey ?? `${this.settings.domain}/component`;
  }

  get policy(): Policy {
    return this.settings.policy ?? NOOP_POLICY;
  }

  warn(message: string, where: DiagnosticPlace = {}): void {
    this.warnings.push(kurelErrors.warning.diagnostic(message, where));
  }

  capability(key: string): CapabilityBinding | undefined {
    const rendering = this.profile.bindings.get(key);
    if (!rendering) return undefined;
    this.consumedCapabilities.add(key);
    return { key, rendering: copyData(rendering) };
  }

  /**
   * The facade a handler or rule sees. With an owner, the names it resolves are claimed for it
   * (and put to the Naming hook); without one they are only checked.
   */
  handlerContext(namespace: string, owner?: NameOwner): HandlerContext {
    return {
      namespace,
      domain: this.settings.domain,
      componentLabelKey: this.componentLabelKey,
      clusterId: this.settings.clusterId,
      warn: (message: string) => this.warn(message),
      fail: (message: string, path: PropertyPath = []): never => {
        throw new HandlerError(message, path);
      },
      policy: this.policy,
      violate: (refusalClass: string, message: string, path: PropertyPath = []): never => {
        throw new PolicyRefusal(refusalClass, message, path);
      },
      capability: (key: string) => this.capability(key),
      cluster: this.cluster,
      fetched: (url: string) => this.fetchedDocuments[url],
      renderedChart: () => (owner?.component !== undefined ? this.renderedCharts[owner.component] : undefined),
      labelValue: componentLabelValue,
      resolveName: (spec) => (owner && this.claims ? this.claims.resolve(spec, owner, namespace) : chooseName(spec, this.nameRoles).name),
      claimObjectName: (claim) => {
        if (owner && this.claims) this.claims.claimObject(claim, owner, namespace);
      },
      objectLayout: this.objectLayout,
    };
  }
}
