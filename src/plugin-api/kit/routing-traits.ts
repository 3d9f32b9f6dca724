import { copyData } from './copy-data.js';
import type { HandlerContext } from '../context.js';
import type { PropertyPath } from '../errors.js';
import type { ComponentView, RouteAnswer, RoutedBackend } from '../handlers.js';
import { isDns1123Subdomain, shortenNameWithSuffix } from './names.js';
import type { PropertySchema } from '../schema.js';
import type { PropertiesOf } from '../schema-types.js';
import { list, object, str, stringMap } from './schema-builders.js';

// What a routing trait (the built-in ingress and httproute, or an organisation's route for its
// own ingress controller) shares: the backend it routes to by default, the checks on a backend
// that names the component's own Service, its object name, the platform-reserved keys a
// ClusterProfile renders into it, and the route it answers for NetworkPolicy synthesis.

/** The properties every routing trait reads here, as its handler receives them. */
export type RoutingCommonProperties = PropertiesOf<typeof routingCommonSchema>;

/** The Service a routing trait sends traffic to when a path or backendRef names none. */
export interface DefaultBackend {
  serviceName: string;
  port?: number;
  portName?: string;
  /** The port came from the trait's servicePort, not from the component. */
  fromTrait: boolean;
}

export const trafficSourcesSchema = {
  type: 'object',
  platformReserved: true,
  description: 'Platform-reserved: the sources the synthesized NetworkPolicy admits to the routed pods; an empty list switches synthesis off.',
  properties: {
    trafficSources: list(
      'Where routed traffic comes from, one entry per source.',
      object('One source of routed traffic.', {
        namespace: str('Namespace of the source pods (the ingress controller or gateway).', { required: true }),
        podSelector: object('The source pods, by label.', { matchLabels: stringMap('Labels the source pods carry.') }),
      }),
    ),
  },
} satisfies PropertySchema;

/** Properties every routing trait declares. */
export const routingCommonSchema = {
  annotations: stringMap('Annotations set on the routing object.'),
  servicePort: { type: 'integer', description: 'Service port to route to when the component exposes none (a helm release, say), 1-65535.' },
  serviceName: str('Service to route to instead of the component\'s own; needs servicePort.'),
  name: str('Name of the routing object, replacing the default name (a DNS-1123 subdomain).'),
  scope: str('Picks the scoped ClusterProfile binding and suffixes the default object name.'),
  networkPolicy: trafficSourcesSchema,
} satisfies Record<string, PropertySchema>;

/** `<component>-<kind>[-<scope>]`, or the authored `name`. */
export function routeObjectName(component: ComponentView, kind: 'ingress' | 'httproute', props: RoutingCommonProperties, ctx: HandlerContext): string {
  const suffix = props.scope ? `-${kind}-${props.scope}` : `-${kind}`;
  const fallback = shortenNameWithSuffix(component.name, suffix, 253);
  const authored = props.name !== undefined && props.name !== '' ? (props.name as string) : undefined;
  if (authored === undefined && !isDns1123Subdomain(fallback)) ctx.fail(`scope: "${props.scope}" makes the invalid object name "${fallback}"`, ['scope']);
  const objectKind = kind === 'ingress' ? 'Ingress.networking.k8s.io' : 'HTTPRoute.gateway.networking.k8s.io';
  return ctx.resolveName({ role: kind, kind: objectKind, default: fallback, authored, property: 'name' });
}

/**
 * The component's own Service and port, or the trait's servicePort/serviceName where the
 * component exposes no port (servicePort first, so a bad one is refused before serviceName is read).
 */
export function defaultBackend(component: ComponentView, props: RoutingCommonProperties, overrides: string, ctx: HandlerContext): DefaultBackend {
  const own = component.answers.servicePort;
  const backend: DefaultBackend = { serviceName: component.name, port: own?.port, portName: own?.name, fromTrait: false };
  if (props.servicePort !== undefined) {
    if (props.servicePort < 1 || props.servicePort > 65535) ctx.fail('servicePort must be a valid port number (1–65535)', ['servicePort']);
    if (own) {
      ctx.fail(`servicePort may not be set on a component that already exposes service port ${own.port}; use ${overrides} instead`, ['servicePort']);
    }
    backend.port = props.servicePort;
    backend.portName = undefined;
    backend.fromTrait = true;
  }
  if (props.serviceName !== undefined && props.serviceName !== '') {
    if (!backend.fromTrait) ctx.fail('serviceName requires a valid servicePort to also be set on the trait', ['serviceName']);
    backend.serviceName = props.serviceName;
  }
  return backend;
}

/**
 * Checks a backend that is the component's own Service (named or left implicit): the component
 * must expose a port, and an authored port or port name must be that port.
 */
export function checkImplicitBackend(
  backend: DefaultBackend,
  component: ComponentView,
  wanted: { port?: number; portName?: string },
  location: string,
  path: PropertyPath,
  ctx: HandlerContext,
): void {
  if (!backend.fromTrait && backend.port === undefined) {
    ctx.fail(
      `${location}: component "${component.name}" has no service port; configure a service port or specify an explicit backend name` +
        ' (for helmchart components, set servicePort and optionally serviceName on the trait)',
      path,
    );
  }
  const exposes = `component service exposes port ${backend.port}${backend.portName ? ` ("${backend.portName}")` : ''}`;
  if (wanted.port !== undefined && wanted.port !== backend.port) {
    ctx.fail(`${location}: cannot route implicit backend to port ${wanted.port} — ${exposes}; specify an explicit backend name or match the component port`, path);
  }
  if (wanted.portName !== undefined && wanted.portName !== backend.portName) {
    ctx.fail(`${location}: cannot route implicit backend to port "${wanted.portName}" — ${exposes}; specify an explicit backend name or match the component port`, path);
  }
}

/** Each host must be the wildcard's domain or under it (`*.apps.example.com`). */
export function checkHostnames(hosts: string[], wildcard: string | undefined, component: string, ctx: HandlerContext, path: PropertyPath): void {
  if (!wildcard) return;
  const domain = wildcard.startsWith('*.') ? wildcard.slice(2) : wildcard;
  for (const host of hosts) {
    const under = host === domain || (host.endsWith(`.${domain}`) && !host.slice(0, -domain.length - 1).includes('*'));
    if (!under) ctx.fail(`component "${component}": hostname "${host}" is not allowed by the platform wildcard "${wildcard}"`, path);
  }
}

/** Platform annotations under the authored ones; an authored value may not contradict one. */
export function mergeAnnotations(platform: Record<string, string> | undefined, authored: Record<string, string> | undefined, ctx: HandlerContext): Record<string, string> {
  const out: Record<string, string> = { ...(platform ?? {}) };
  for (const [key, value] of Object.entries(authored ?? {})) {
    if (platform && key in platform && platform[key] !== value) {
      ctx.fail(`annotations: "${key}" is set by the platform to "${platform[key]}"; the trait may not change it to "${value}"`, ['annotations', key]);
    }
    out[key] = value;
  }
  return out;
}

/**
 * The route a routing trait answers for the NetworkPolicy synthesis: the traffic sources the
 * platform's rendering names, and the backends routed to. None when no source is named.
 */
export function routeAnswer(props: RoutingCommonProperties, backends: RoutedBackend[]): RouteAnswer | undefined {
  const sources = props.networkPolicy?.trafficSources;
  if (!sources?.length) return undefined;
  return {
    trafficSources: sources.map((source) => ({ namespace: source.namespace, ...(source.podSelector ? { podSelector: copyData(source.podSelector) } : {}) })),
    backends,
  };
}
