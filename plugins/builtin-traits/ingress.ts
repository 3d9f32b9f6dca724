import { defineTrait, type HandlerContext, type ObjectMeta, type ValueOf } from 'kurel/plugin-api';
import { schemaBuilders, checkHostnames, checkImplicitBackend, defaultBackend, mergeAnnotations, routeAnswer, routeObjectName, routingCommonSchema, type DefaultBackend } from 'kurel/plugin-kit';

const { int, list, object, oneOf, str, stringList, stringMap } = schemaBuilders;

const pathSchema = object('One path under the host and the Service it routes to.', {
  path: str('URL path to match.', { default: '/' }),
  pathType: oneOf(['Prefix', 'Exact', 'ImplementationSpecific'], 'How the path is matched.', { default: 'Prefix' }),
  backend: str("Service to route to; the component's own Service when unset."),
  port: int('Service port number to route to; the component\'s Service port when unset.'),
  portName: str('Named Service port to route to, instead of port.'),
  backendSelector: object(
    'Pod selector (matchLabels only) of an external backend Service, for NetworkPolicy synthesis onto its pods.',
    { matchLabels: stringMap('Labels of the backend pods.') },
  ),
});

/** One authored path, as the handler receives it. */
type PathProperties = ValueOf<typeof pathSchema>;

/** The backend port of an Ingress path: by number or by name. */
interface BackendPort {
  number?: number;
  name?: string;
}

/** An Ingress path as emitted. */
interface IngressPath {
  path: PathProperties['path'];
  pathType: PathProperties['pathType'];
  backend: { service: { name: string; port: BackendPort } };
}

/** A networking.k8s.io/v1 Ingress routing hosts and paths to the component's Service. */
export const ingress = defineTrait({
  type: 'ingress',
  nameRoles: [
    { role: 'ingress', names: "the ingress trait's Ingress", default: '<component>-ingress[-<scope>]', property: 'name', syntax: 'subdomain' },
  ],
  description: 'A networking.k8s.io/v1 Ingress routing hosts and paths to the component\'s Service (or to named backends).',
  example: {
    ingressClassName: 'nginx',
    rules: [{ host: 'shop.example.com', paths: [{ path: '/' }, { path: '/admin', backend: 'admin-gate', port: 8080 }] }],
    tls: [{ hosts: ['shop.example.com'], secretName: 'shop-tls' }],
  },
  contract: { family: 'ingress', version: 'v1alpha1' },
  routesToService: true,
  capability: {},
  properties: {
    rules: {
      ...list(
        'Host rules of the Ingress; at least one.',
        object('One host and its paths.', {
          host: str('Hostname the rule matches.', { required: true }),
          paths: { ...list('Paths under the host; at least one.', pathSchema), required: true },
        }),
      ),
      required: true,
    },
    tls: list(
      'TLS entries of the Ingress.',
      object('Hosts served with the certificate of one Secret.', {
        hosts: stringList('Hostnames the certificate covers.', 'A hostname.'),
        secretName: str('Secret holding the certificate and key.'),
      }),
    ),
    ingressClassName: str('IngressClass that handles the Ingress.'),
    ...routingCommonSchema,
    allowedHostnameWildcard: str('Platform-reserved: the wildcard every rule host must fall under ("*.apps.example.com").', { platformReserved: true }),
    platformAnnotations: {
      ...stringMap('Platform-reserved: annotations the platform sets on the Ingress; authored annotations may add to them, not contradict them.'),
      platformReserved: true,
    },
  },
  apply({ properties, component }, ctx) {
    const props = properties;
    if (!props.rules?.length) ctx.fail("required property 'rules' missing or empty", ['rules']);
    const backend = defaultBackend(component, props, "path-level 'port' or 'backend' overrides", ctx);
    const rules = props.rules.map((rule, i) => {
      if (rule.host === '') ctx.fail(`rules[${i}]: required field 'host' missing or not a string`, ['rules', i, 'host']);
      if (!rule.paths?.length) ctx.fail(`rules[${i}]: required field 'paths' missing or empty`, ['rules', i, 'paths']);
      const paths = rule.paths.map((path, j) => ingressPath(path, backend, component, `rules[${i}].paths[${j}]`, ['rules', i, 'paths', j], ctx));
      return { host: rule.host, http: { paths } };
    });
    checkHostnames(props.rules.map((rule) => rule.host), props.allowedHostnameWildcard, component.name, ctx, ['rules']);

    const metadata: ObjectMeta = { name: routeObjectName(component, 'ingress', props, ctx), namespace: component.namespace, labels: { app: component.labelValue } };
    const annotations = mergeAnnotations(props.platformAnnotations, props.annotations, ctx);
    if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
    const spec: { ingressClassName?: string; rules?: typeof rules; tls?: { hosts?: string[]; secretName?: string }[] } = {};
    if (props.ingressClassName) spec.ingressClassName = props.ingressClassName;
    spec.rules = rules;
    if (props.tls?.length) {
      spec.tls = props.tls.map((entry) => {
        const out: { hosts?: string[]; secretName?: string } = {};
        if (entry.hosts?.length) out.hosts = [...entry.hosts];
        if (entry.secretName) out.secretName = entry.secretName;
        return out;
      });
    }
    const backends = rules.flatMap((rule, i) =>
      rule.http.paths.map((path, j) => {
        const selector = props.rules[i].paths[j].backendSelector?.matchLabels;
        const service = path.backend.service;
        return { service: service.name, port: service.port.number, portName: service.port.name, ...(selector ? { backendSelector: { ...selector } } : {}) };
      }),
    );
    const route = routeAnswer(props, backends);
    return { objects: [{ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata, spec }], platformAnnotations: props.platformAnnotations, ...(route ? { route } : {}) };
  },
});

function ingressPath(path: PathProperties, backend: DefaultBackend, component: Parameters<typeof checkImplicitBackend>[1], location: string, at: (string | number)[], ctx: HandlerContext): IngressPath {
  const named = path.backend !== undefined && path.backend !== '' ? path.backend : undefined;
  const external = named !== undefined && named !== backend.serviceName;
  if (path.port !== undefined && (path.port < 1 || path.port > 65535)) ctx.fail(`${location}: port must be between 1 and 65535, got ${path.port}`, [...at, 'port']);
  const portName: string | undefined = path.port === undefined && path.portName ? path.portName : undefined;
  if (path.backendSelector !== undefined) {
    if (!external) ctx.fail(`${location}: backendSelector is only valid with an explicit external 'backend'`, [...at, 'backendSelector']);
    if (!Object.keys(path.backendSelector.matchLabels ?? {}).length) {
      ctx.fail(`${location}.backendSelector.matchLabels: must be non-empty`, [...at, 'backendSelector', 'matchLabels']);
    }
  }
  let port: BackendPort | undefined;
  if (external) {
    if (path.port !== undefined) port = { number: path.port };
    else if (portName !== undefined) port = { name: portName };
  } else {
    checkImplicitBackend(backend, component, { port: path.port, portName }, location, at, ctx);
    if (path.port !== undefined) port = { number: path.port };
    else if (portName !== undefined) port = { name: portName };
    else if (backend.port !== undefined) port = { number: backend.port };
  }
  if (!port) ctx.fail(`${location}: cannot determine backend port — configure the component port or specify 'port'/'portName' in the path`, at);
  return { path: path.path, pathType: path.pathType, backend: { service: { name: named ?? backend.serviceName, port } } };
}
