import { defineComponent, type HandlerContext, type PropertiesOf } from 'kurel/plugin-api';
import { isDns1035Label, isDns1123Label, schemaBuilders } from 'kurel/plugin-kit';
import { copyPresent, ownedMetadata } from './metadata.js';
import { isPortName, isPortNumber, PROTOCOLS } from './ports.js';

const { bool, int, list, object, oneOf, str, stringList, stringMap } = schemaBuilders;

const PASSED_THROUGH = [
  'clusterIP', 'externalName', 'sessionAffinity', 'externalTrafficPolicy', 'internalTrafficPolicy', 'ipFamilies', 'ipFamilyPolicy',
  'loadBalancerClass', 'loadBalancerSourceRanges', 'allocateLoadBalancerNodePorts', 'publishNotReadyAddresses', 'externalIPs',
];

/** The properties of a Service component. */
const serviceSchema = {
  type: oneOf(['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'], 'Service type.', { default: 'ClusterIP' }),
  selector: stringMap('Labels of the pods routed to; defaults to app: <component name>. Must name at least one label.'),
  ports: list('The Service ports; at least one unless type is ExternalName. With several, each needs a name.', object('One Service port.', {
    name: str('Port name (a DNS-1123 label).'),
    port: int('Port the Service exposes, 1-65535.', { required: true }),
    targetPort: { types: ['integer', 'string'], description: 'Port on the pods: a number or a container port name. Defaults to port.' },
    protocol: oneOf(PROTOCOLS, 'TCP, UDP or SCTP.', { default: 'TCP' }),
    nodePort: int('Node port, with type NodePort or LoadBalancer.'),
    appProtocol: str('Application protocol of the port (http, kubernetes.io/h2c, …).'),
  })),
  clusterIP: str('Cluster IP; "None" makes a headless Service.'),
  externalName: str('DNS name an ExternalName Service aliases.'),
  sessionAffinity: oneOf(['None', 'ClientIP'], 'Session affinity.'),
  externalTrafficPolicy: oneOf(['Cluster', 'Local'], 'Routing of external traffic.'),
  internalTrafficPolicy: oneOf(['Cluster', 'Local'], 'Routing of in-cluster traffic.'),
  ipFamilies: stringList('IP families, in order of preference.', 'IPv4 or IPv6.'),
  ipFamilyPolicy: oneOf(['SingleStack', 'PreferDualStack', 'RequireDualStack'], 'Dual-stack policy.'),
  loadBalancerClass: str('Load balancer implementation.'),
  loadBalancerSourceRanges: stringList('Client CIDRs a load balancer admits.', 'A CIDR.'),
  allocateLoadBalancerNodePorts: bool('Whether a LoadBalancer Service gets node ports.'),
  publishNotReadyAddresses: bool('Publish addresses of pods that are not ready.'),
  externalIPs: stringList('External IPs routed to the Service.', 'An IP address.'),
};

/** The properties the handler reads, with defaults applied. */
type ServiceProperties = PropertiesOf<typeof serviceSchema>;
type ServicePortEntry = NonNullable<ServiceProperties['ports']>[number];

/**
 * A Service in front of pods another component owns, by default the pods labelled
 * `app: <component name>` (a webservice's Deployment beside it).
 */
export const service = defineComponent({
  type: 'service',
  description: 'A v1 Service routing to the pods of a workload component.',
  example: { selector: { app: 'api' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] },
  contract: { family: 'service', version: 'v1alpha1' },
  object: { apiVersion: 'v1', kind: 'Service', scope: 'namespaced' },
  properties: serviceSchema,

  render(input, ctx) {
    if (!isDns1035Label(input.objectName)) {
      ctx.fail(`name: "${input.objectName}" is not a valid Service name, which must be a DNS-1035 label`);
    }
    const props = input.properties;
    const external = props.type === 'ExternalName';
    if (external && props.externalName === undefined) ctx.fail('type ExternalName requires externalName', ['externalName']);
    if (!external && props.externalName !== undefined) ctx.fail('externalName: only a Service of type ExternalName takes it', ['externalName']);
    if (!external && !props.ports?.length) ctx.fail('ports: at least one port is required', ['ports']);
    if (props.selector && Object.keys(props.selector).length === 0) {
      ctx.fail('selector: must name at least one label; a selector-less Service is not supported', ['selector']);
    }
    if (props.clusterIP === 'None' && props.type !== 'ClusterIP') ctx.fail('clusterIP: None (headless) needs type ClusterIP', ['clusterIP']);

    const ports = (props.ports ?? []).map((port, index) => servicePort(port, index, props, ctx));
    const spec: Record<string, unknown> = { type: props.type };
    if (!external) spec.selector = { ...(props.selector ?? { app: input.labelValue }) };
    if (ports.length > 0) spec.ports = ports;
    copyPresent(spec, props, PASSED_THROUGH);
    const object = { apiVersion: 'v1', kind: 'Service', metadata: ownedMetadata(input.objectName, input.namespace, input.labelValue), spec };
    const first = ports[0];
    const routingTarget = {
      ...(external ? {} : { selector: { ...(spec.selector as Record<string, string>) } }),
      // An ExternalName Service selects no pods: no routed port reaches one.
      ports: external
        ? []
        : ports.map((port) => ({ port: port.port, ...(port.name ? { name: port.name } : {}), ...(port.targetPort !== undefined ? { targetPort: port.targetPort } : {}), protocol: port.protocol ?? 'TCP' })),
    };
    return { objects: [object], answers: { routingTarget, ...(first ? { servicePort: { port: first.port, ...(first.name ? { name: first.name } : {}) } } : {}) } };
  },
});

function servicePort(port: ServicePortEntry, index: number, props: ServiceProperties, ctx: HandlerContext): ServicePortEntry {
  const label = `ports[${index}]`;
  const at = (key: string) => ['ports', index, key];
  // Called for each entry of props.ports: the list is there.
  const all = props.ports!;
  const others = all.slice(0, index);
  if (!isPortNumber(port.port)) ctx.fail(`${label}.port: must be between 1 and 65535, got ${port.port}`, at('port'));
  if (port.name === undefined && all.length > 1) ctx.fail(`${label}.name: required when the Service has more than one port`, at('name'));
  if (port.name !== undefined && !isDns1123Label(port.name)) ctx.fail(`${label}.name: invalid port name "${port.name}"`, at('name'));
  if (port.name !== undefined && others.some((other) => other.name === port.name)) ctx.fail(`${label}.name: duplicate port name "${port.name}"`, at('name'));
  if (others.some((other) => other.port === port.port && (other.protocol ?? 'TCP') === port.protocol)) {
    ctx.fail(`${label}: duplicate port ${port.port}/${port.protocol}`, at('port'));
  }
  const target = port.targetPort ?? port.port;
  if (typeof target === 'number' ? !isPortNumber(target) : !isPortName(target)) {
    ctx.fail(`${label}.targetPort: must be a port number (1-65535) or a container port name, got ${JSON.stringify(target)}`, at('targetPort'));
  }
  if (port.nodePort !== undefined && !['NodePort', 'LoadBalancer'].includes(props.type)) {
    ctx.fail(`${label}.nodePort: only a NodePort or LoadBalancer Service takes it`, at('nodePort'));
  }
  return copyPresent({ port: port.port, targetPort: target, protocol: port.protocol }, port, ['name', 'nodePort', 'appProtocol']);
}
