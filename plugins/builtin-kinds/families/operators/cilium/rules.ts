import type { PropertySchema } from 'kurel/plugin-api';
import { bool, int, intOrString, list, obj, oneOf, req, smap, str, strings } from '../schema.js';
import { labelSelector } from '../core/meta.js';

// The Cilium policy rule (cilium.io/v2 api.Rule) that a CiliumNetworkPolicy and a
// CiliumClusterwideNetworkPolicy hold in `spec` and `specs`.

export const endpointSelector = (description: string): PropertySchema => labelSelector(`${description} An empty selector ({}) selects every endpoint.`);

const entity = oneOf(['all', 'world', 'cluster', 'host', 'init', 'ingress', 'unmanaged', 'remote-node', 'health', 'none', 'kube-apiserver'], 'An entity.');

const cidrRule = obj('A CIDR, CIDR group reference or CIDR group selector, with exceptions.', {
  cidr: str('The CIDR.'),
  cidrGroupRef: str('A CiliumCIDRGroup by name.'),
  cidrGroupSelector: labelSelector('CiliumCIDRGroups by label.'),
  except: strings('CIDRs excluded.', 'A CIDR.'),
});

const groups = obj('Addresses of a cloud provider group.', {
  aws: obj('AWS security groups.', {
    labels: smap('Tags of the instances.'),
    securityGroupsIds: strings('Security group ids.', 'An id.'),
    securityGroupsNames: strings('Security group names.', 'A name.'),
    region: str('The region.'),
  }),
});

const portProtocol = obj('A port and its protocol.', {
  port: str('The port number or name.'),
  endPort: int('The end of a port range.'),
  protocol: oneOf(['TCP', 'UDP', 'SCTP', 'ICMP', 'ICMPV6', 'VRRP', 'IGMP', 'ANY'], 'The protocol.'),
});

const secretRef = req(obj('The Secret.', { namespace: str('The namespace of the Secret.'), name: req(str('The name of the Secret.')) }));

const tlsContext = (description: string): PropertySchema =>
  obj(description, {
    secret: secretRef,
    trustedCA: str('The key of the CA certificates in the Secret.'),
    certificate: str('The key of the certificate in the Secret.'),
    privateKey: str('The key of the private key in the Secret.'),
  });

const http = obj('An HTTP rule.', {
  path: str('A regular expression the path matches.'),
  method: str('A regular expression the method matches.'),
  host: str('A regular expression the host matches.'),
  headers: strings('Headers that must be present.', 'A header.'),
  headerMatches: list(
    'Headers matched against values.',
    obj('A header match.', {
      mismatch: oneOf(['LOG', 'ADD', 'DELETE', 'REPLACE'], 'What happens when the header does not match.'),
      name: req(str('The header name.')),
      secret: obj('A Secret holding the value.', { namespace: str('The namespace of the Secret.'), name: req(str('The name of the Secret.')) }),
      value: str('The value.'),
    }),
  ),
});

const l7Rules = obj('Layer-7 rules: only one protocol per port rule.', {
  http: list('HTTP rules.', http),
  kafka: list(
    'Kafka rules.',
    obj('A Kafka rule.', {
      role: oneOf(['produce', 'consume'], 'The role.'),
      apiKey: str('The API key.'),
      apiVersion: str('The API version.'),
      clientID: str('The client id.'),
      topic: str('The topic.'),
    }),
  ),
  dns: list('DNS rules.', obj('A DNS rule.', { matchName: str('A name.'), matchPattern: str('A pattern.') })),
  l7proto: str('The name of a generic layer-7 parser.'),
  l7: list('Generic layer-7 rules.', smap('A generic rule: key-value pairs.')),
});

const portRule = obj('Ports and their layer-7 rules.', {
  ports: list('The ports.', portProtocol),
  terminatingTLS: tlsContext('TLS terminated at the proxy.'),
  originatingTLS: tlsContext('TLS originated at the proxy.'),
  serverNames: strings('Allowed TLS SNI names.', 'A name.'),
  listener: obj('An Envoy listener the traffic is redirected to.', {
    envoyConfig: req(obj('The Envoy configuration.', { kind: oneOf(['CiliumEnvoyConfig', 'CiliumClusterwideEnvoyConfig'], 'Its kind.'), name: req(str('Its name.')) })),
    name: req(str('The listener name.')),
    priority: req(int('The priority among listeners.')),
  }),
  rules: l7Rules,
});

