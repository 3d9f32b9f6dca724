import { defineTrait, type ComponentView, type HandlerContext, type JsonObject, type JsonValue, type ObjectMeta, type PropertiesSchema, type PropertySchema } from 'kurel/plugin-api';
import { copyData, schemaBuilders, checkImplicitBackend, defaultBackend, routeAnswer, routeObjectName, routingCommonSchema, type DefaultBackend } from 'kurel/plugin-kit';
import { httpRoute } from '../families/gateway-api-schemas.js';

const { int, list, object, str, stringList, stringMap } = schemaBuilders;

/** A rule's backend as authored: the component's own Service when unnamed. */
interface BackendRefInput {
  name?: string;
  port?: number;
  weight?: number;
  backendSelector?: { matchLabels?: Record<string, string> };
}

/** A filter's settings block, as far as the checks read it; the rest is copied as written. */
interface FilterBlock {
  scheme?: string;
  hostname?: string;
  port?: number;
  statusCode?: number;
  path?: JsonValue;
  set?: JsonValue[];
  add?: JsonValue[];
  remove?: JsonValue[];
  percent?: number;
  fraction?: JsonValue;
  [field: string]: JsonValue | undefined;
}

/** A filter: its type, and the one block that type carries its settings in. */
interface FilterInput {
  type: string;
  [block: string]: JsonValue;
}

/** A header or query parameter match. */
interface ValueMatch {
  type?: string;
  [field: string]: JsonValue | undefined;
}

interface RouteMatchInput {
  path?: { type?: string; value?: string };
  headers?: ValueMatch[];
  queryParams?: ValueMatch[];
  [field: string]: unknown;
}

interface RouteTimeouts {
  request?: string;
  backendRequest?: string;
}

interface RouteRuleInput {
  matches?: RouteMatchInput[];
  backendRefs?: BackendRefInput[];
  filters?: FilterInput[];
  timeouts?: RouteTimeouts;
}

/** The trait's properties once checked against its schema (the routing-common ones included). */
interface HttpRouteProperties {
  parentRefs?: JsonObject[];
  hostnames?: string[];
  rules: RouteRuleInput[];
  gatewayName?: string;
  gatewayNamespace?: string;
  annotations?: Record<string, string>;
  [common: string]: unknown;
}

/** A backend as the route writes it. */
interface BackendRefOutput {
  name: string;
  port?: number;
  weight?: number;
}

/** A rule as the route writes it. */
interface RouteRuleOutput {
  backendRefs: BackendRefOutput[];
  filters?: Array<{ type: string; [block: string]: unknown }>;
  matches?: RouteMatchInput[];
  timeouts?: RouteTimeouts;
}

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
export const httproute = defineTrait<HttpRouteProperties>({
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
    const props = properties;
    const backend = defaultBackend(component, props, "backendRef-level 'port' or an explicit 'name'", ctx);
    const parentRefs = routeParents(props, ctx);
    if (!props.rules?.length) ctx.fail("required property 'rules' missing or empty", ['rules']);
    const rules = props.rules.map((rule, i) => routeRule(rule, i, backend, component, ctx));
    const metadata: ObjectMeta = { name: routeObjectName(component, 'httproute', props, ctx), namespace: component.namespace, labels: { app: component.labelValue } };
    if (props.annotations && Object.keys(props.annotations).length > 0) metadata.annotations = { ...props.annotations };
    const spec: { parentRefs: JsonObject[]; hostnames?: string[]; rules?: RouteRuleOutput[] } = { parentRefs };
    if (props.hostnames?.length) spec.hostnames = [...props.hostnames];
    spec.rules = rules;
    const backends = rules.flatMap((rule, i) =>
      rule.backendRefs.map((ref, j) => {
        const selector = props.rules[i].backendRefs?.[j]?.backendSelector?.matchLabels;
        return { service: ref.name, port: ref.port, ...(selector ? { backendSelector: { ...selector } } : {}) };
      }),
    );
    const route = routeAnswer(props, backends);
    return { objects: [{ apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata, spec }], ...(route ? { route } : {}) };
  },
});

function routeParents(props: HttpRouteProperties, ctx: HandlerContext): JsonObject[] {
  if (props.parentRefs?.length) return copyData(props.parentRefs);
  if (!props.gatewayName) ctx.fail("required property 'parentRefs' missing or empty (and no gatewayName capability to synthesize from)", ['parentRefs']);
  return [{ name: props.gatewayName, namespace: props.gatewayNamespace || DEFAULT_GATEWAY_NAMESPACE }];
}

