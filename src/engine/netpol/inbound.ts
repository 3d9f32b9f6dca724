import { kurelErrors, type ComponentAnswers, type K8sObject, type LabelSelector, type RoutedBackend, type TrafficSource } from '../../plugin-api/index.js';
import { copyData, type WrittenMap } from '../../plugin-api/kit/index.js';
import type { Application } from '../model.js';
import { componentSelector, namespacedPeer, networkPolicy } from './policy-object.js';

// The inbound family: who a routing trait lets in, allowed onto the pods that serve the route.
// A backend is the router's own Service, a sibling component's Service (resolved by name across
// every group), or an external Service, which gets a policy only with an authored backendSelector.

/** One inbound policy to write, before it is named and placed. */
export interface InboundPlan {
  /** The component whose pods it selects; undefined for an external backend. */
  target?: Application;
  /** The external backend Service, for a policy with no target. */
  service?: string;
  /** The application whose group the policy goes to. */
  placedWith: Application;
  name: string;
  namespace: string;
  podSelector: LabelSelector;
  rules: Array<{ sources: TrafficSource[]; ports: number[] }>;
}

export const INBOUND_SUFFIX = '-allow-ingress-traffic';

const namespaceOf = (application: Application) => application.members[0]?.component.origin.namespace ?? '';
const answersOf = (application: Application): ComponentAnswers => application.members.find((member) => member.answers?.routingTarget)?.answers ?? application.members[0]?.answers ?? {};

function servicesOf(application: Application): K8sObject[] {
  return application.members.flatMap((member) => member.objects).filter((object) => object.kind === 'Service' && object.apiVersion === 'v1');
}

/** The Services of the document by name, each with the applications that generate one of that name. */
function serviceOwners(applications: Application[]): Map<string, Application[]> {
  const owners = new Map<string, Application[]>();
  for (const application of applications) {
    for (const service of servicesOf(application)) {
      const list = owners.get(service.metadata.name) ?? [];
      if (!list.includes(application)) list.push(application);
      owners.set(service.metadata.name, list);
    }
  }
  return owners;
}

/** The pod port behind a routed Service port: the Service's targetPort when it is a number. */
function podPort(target: Application, backend: RoutedBackend): number | undefined {
  const service = servicesOf(target).find((object) => object.metadata.name === backend.service);
  const ports = ((service?.spec as WrittenMap | undefined)?.ports ?? []) as WrittenMap[];
  const port = ports.find((entry) => (backend.port !== undefined ? entry.port === backend.port : backend.portName !== undefined && entry.name === backend.portName));
  if (!port) return backend.port;
  // A Service port's port is a number: the Service kinds write it so.
  return typeof port.targetPort === 'number' ? port.targetPort : (port.port as number | undefined);
}

/**
 * The pods and ports of a component whose Service fronts another's pods (a routing target): the
 * Service's selector, each routed port translated to its TCP targetPort. ExternalName selects
 * no pods, so nothing is allowed.
 */
function routingTargetPorts(answers: ComponentAnswers, backend: RoutedBackend): number[] {
  const target = answers.routingTarget!;
  if (!target.selector) return [];
  const port = target.ports.find((entry) => (backend.port !== undefined ? entry.port === backend.port : backend.portName !== undefined && entry.name === backend.portName));
  if (!port || port.protocol !== 'TCP') return [];
  return [typeof port.targetPort === 'number' ? port.targetPort : port.port];
}

const canonical = (value: unknown) => JSON.stringify(value, (_, entry) => (entry && typeof entry === 'object' && !Array.isArray(entry) ? Object.fromEntries(Object.entries(entry).sort()) : entry));

function addRule(plan: InboundPlan, sources: TrafficSource[], ports: number[]): void {
  if (ports.length === 0) return;
  const key = canonical(sources);
  const rule = plan.rules.find((entry) => canonical(entry.sources) === key);
  if (!rule) plan.rules.push({ sources: copyData(sources), ports: [...new Set(ports)] });
  else for (const port of ports) if (!rule.ports.includes(port)) rule.ports.push(port);
}

