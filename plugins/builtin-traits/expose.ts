import { defineTraitLowering, type HandlerContext, type PropertiesOf, type PropertiesSchema, type PropertySchema } from 'kurel/plugin-api';
import { copyData, isPlainObject, shortenNameWithSuffix, schemaBuilders, checkHostnames, trafficSourcesSchema } from 'kurel/plugin-kit';

const { bool, str, stringList, stringMap } = schemaBuilders;

/** A map as written: an open rule, one of its paths, the platform's rendering. */
type WrittenMap = Record<string, unknown>;

/**
 * The rendering under the authored properties, as lowering reads and rewrites them into the
 * lowered trait's: the schema's keys (each checked, on its side, against the schema), and the ones
 * lowering adds (parentRefs, platformAnnotations).
 */
type LoweringProperties = PropertiesOf<typeof exposeSchema> & {
  [key: string]: unknown;
  platformAnnotations?: Record<string, string>;
  parentRefs?: { name: string | undefined; namespace: string }[];
};

/** An HTTPRoute rule made from one ingress-shaped path. */
type RouteRule = {
  matches: { path: { type: 'Exact' | 'PathPrefix'; value: unknown } }[];
  backendRefs?: { port: unknown }[];
};

const CLUSTER_ISSUER = 'cert-manager.io/cluster-issuer';
const SSL_REDIRECT = 'nginx.ingress.kubernetes.io/ssl-redirect';
const FORCE_SSL_REDIRECT = 'nginx.ingress.kubernetes.io/force-ssl-redirect';
const AUTH_URL = 'nginx.ingress.kubernetes.io/auth-url';
const AUTH_SIGNIN = 'nginx.ingress.kubernetes.io/auth-signin';
const AUTH_RESPONSE_HEADERS = 'nginx.ingress.kubernetes.io/auth-response-headers';
const DEFAULT_GATEWAY_NAMESPACE = 'gateway-system';

/** Keys only an nginx Ingress understands; the gateway path refuses them. */
const INGRESS_ONLY = ['sslRedirect', 'forceSslRedirect', 'allowedGroups', 'authSigninURL', 'secretName', 'ingressClassName'];

const reserved = <const S extends PropertySchema>(schema: S) => ({ ...schema, platformReserved: true as const });
const openRule = {
  type: 'object',
  additionalProperties: true,
  description: 'One rule, in the shape of the lowered trait: an ingress host rule ({host, paths}) or an HTTPRoute rule ({matches, backendRefs, filters, timeouts}).',
} as const satisfies PropertySchema;

/** The properties of an expose trait; the platform-reserved ones come from the ClusterProfile's rendering. */
const exposeSchema = {
  hostnames: stringList('Hostnames to route: one rule per host ("/" to the Service) with an Ingress, the route\'s hostnames with a Gateway.', 'A hostname.'),
  rules: { type: 'array', items: openRule, description: 'Routing rules in the shape of the lowered trait; they replace the hostnames shorthand.' },
  annotations: stringMap('Annotations set on the Ingress or HTTPRoute.'),
  secretName: str('Secret of the platform-managed certificate; <component>-tls when unset. Ingress with a cert-manager issuer only.'),
  tls: {
    type: 'array',
    description:
      'TLS entries for the Ingress, as written (they take the place of the platform-managed entry). With a Gateway, TLS terminates at its listener, which the platform configures: the entries are ignored there, with a warning.',
    items: {
      type: 'object',
      description: 'Hosts served with the certificate of one Secret.',
      properties: {
        hosts: { type: 'array', description: 'Hostnames the certificate covers.', items: { type: 'string', description: 'A hostname.' } },
        secretName: { type: 'string', description: 'Secret holding the certificate and key.' },
      },
    },
  },
  ingressClassName: str('IngressClass, overriding the platform\'s (ingress only).'),
  sslRedirect: bool('Sets the nginx ssl-redirect annotation (ingress only); the platform default when unset.'),
  forceSslRedirect: bool('Sets the nginx force-ssl-redirect annotation (ingress only); the platform default when unset.'),
  allowedGroups: stringList('oauth2-proxy groups allowed in; turns on external authentication (ingress only).', 'A group.'),
  authSigninURL: str('nginx auth-signin URL, overriding the platform\'s (ingress only).'),
  servicePort: { type: 'integer', description: 'Service port to route to when the component exposes none.' },
  serviceName: str('Service to route to instead of the component\'s own; needs servicePort.'),
  name: str('Name of the Ingress or HTTPRoute, replacing the default name.'),
  scope: str('Picks the scoped expose binding of the ClusterProfile.'),
  controllerType: reserved({ type: 'string', enum: ['ingress', 'gateway'], description: 'Platform-reserved: route through an Ingress (ingress) or a Gateway (gateway).' }),
  gatewayName: reserved(str('Platform-reserved: the Gateway routes attach to (gateway only).')),
  gatewayNamespace: reserved(str(`Platform-reserved: the namespace of the Gateway; ${DEFAULT_GATEWAY_NAMESPACE} when unset (gateway only).`)),
  certManagerClusterIssuer: reserved(str('Platform-reserved: the cert-manager ClusterIssuer of the managed TLS certificate (ingress only).')),
  allowedHostnameWildcard: reserved(str('Platform-reserved: the wildcard every hostname must fall under ("*.apps.example.com").')),
  authURL: reserved(str('Platform-reserved: the nginx external-auth endpoint, without a query string (ingress only).')),
  authResponseHeaders: reserved(str('Platform-reserved: the nginx auth-response-headers value (ingress only).')),
  networkPolicy: trafficSourcesSchema,
} as const satisfies PropertiesSchema;

