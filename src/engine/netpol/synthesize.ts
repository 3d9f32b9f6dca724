import { type Endpoint, type K8sObject } from '../../plugin-api/index.js';
import { componentLabelValue } from '../../plugin-api/kit/index.js';
import type { Group } from '../ordering/order.js';
import type { NameClaims } from '../naming/name-claims.js';
import type { Application } from '../model.js';
import { egressPolicy } from './egress.js';
import { endpointPolicies } from './endpoint-ingress.js';
import { checkInboundNames, inboundPolicy, planInbound } from './inbound.js';
import type { EgressPeers, IngressPeers } from './peers.js';
import { choosePolicyApplicationName, choosePolicyName, policyOwner } from './policy-names.js';

// The post-build NetworkPolicy synthesis: inbound policies from what routing traits route,
// egress and endpoint-ingress policies from the platform's peers. Each policy is an application
// of its own, owned by the component it was made for (none for an external backend's), and
// goes last into the bundle of the component whose pods it selects. The policy is named under role
// netpol-synth, its application apart under role sub-application.

export interface SynthesisInput {
  componentLabelKey: string;
  /** The endpoints each authored component's type declares. */
  endpoints?: ReadonlyArray<{ component: string; endpoints: Endpoint[] }>;
  egressPeers?: EgressPeers;
  ingressPeers?: IngressPeers;
}

/** The application holding a named policy: the policy's name resolved, then the application's. */
function policyApplication(object: K8sObject, owner: string, claims: NameClaims, service?: string): Application {
  const nameOwner = policyOwner(owner, service);
  const chosen = choosePolicyName(object, nameOwner, claims);
  chosen.claim();
  object.metadata.name = chosen.name;
  return held(object, owner, choosePolicyApplicationName(chosen.spec, nameOwner, claims));
}

function held(object: K8sObject, owner: string, application: { name: string; namedBy: string }): Application {
  return { name: application.name, owner, labelValue: componentLabelValue(application.name), members: [], subApplications: [], synthesized: [object], namedBy: application.namedBy };
}

/** The bundles with the synthesized NetworkPolicies added, each after the bundle's own applications. */
export function synthesizeNetworkPolicies(groups: Group[], claims: NameClaims, input: SynthesisInput): Group[] {
  const applications = groups.flatMap((group) => group.applications);
  const groupOf = new Map<Application, Group>();
  for (const group of groups) for (const application of group.applications) groupOf.set(application, group);
  const added = new Map<Group, Application[]>();
  const place = (with_: Application, policy: Application) => {
    const group = groupOf.get(with_)!;
    added.set(group, [...(added.get(group) ?? []), policy]);
  };

  // Inbound names are all resolved before any is claimed: an external backend's policy that meets a
  // component's is refused in words of its own, and a hook that names one apart avoids it.
  const inbound = planInbound(applications, input.componentLabelKey).map((plan) => {
    const object = inboundPolicy(plan);
    const owner = policyOwner(plan.target ? plan.target.owner : '', plan.service);
    const chosen = choosePolicyName(object, owner, claims);
    object.metadata.name = chosen.name;
    return { plan: { ...plan, name: chosen.name }, object, owner, chosen };
  });
  checkInboundNames(inbound.map(({ plan }) => plan));
  for (const { plan, object, owner, chosen } of inbound) {
    chosen.claim();
    place(plan.placedWith, held(object, plan.target ? plan.target.owner : '', choosePolicyApplicationName(chosen.spec, owner, claims)));
  }

  for (const application of applications) {
    const peers = input.egressPeers?.[application.name];
    const egress = peers ? egressPolicy(application, peers, input.componentLabelKey) : undefined;
    if (egress) place(application, policyApplication(egress, application.owner, claims));
  }

  // Endpoints are the authored component's (a CloudNativePG cluster and its pooler, say): its
  // policies go with its first application.
  const byOwner = new Map<string, Application[]>();
  for (const application of applications) {
    if (application.owner === '' || application.synthesized) continue;
    byOwner.set(application.owner, [...(byOwner.get(application.owner) ?? []), application]);
  }
  for (const [owner, owned] of byOwner) {
    const peers = input.ingressPeers?.[owner];
    if (!peers) continue;
    const declared = input.endpoints?.find((entry) => entry.component === owner)?.endpoints ?? [];
    for (const policy of endpointPolicies(owner, owned[0], peers, declared)) place(owned[0], policyApplication(policy, owner, claims));
  }
  return groups.map((group) => (added.has(group) ? { ...group, applications: [...group.applications, ...added.get(group)!] } : group));
}
