import { defineTrait, schemaBuilders, checkImplicitBackend, defaultBackend, routeAnswer, routeObjectName, routingCommonSchema, type ComponentView, type HandlerContext, type ObjectMeta, type PropertiesSchema, type PropertySchema, type DefaultBackend } from 'kurel/plugin-api';
import { httpRoute } from '../families/gateway-api-schemas.js';

const { int, list, object, str, stringList, stringMap } = schemaBuilders;

type Json = Record<string, any>;

const DEFAULT_GATEWAY_NAMESPACE = 'gateway-system';

/** The nested object each filter type carries its settings in. */
const FILTER_BLOCKS: Record<string, string> = {
  RequestRedirect: 'requestRedirect',
  RequestHeaderModifier: 'requestHeaderModifier',
  ResponseHeaderModifier: 'responseHeaderModifier',
  URLRewrite: 'urlRewrite',
  RequestMirror: 'requestMirror',
  CORS: 'cors',
  ExternalAuth: 'externalAuth',
};

const REDIRECT_STATUS_CODES = [301, 302, 303, 307, 308];
const GATEWAY_DURATION = /^([0-9]{1,5}(h|m|s|ms)){1,4}$/;

let schemaCache: PropertiesSchema | undefined;

/** Built on first use: the rule pieces come from the HTTPRoute kind's generated schema. */
function httpRouteTraitSchema(): PropertiesSchema {
  if (schemaCache) return schemaCache;
  const kindRule = httpRoute().properties!.rules.items!.properties!;
  const backendRef = object('One Service the rule sends requests to.', {
    name: str("Service name; the component's own Service when unset."),
    port: int("Service port; the component's Service port when unset, required for another Service."),
    weight: int('Share of the requests this backend gets, relative to the other backendRefs.'),
    backendSelector: object(
      'Pod selector (matchLabels only) of an external backend Service, for NetworkPolicy synthesis onto its pods.',
      { matchLabels: stringMap('Labels of the backend pods.') },
    ),
  });
  const rule: PropertySchema = object('One routing rule: what it matches, where it sends requests and how.', {
    matches: kindRule.matches,
    backendRefs: list("The Services requests go to; the component's own Service when unset.", backendRef),
    filters: kindRule.filters,
    timeouts: kindRule.timeouts,
  });
  schemaCache = {
    parentRefs: list(
      "The Gateways the route attaches to; built from the ClusterProfile's gatewayName and gatewayNamespace when unset.",
      object('One Gateway.', {
        name: str('Name of the Gateway.', { required: true }),
        namespace: str("Namespace of the Gateway; the route's own when unset."),
        sectionName: str('Listener of the Gateway the route attaches to.'),
        port: int('Port of the Gateway listener the route attaches to.'),
      }),
    ),
    hostnames: stringList('Hostnames the route matches.', 'A hostname.'),
    rules: { ...list('Routing rules; at least one.', rule), required: true },
    gatewayName: str('Gateway to attach to when parentRefs is unset; usually rendered by the ClusterProfile.'),
    gatewayNamespace: str(`Namespace of gatewayName's Gateway; ${DEFAULT_GATEWAY_NAMESPACE} when unset.`),
    ...routingCommonSchema,
  };
  return schemaCache;
}