/**
 * Exposes the component the way the platform routes traffic: the ClusterProfile's `expose`
 * binding says whether through an Ingress or a Gateway, and this rule lowers the trait into a
 * sealed `ingress` or `httproute` trait carrying the platform's choices (class, gateway,
 * managed TLS, redirects, external auth).
 */
export const expose = defineTraitLowering({
  type: 'expose',
  nameRoles: [
    { role: 'tls-secret', names: 'the TLS Secret of an expose trait with platform-managed certificates', default: '<component>-tls', property: 'secretName', syntax: 'subdomain' },
  ],
  description: "Expose the component's Service through the platform's ingress controller or Gateway, as the ClusterProfile's expose binding decides.",
  example: { hostnames: ['shop.example.com'] },
  contract: { family: 'expose', version: 'v1alpha1', requiredCapabilityKeys: ['expose'] },
  capability: { required: true, exampleRendering: { controllerType: 'ingress', ingressClassName: 'nginx' } },
  targets: { traitTypes: ['ingress', 'httproute'] },
  routesToService: true,
  properties: exposeSchema,

  lower({ trait, component }, ctx) {
    const binding = ctx.capability('expose');
    if (!binding) ctx.fail('capability "expose" not found in ClusterProfile: oam: capability key not found in ClusterProfile');
    checkRendering(binding!.rendering, ctx);
    // Both sides are maps, so their merge is one.
    const props = merge(binding!.rendering, trait.properties) as LoweringProperties;
    const controllerType = props.controllerType;
    const issuer: string | undefined = props.certManagerClusterIssuer || undefined;
    const wildcard: string | undefined = props.allowedHostnameWildcard || undefined;
    for (const key of ['controllerType', 'certManagerClusterIssuer', 'allowedHostnameWildcard']) delete props[key];
    const lowered = controllerType === 'ingress' ? toIngress(props, component.name, issuer, wildcard, ctx) : toHTTPRoute(props, component.name, wildcard, ctx);
    // What the platform decides (its traffic sources, the annotations it sets) is the capability's,
    // rendered into the lowered trait's reserved keys.
    for (const key of ['networkPolicy', 'platformAnnotations']) {
      const rendered = lowered.properties[key];
      if (rendered === undefined) continue;
      delete lowered.properties[key];
      ctx.renderReserved(lowered, key, rendered);
    }
    // So are the annotations the platform's input and the typed properties wrote.
    const platformAnnotations = lowered.properties.platformAnnotations;
    if (platformAnnotations !== undefined) {
      delete lowered.properties.platformAnnotations;
      ctx.renderReserved(lowered, 'platformAnnotations', platformAnnotations);
    }
    return { traits: [lowered] };
  },
});

