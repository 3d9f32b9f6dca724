import { type ClusterApis, type HandlerContext, type NameRoleLookup, type Policy } from '../../plugin-api/index.js';
import { ENGINE_NAME_ROLES, NOOP_POLICY, nameRoleLookup, UNDECLARED_CLUSTER, apiGroupOf } from '../../plugin-api/kit/index.js';
import { clusterApis } from '../api-resources/cluster-apis.js';
import type { ParsedProfile } from '../documents/profile.js';
import type { EgressPeers, IngressPeers } from '../netpol/peers.js';
import type { SealedRegistry } from '../registry.js';

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

/**
 * What every stage of one build reads and none changes: the caller's settings, the evaluated
 * profile, what the cluster serves, the registry's kinds and name roles, and what the host
 * fetched and rendered for the components.
 */
export interface BuildScope {
  readonly settings: TransformSettings;
  readonly profile: ParsedProfile;
  readonly componentLabelKey: string;
  readonly policy: Policy;
  /** What the cluster serves, over the sealed registry's pinned kinds. */
  readonly cluster: ClusterApis;
  /** Where objects of a kind hold metadata, as the sealed registry's kinds declare it. */
  readonly objectLayout: HandlerContext['objectLayout'];
  /** The roles names are resolved under: the engine's, and those the sealed registry's plugins declare. */
  readonly nameRoles: NameRoleLookup;
  /** The bodies the host fetched for the components' URLs. */
  readonly fetched: Readonly<Record<string, string>>;
  /** The texts the host rendered for the components' charts, by component name. */
  readonly renderedCharts: Readonly<Record<string, string>>;
}

/** The scope of a build on `registry`; without one, the engine's own roles and no served API. */
export function buildScope(settings: TransformSettings, profile: ParsedProfile, registry?: SealedRegistry): BuildScope {
  return {
    settings,
    profile,
    componentLabelKey: settings.componentLabelKey ?? `${settings.domain}/component`,
    policy: settings.policy ?? NOOP_POLICY,
    cluster: registry ? clusterApis(profile, registry) : UNDECLARED_CLUSTER,
    objectLayout: registry ? (apiVersion, kind) => registry.objectLayout(apiGroupOf(apiVersion), kind) : () => undefined,
    nameRoles: registry ? registry.nameRole : nameRoleLookup(ENGINE_NAME_ROLES),
    fetched: {},
    renderedCharts: {},
  };
}