/** A gateway.networking.k8s.io/v1 HTTPRoute sending requests to the component's Service. */
export const httproute = defineTrait({
  type: 'httproute',
  nameRoles: [
    { role: 'httproute', names: "the httproute trait's HTTPRoute", default: '<component>-httproute[-<scope>]', property: 'name', syntax: 'subdomain' },
  ],
  description: "A Gateway API HTTPRoute sending a Gateway's requests to the component's Service (or to named backends).",
  example: {
    parentRefs: [{ name: 'public-gateway', namespace: 'gateway-system' }],
    hostnames: ['shop.example.com'],
    rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/' } }], timeouts: { request: '30s' } }],
  },
  contract: { family: 'httproute', version: 'v1alpha1' },
  routesToService: true,
  capability: {},
  get properties() {
    return httpRouteTraitSchema();
  },
  apply({ properties, component }, ctx) {
    const props = properties as Json;
    const backend = defaultBackend(component, props, "backendRef-level 'port' or an explicit 'name'", ctx);
    const parentRefs = routeParents(props, ctx);
    if (!props.rules?.length) ctx.fail("required property 'rules' missing or empty", ['rules']);
    const rules = (props.rules as Json[]).map((rule, i) => routeRule(rule, i, backend, component, ctx));
    const metadata: ObjectMeta = { name: routeObjectName(component, 'httproute', props, ctx), namespace: component.namespace, labels: { app: component.labelValue } };
    if (props.annotations && Object.keys(props.annotations).length > 0) metadata.annotations = { ...props.annotations };
    const spec: Json = { parentRefs };
    if (props.hostnames?.length) spec.hostnames = [...props.hostnames];
    spec.rules = rules;
    const backends = rules.flatMap((rule, i) =>
      (rule.backendRefs as Json[]).map((ref, j) => {
        const selector = props.rules[i].backendRefs?.[j]?.backendSelector?.matchLabels;
        return { service: ref.name, port: ref.port, ...(selector ? { backendSelector: { ...selector } } : {}) };
      }),
    );
    const route = routeAnswer(props, backends);
    return { objects: [{ apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata, spec }], ...(route ? { route } : {}) };
  },
});

function routeParents(props: Json, ctx: HandlerContext): Json[] {
  if (props.parentRefs?.length) return structuredClone(props.parentRefs);
  if (!props.gatewayName) ctx.fail("required property 'parentRefs' missing or empty (and no gatewayName capability to synthesize from)", ['parentRefs']);
  return [{ name: props.gatewayName, namespace: props.gatewayNamespace || DEFAULT_GATEWAY_NAMESPACE }];
}

function routeRule(rule: Json, i: number, backend: DefaultBackend, component: ComponentView, ctx: HandlerContext): Json {
  const out: Json = {};
  if (rule.backendRefs !== undefined) {
    out.backendRefs = (rule.backendRefs as Json[]).map((ref, j) => backendRef(ref, backend, component, `rules[${i}].backendRefs[${j}]`, ['rules', i, 'backendRefs', j], ctx));
  } else {
    checkImplicitBackend(backend, component, {}, `rules[${i}]`, ['rules', i], ctx);
    out.backendRefs = [{ name: backend.serviceName, port: backend.port }];
  }
  if (rule.filters !== undefined) out.filters = (rule.filters as Json[]).map((filter, j) => routeFilter(filter, `rules[${i}].filters[${j}]`, ['rules', i, 'filters', j], ctx));
  if (rule.matches !== undefined) out.matches = (rule.matches as Json[]).map(routeMatch);
  if (rule.timeouts !== undefined) out.timeouts = routeTimeouts(rule.timeouts, `rules[${i}].timeouts`, ['rules', i, 'timeouts'], ctx);
  return out;
}

function backendRef(ref: Json, backend: DefaultBackend, component: ComponentView, location: string, at: (string | number)[], ctx: HandlerContext): Json {
  const external = ref.name !== undefined && ref.name !== backend.serviceName;
  if (ref.port !== undefined && (ref.port < 1 || ref.port > 65535)) ctx.fail(`${location}: port must be between 1 and 65535, got ${ref.port}`, [...at, 'port']);
  if (ref.backendSelector !== undefined) {
    if (!external) ctx.fail(`${location}: backendSelector is only valid with an explicit external 'name'`, [...at, 'backendSelector']);
    if (!Object.keys(ref.backendSelector.matchLabels ?? {}).length) ctx.fail(`${location}.backendSelector.matchLabels: must be non-empty`, [...at, 'backendSelector', 'matchLabels']);
  }
  if (!external) checkImplicitBackend(backend, component, { port: ref.port }, location, at, ctx);
  const port = ref.port ?? (external ? undefined : backend.port);
  if (port === undefined) ctx.fail(`${location}: cannot determine backend port — specify 'port' in the backendRef`, at);
  const out: Json = { name: external ? ref.name : backend.serviceName, port };
  if (ref.weight !== undefined) out.weight = ref.weight;
  return out;
}