function toIngress(props: LoweringProperties, component: string, issuer: string | undefined, wildcard: string | undefined, ctx: HandlerContext) {
  const shorthand: string[] = props.hostnames ?? [];
  if (shorthand.length > 0 && props.rules === undefined) props.rules = shorthand.map((host) => ({ host, paths: [{}] }));
  delete props.hostnames;
  const routed = unique(ruleHosts(props.rules));
  checkHostnames(unique([...routed, ...shorthand]), wildcard, component, ctx, ['hostnames']);
  const secretName: string | undefined = props.secretName;
  if (secretName === '') ctx.fail('secretName must be a non-empty string', ['secretName']);
  delete props.secretName;
  // What the platform's input and the trait's typed properties write travels apart from the
  // authored annotations: the ingress trait merges them, and a reserved prefix lets them pass.
  const annotations: Record<string, string> = { ...(props.annotations ?? {}) };
  const platform: Record<string, string> = {};
  if (issuer) {
    if (annotations[CLUSTER_ISSUER] !== undefined && annotations[CLUSTER_ISSUER] !== issuer) {
      ctx.fail(`annotation ${CLUSTER_ISSUER} is platform-managed by the expose trait and cannot be overridden`, ['annotations', CLUSTER_ISSUER]);
    }
    platform[CLUSTER_ISSUER] = issuer;
    // Authored TLS entries take the place of the platform-managed one.
    if (routed.length > 0 && props.tls === undefined) props.tls = [{ hosts: routed, secretName: tlsSecretName(component, secretName, ctx) }];
  } else if (secretName !== undefined) {
    ctx.fail('secretName requires platform-managed TLS (no cert-manager cluster-issuer capability)', ['secretName']);
  }
  if (props.sslRedirect !== undefined) platform[SSL_REDIRECT] = String(props.sslRedirect);
  if (props.forceSslRedirect !== undefined) platform[FORCE_SSL_REDIRECT] = String(props.forceSslRedirect);
  if (props.allowedGroups !== undefined) {
    if (props.allowedGroups.length === 0) ctx.fail('allowedGroups must not be empty (ext-auth requires at least one group)', ['allowedGroups']);
    if (!props.authURL) ctx.fail('ext-auth is not offered on this platform (the expose capability has no authURL)', ['allowedGroups']);
    platform[AUTH_URL] = `${props.authURL}?allowed_groups=${props.allowedGroups.join(',')}`;
    if (props.authSigninURL) platform[AUTH_SIGNIN] = props.authSigninURL;
    if (props.authResponseHeaders) platform[AUTH_RESPONSE_HEADERS] = props.authResponseHeaders;
  }
  for (const key of ['sslRedirect', 'forceSslRedirect', 'allowedGroups', 'authURL', 'authSigninURL', 'authResponseHeaders', 'gatewayName', 'gatewayNamespace']) delete props[key];
  if (Object.keys(annotations).length > 0) props.annotations = annotations;
  else delete props.annotations;
  if (Object.keys(platform).length > 0) props.platformAnnotations = { ...(props.platformAnnotations ?? {}), ...platform };
  return { type: 'ingress', properties: props };
}

function toHTTPRoute(props: LoweringProperties, component: string, wildcard: string | undefined, ctx: HandlerContext) {
  for (const key of INGRESS_ONLY) {
    if (props[key] !== undefined) ctx.fail(`${key} is only valid when controllerType is "ingress"`, [key]);
  }
  checkHostnames(props.hostnames ?? [], wildcard, component, ctx, ['hostnames']);
  if (props.tls !== undefined) {
    ctx.warn(`component "${component}": expose "tls" has no place on an HTTPRoute: TLS terminates at the Gateway's listener, which the platform configures; the entries are ignored`);
    delete props.tls;
  }
  if (Array.isArray(props.rules) && props.rules.some((rule) => isPlainObject(rule) && ('host' in rule || 'paths' in rule))) {
    const converted = ingressRulesToRoute(props.rules);
    props.hostnames = unique([...(props.hostnames ?? []), ...converted.hostnames]);
    checkHostnames(props.hostnames, wildcard, component, ctx, ['rules']);
    props.rules = converted.rules;
  }
  props.parentRefs = [{ name: props.gatewayName, namespace: props.gatewayNamespace || DEFAULT_GATEWAY_NAMESPACE }];
  // The hostnames shorthand: one catch-all rule to the component's Service.
  if (props.rules === undefined) props.rules = [{}];
  for (const key of ['gatewayName', 'gatewayNamespace', 'authURL', 'authResponseHeaders']) delete props[key];
  return { type: 'httproute', properties: props };
}