const portDenyRule = obj('Ports denied.', { ports: list('The ports.', portProtocol) });

const icmps = list(
  'ICMP types.',
  obj('An ICMP rule.', {
    fields: list('The ICMP fields.', obj('An ICMP field.', { family: oneOf(['IPv4', 'IPv6'], 'The address family.'), type: req(intOrString('The ICMP type, by number or name.')) })),
  }),
);

const authentication = obj('Mutual authentication.', { mode: req(oneOf(['disabled', 'required', 'test-always-fail'], 'The authentication mode.')) });

const ingressCommon = {
  fromEndpoints: list('Endpoints allowed.', endpointSelector('Endpoints.')),
  fromRequires: list('Endpoints every peer must also match.', endpointSelector('Endpoints.')),
  fromCIDR: strings('CIDRs allowed.', 'A CIDR.'),
  fromCIDRSet: list('CIDR rules.', cidrRule),
  fromEntities: list('Entities allowed.', entity),
  fromGroups: list('Cloud groups.', groups),
  fromNodes: list('Nodes allowed.', endpointSelector('Nodes.')),
  icmps,
};

const egressCommon = {
  toEndpoints: list('Endpoints allowed.', endpointSelector('Endpoints.')),
  toRequires: list('Endpoints every peer must also match.', endpointSelector('Endpoints.')),
  toCIDR: strings('CIDRs allowed.', 'A CIDR.'),
  toCIDRSet: list('CIDR rules.', cidrRule),
  toEntities: list('Entities allowed.', entity),
  toServices: list(
    'Services allowed.',
    obj('A Service.', {
      k8sServiceSelector: obj('Services by label.', { selector: req(endpointSelector('The Services.')), namespace: str('The namespace.') }),
      k8sService: obj('A Service by name.', { serviceName: str('The Service name.'), namespace: str('The namespace.') }),
    }),
  ),
  toGroups: list('Cloud groups.', groups),
  toNodes: list('Nodes allowed.', endpointSelector('Nodes.')),
  icmps,
};

const fqdn = obj('A DNS name or pattern.', { matchName: str('A name.'), matchPattern: str('A pattern with wildcards.') });

/** One Cilium policy rule. */
export const rule = (description: string): PropertySchema =>
  obj(description, {
    endpointSelector: endpointSelector('The endpoints the rule applies to.'),
    nodeSelector: endpointSelector('The nodes the rule applies to (clusterwide host policies).'),
    ingress: list('Ingress allow rules.', obj('An ingress rule.', { ...ingressCommon, toPorts: list('Ports.', portRule), authentication })),
    ingressDeny: list('Ingress deny rules.', obj('An ingress deny rule.', { ...ingressCommon, toPorts: list('Ports.', portDenyRule) })),
    egress: list('Egress allow rules.', obj('An egress rule.', { ...egressCommon, toPorts: list('Ports.', portRule), toFQDNs: list('DNS names.', fqdn), authentication })),
    egressDeny: list('Egress deny rules.', obj('An egress deny rule.', { ...egressCommon, toPorts: list('Ports.', portDenyRule) })),
    labels: list('Labels of the rule.', obj('A label.', { key: req(str('The key.')), value: str('The value.'), source: str('The source.') })),
    enableDefaultDeny: obj('Whether the rule puts its endpoints in default-deny.', { ingress: bool('For ingress.'), egress: bool('For egress.') }),
    description: str('A description of the rule.'),
    log: obj('Policy logging.', { value: str('The value logged.') }),
  });

export interface CiliumRule {
  endpointSelector?: unknown;
  nodeSelector?: unknown;
  ingress?: unknown[];
  ingressDeny?: unknown[];
  egress?: unknown[];
  egressDeny?: unknown[];
}