/** Plans every inbound policy of the document, component ones first, then the external ones. */
export function planInbound(applications: Application[], key: string): InboundPlan[] {
  const byService = serviceOwners(applications);
  const components = new Map<Application, InboundPlan>();
  const external = new Map<string, InboundPlan>();
  for (const router of applications) {
    for (const { traitType, route } of router.routes ?? []) {
      for (const backend of route.backends) {
        const owners = byService.get(backend.service) ?? [];
        if (owners.length > 1) {
          throw kurelErrors.networkPolicy(`component "${router.name}" trait "${traitType}": backend Service "${backend.service}" is generated by ${owners.map((owner) => `component "${owner.name}"`).join(' and ')}: the NetworkPolicy for its traffic cannot tell whose pods to select; give each Service its own name`,
            { component: router.name },
          );
        }
        const target = owners[0] ?? (backend.service === router.name ? router : undefined);
        if (target) {
          const answers = answersOf(target);
          if (answers.routingTarget && !answers.routingTarget.selector && answers.routingTarget.ports.length > 0) {
            // The label-less selector marks a Service that selects no pods: a port beside it would allow into nothing, or everything.
            throw kurelErrors.networkPolicy(`component "${target.name}": its routing target selects no pods but maps ${answers.routingTarget.ports.length} port(s); a Service that selects no pods has no port to route to`,
              { component: target.name },
            );
          }
          const plan = components.get(target) ?? {
            target,
            placedWith: target,
            name: `${target.name}${INBOUND_SUFFIX}`,
            namespace: namespaceOf(target),
            // A sibling group's Service fronts its own members' pods, which carry the component label.
            podSelector:
              answers.routingTarget?.selector && target.members.length === 1
                ? { matchLabels: copyData(answers.routingTarget.selector) }
                : componentSelector(key, target.owner || target.name, target.name),
            rules: [],
          };
          components.set(target, plan);
          const ports = answers.routingTarget ? routingTargetPorts(answers, backend) : [podPort(target, backend)].filter((port): port is number => port !== undefined);
          addRule(plan, route.trafficSources, ports);
          continue;
        }
        if (!backend.backendSelector) continue;
        const name = `${backend.service}${INBOUND_SUFFIX}`;
        const existing = external.get(backend.service);
        if (existing && canonical(existing.podSelector.matchLabels) !== canonical(backend.backendSelector)) {
          throw kurelErrors.networkPolicy(`component "${router.name}" trait "${traitType}": external backend Service "${backend.service}" is given the backendSelector ${canonical(backend.backendSelector)}, and another route gives it ${canonical(existing.podSelector.matchLabels)}: one Service fronts one set of pods; give every route to it the same backendSelector`,
            { component: router.name },
          );
        }
        const plan = existing ?? { service: backend.service, placedWith: router, name, namespace: namespaceOf(router), podSelector: { matchLabels: copyData(backend.backendSelector) }, rules: [] };
        external.set(backend.service, plan);
        addRule(plan, route.trafficSources, backend.port !== undefined ? [backend.port] : []);
      }
    }
  }
  return [...components.values(), ...external.values()].filter((plan) => plan.rules.length > 0);
}

/** Refuses an external backend's policy that has the (resolved) name of a component's inbound policy. */
export function checkInboundNames(plans: InboundPlan[]): void {
  const byName = new Map<string, InboundPlan>();
  for (const plan of plans) {
    const other = byName.get(plan.name);
    // Two component policies, or two external ones, of one name are a name collision, refused when claimed.
    if (other && !other.target !== !plan.target) {
      const component = (other.target ?? plan.target)!;
      const service = plan.target ? other.service : plan.service;
      throw kurelErrors.networkPolicy(`NetworkPolicy "${plan.name}": the policy for external backend Service "${service}" has the name of the inbound policy of component "${component.name}"; rename the Service or the component`,
        { component: component.name },
      );
    }
    byName.set(plan.name, plan);
  }
}

export function inboundPolicy(plan: InboundPlan): K8sObject {
  return networkPolicy(plan.name, plan.namespace, {
    podSelector: plan.podSelector,
    policyTypes: ['Ingress'],
    ingress: plan.rules.map((rule) => ({
      from: rule.sources.map((source) => namespacedPeer(source.namespace, source.podSelector)),
      ports: rule.ports.map((port) => ({ protocol: 'TCP', port })),
    })),
  });
}