/** A path match defaults to a PathPrefix match of "/", a header or query match to Exact. */
function routeMatch(match: Json): Json {
  const out: Json = structuredClone(match);
  if (match.path) out.path = { type: match.path.type ?? 'PathPrefix', value: match.path.value ?? '/' };
  for (const key of ['headers', 'queryParams']) {
    if (match[key]) out[key] = match[key].map((entry: Json) => ({ ...entry, type: entry.type ?? 'Exact' }));
  }
  return out;
}

function routeFilter(filter: Json, location: string, at: (string | number)[], ctx: HandlerContext): Json {
  const scope = `${location} "${filter.type}"`;
  if (filter.type === 'ExtensionRef') ctx.fail(`${scope}: filter type "ExtensionRef" is not implemented`, [...at, 'type']);
  const key = FILTER_BLOCKS[filter.type];
  if (!key) ctx.fail(`${scope}: unknown filter type "${filter.type}"`, [...at, 'type']);
  const block = filter[key];
  if (block === undefined || block === null) ctx.fail(`${scope}: ${key} block is required`, [...at, key]);
  const other = Object.keys(filter).find((name) => name !== 'type' && name !== key);
  if (other) ctx.fail(`${scope}: ${other} does not belong to a ${filter.type} filter`, [...at, other]);
  const where = [...at, key];
  switch (filter.type) {
    case 'RequestRedirect':
      if (block.statusCode !== undefined && !REDIRECT_STATUS_CODES.includes(block.statusCode)) {
        ctx.fail(`${scope}: statusCode ${block.statusCode} must be one of [${REDIRECT_STATUS_CODES.join(',')}]`, [...where, 'statusCode']);
      }
      if (block.port !== undefined && (block.port < 1 || block.port > 65535)) ctx.fail(`${scope}: port ${block.port} out of range [1,65535]`, [...where, 'port']);
      if (!['scheme', 'hostname', 'port', 'statusCode', 'path'].some((name) => block[name] !== undefined && block[name] !== '')) {
        ctx.fail(`${scope}: at least one of scheme/hostname/port/statusCode/path must be set`, where);
      }
      break;
    case 'URLRewrite':
      if (!block.hostname && !block.path) ctx.fail(`${scope}: at least one of hostname or path must be set`, where);
      break;
    case 'RequestHeaderModifier':
    case 'ResponseHeaderModifier':
      if (!block.set?.length && !block.add?.length && !block.remove?.length) ctx.fail(`${scope}: at least one of set/add/remove must be set`, where);
      break;
    case 'RequestMirror':
      if (block.percent !== undefined && block.fraction !== undefined) ctx.fail(`${scope}: only one of percent or fraction may be set`, where);
      if (block.percent !== undefined && (block.percent < 0 || block.percent > 100)) ctx.fail(`${scope}: percent ${block.percent} out of range [0,100]`, [...where, 'percent']);
      break;
  }
  return { type: filter.type, [key]: structuredClone(block) };
}

function routeTimeouts(timeouts: Json, location: string, at: (string | number)[], ctx: HandlerContext): Json {
  const millis: Record<string, number> = {};
  for (const key of ['request', 'backendRequest']) {
    const value = timeouts[key];
    if (value === undefined) continue;
    if (!GATEWAY_DURATION.test(value)) ctx.fail(`${location}.${key}: "${value}" is not a Gateway API duration (such as "10s" or "1m30s")`, [...at, key]);
    millis[key] = durationMillis(value);
  }
  if (millis.request !== undefined && millis.backendRequest !== undefined && millis.request !== 0 && millis.backendRequest > millis.request) {
    ctx.fail(`${location}: backendRequest (${timeouts.backendRequest}) must not exceed request (${timeouts.request})`, [...at, 'backendRequest']);
  }
  return structuredClone(timeouts);
}

function durationMillis(value: string): number {
  const unit: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  let total = 0;
  for (const [, amount, suffix] of value.matchAll(/([0-9]+)(ms|h|m|s)/g)) total += Number(amount) * unit[suffix];
  return total;
}