/** What the platform's expose binding must say, checked before the trait is lowered. */
function checkRendering(r: WrittenMap, ctx: HandlerContext): void {
  const refuse = (message: string): never => ctx.fail(`expose rendering: ${message}`);
  if (!r.controllerType) refuse('controllerType is required');
  if (r.controllerType === 'ingress') {
    if (!r.ingressClassName) refuse('ingressClassName is required when controllerType is "ingress"');
    if (r.gatewayName || r.gatewayNamespace) refuse('gatewayName and gatewayNamespace are only valid when controllerType is "gateway"');
    if (typeof r.authURL === 'string' && r.authURL.includes('?')) refuse('authURL must be a base URL without a query string');
    if ((r.authSigninURL || r.authResponseHeaders) && !r.authURL) refuse('authSigninURL and authResponseHeaders require authURL');
    return;
  }
  if (!r.gatewayName) refuse('gatewayName is required when controllerType is "gateway"');
  if (r.ingressClassName) refuse('ingressClassName is only valid when controllerType is "ingress"');
  if (r.certManagerClusterIssuer) refuse('certManagerClusterIssuer is only valid when controllerType is "ingress"');
  if (r.sslRedirect !== undefined || r.forceSslRedirect !== undefined) refuse('sslRedirect and forceSslRedirect are only valid when controllerType is "ingress"');
  if (r.authURL || r.authSigninURL || r.authResponseHeaders) refuse('authURL, authSigninURL and authResponseHeaders are only valid when controllerType is "ingress"');
}

/**
 * Ingress-shaped rules (`host`, `paths[{path, port, pathType}]`) on the Gateway path: the hosts
 * become the route's hostnames, each path a rule matching it and sending to its port.
 */
function ingressRulesToRoute(rules: WrittenMap[]): { hostnames: string[]; rules: RouteRule[] } {
  const hostnames = unique(ruleHosts(rules));
  const routeRules: RouteRule[] = [];
  for (const rule of rules) {
    for (const path of (rule.paths as WrittenMap[] | undefined) ?? [{}]) {
      const type = path.pathType === 'Exact' ? 'Exact' : 'PathPrefix';
      const routeRule: RouteRule = { matches: [{ path: { type, value: path.path ?? '/' } }] };
      if (path.port !== undefined) routeRule.backendRefs = [{ port: path.port }];
      routeRules.push(routeRule);
    }
  }
  return { hostnames, rules: routeRules };
}

function ruleHosts(rules: unknown): string[] {
  if (!Array.isArray(rules)) return [];
  return rules.filter(isPlainObject).map((rule) => rule.host).filter((host): host is string => typeof host === 'string' && host !== '');
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** The rendering under the authored properties: authored wins, objects merge, null is absence. */
function merge(rendered: unknown, authored: unknown): unknown {
  if (authored === null || authored === undefined) return copyData(rendered);
  if (isPlainObject(rendered) && isPlainObject(authored)) {
    const out: WrittenMap = copyData(rendered);
    for (const [key, value] of Object.entries(authored)) {
      const merged = merge(rendered[key], value);
      if (merged === undefined) delete out[key];
      else out[key] = merged;
    }
    return out;
  }
  return copyData(authored);
}

/** The Secret cert-manager writes the managed certificate into, resolved under role `tls-secret`. */
function tlsSecretName(component: string, authored: string | undefined, ctx: HandlerContext): string {
  return ctx.resolveName({ role: 'tls-secret', kind: 'Secret', default: shortenNameWithSuffix(component, '-tls', 253), authored, property: 'secretName' });
}