function routeRule(rule: RouteRuleInput, i: number, backend: DefaultBackend, component: ComponentView, ctx: HandlerContext): RouteRuleOutput {
  let backendRefs: BackendRefOutput[];
  if (rule.backendRefs !== undefined) {
    backendRefs = rule.backendRefs.map((ref, j) => backendRef(ref, backend, component, `rules[${i}].backendRefs[${j}]`, ['rules', i, 'backendRefs', j], ctx));
  } else {
    checkImplicitBackend(backend, component, {}, `rules[${i}]`, ['rules', i], ctx);
    backendRefs = [{ name: backend.serviceName, port: backend.port }];
  }
  const out: RouteRuleOutput = { backendRefs };
  if (rule.filters !== undefined) out.filters = rule.filters.map((filter, j) => routeFilter(filter, `rules[${i}].filters[${j}]`, ['rules', i, 'filters', j], ctx));
  if (rule.matches !== undefined) out.matches = rule.matches.map(routeMatch);
  if (rule.timeouts !== undefined) out.timeouts = routeTimeouts(rule.timeouts, `rules[${i}].timeouts`, ['rules', i, 'timeouts'], ctx);
  return out;
}

function backendRef(ref: BackendRefInput, backend: DefaultBackend, component: ComponentView, location: string, at: (string | number)[], ctx: HandlerContext): BackendRefOutput {
  const external = ref.name !== undefined && ref.name !== backend.serviceName;
  if (ref.port !== undefined && (ref.port < 1 || ref.port > 65535)) ctx.fail(`${location}: port must be between 1 and 65535, got ${ref.port}`, [...at, 'port']);
  if (ref.backendSelector !== undefined) {
    if (!external) ctx.fail(`${location}: backendSelector is only valid with an explicit external 'name'`, [...at, 'backendSelector']);
    if (!Object.keys(ref.backendSelector.matchLabels ?? {}).length) ctx.fail(`${location}.backendSelector.matchLabels: must be non-empty`, [...at, 'backendSelector', 'matchLabels']);
  }
  if (!external) checkImplicitBackend(backend, component, { port: ref.port }, location, at, ctx);
  const port = ref.port ?? (external ? undefined : backend.port);
  if (port === undefined) ctx.fail(`${location}: cannot determine backend port — specify 'port' in the backendRef`, at);
  // external: the name is set.
  const out: BackendRefOutput = { name: external ? (ref.name as string) : backend.serviceName, port };
  if (ref.weight !== undefined) out.weight = ref.weight;
  return out;
}

/** A path match defaults to a PathPrefix match of "/", a header or query match to Exact. */
function routeMatch(match: RouteMatchInput): RouteMatchInput {
  const out = copyData(match);
  if (match.path) out.path = { type: match.path.type ?? 'PathPrefix', value: match.path.value ?? '/' };
  for (const key of ['headers', 'queryParams'] as const) {
    if (match[key]) out[key] = match[key].map((entry) => ({ ...entry, type: entry.type ?? 'Exact' }));
  }
  return out;
}

function routeFilter(filter: FilterInput, location: string, at: (string | number)[], ctx: HandlerContext): { type: string; [block: string]: unknown } {
  const scope = `${location} "${filter.type}"`;
  if (filter.type === 'ExtensionRef') ctx.fail(`${scope}: filter type "ExtensionRef" is not implemented`, [...at, 'type']);
  const key = FILTER_BLOCKS[filter.type];
  if (!key) ctx.fail(`${scope}: unknown filter type "${filter.type}"`, [...at, 'type']);
  // The filter type's block: an object, as the schema types it, unless absent.
  const block = filter[key] as FilterBlock | null | undefined;
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
      if (!(['scheme', 'hostname', 'port', 'statusCode', 'path'] as const).some((name) => block[name] !== undefined && block[name] !== '')) {
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
  return { type: filter.type, [key]: copyData(block) };
}

function routeTimeouts(timeouts: RouteTimeouts, location: string, at: (string | number)[], ctx: HandlerContext): RouteTimeouts {
  const millis: Record<string, number> = {};
  for (const key of ['request', 'backendRequest'] as const) {
    const value = timeouts[key];
    if (value === undefined) continue;
    if (!GATEWAY_DURATION.test(value)) ctx.fail(`${location}.${key}: "${value}" is not a Gateway API duration (such as "10s" or "1m30s")`, [...at, key]);
    millis[key] = durationMillis(value);
  }
  if (millis.request !== undefined && millis.backendRequest !== undefined && millis.request !== 0 && millis.backendRequest > millis.request) {
    ctx.fail(`${location}: backendRequest (${timeouts.backendRequest}) must not exceed request (${timeouts.request})`, [...at, 'backendRequest']);
  }
  return copyData(timeouts);
}

function durationMillis(value: string): number {
  const unit: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  let total = 0;
  for (const [, amount, suffix] of value.matchAll(/([0-9]+)(ms|h|m|s)/g)) total += Number(amount) * unit[suffix];
  return total;
}
