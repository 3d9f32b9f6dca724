import { componentLabelValue, type K8sObject } from '../../plugin-api/index.js';
import type { Group } from '../order.js';
import type { Application } from '../transform.js';
import { egressPolicy } from './egress.js';
import { endpointPolicies } from './endpoint-ingress.js';
import { checkInboundNames, inboundPolicy, planInbound } from './inbound.js';
import type { EgressPeers, IngressPeers } from './peers.js';

// The post-build NetworkPolicy synthesis: inbound policies from what routing traits route,
// egress and endpoint-ingress policies from the platform's peers. Each policy is an application
// of its own, owned by the component it was made for (none for an external backend's), and
// goes last into the group of the component whose pods it selects.

export interface SynthesisInput {
  componentLabelKey: string;
  egressPeers?: EgressPeers;
  ingressPeers?: IngressPeers;
}

function policyApplication(object: K8sObject, owner: string): Application {
  const name = object.metadata.name;
  return { name, owner, labelValue: componentLabelValue(name), members: [], subApplications: [], synthesized: [object] };
}

/** Adds the synthesized NetworkPolicies to the ordered groups, each after the group's own applications. */
export function synthesizeNetworkPolicies(groups: Group[], input: SynthesisInput): void {
  const applications = groups.flatMap((group) => group.applications);
  const groupOf = new Map<Application, Group>();
  for (const group of groups) for (const application of group.applications) groupOf.set(application, group);
  const added = new Map<Group, Application[]>();
  const place = (with_: Application, policy: Application) => {
    const group = groupOf.get(with_)!;
    added.set(group, [...(added.get(group) ?? []), policy]);
  };

  const inbound = planInbound(applications, input.componentLabelKey);
  checkInboundNames(inbound);
  for (const plan of inbound) place(plan.placedWith, policyApplication(inboundPolicy(plan), plan.target ? plan.target.owner : ''));

  for (const application of applications) {
    const peers = input.egressPeers?.[application.name];
    const egress = peers ? egressPolicy(application, peers, input.componentLabelKey) : undefined;
    if (egress) place(application, policyApplication(egress, application.owner));
  }

  // Endpoints are the authored component's, whichever of its entries declares them (a
  // CloudNativePG cluster and its pooler): its policies go with its first application.
  const byOwner = new Map<string, Application[]>();
  for (const application of applications) {
    if (application.owner === '' || application.synthesized) continue;
    byOwner.set(application.owner, [...(byOwner.get(application.owner) ?? []), application]);
  }
  for (const [owner, owned] of byOwner) {
    const peers = input.ingressPeers?.[owner];
    if (!peers) continue;
    const declared = owned.flatMap((application) => application.members.flatMap((member) => member.answers?.endpoints ?? []));
    for (const policy of endpointPolicies(owner, owned[0], peers, declared)) place(owned[0], policyApplication(policy, owner));
  }
  for (const [group, policies] of added) group.applications.push(...policies);
}
