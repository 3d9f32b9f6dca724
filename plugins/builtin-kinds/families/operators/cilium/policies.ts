import type { HandlerContext, PropertyPath } from 'kurel/plugin-api';
import { defineOperatorKind } from '../operator-kind.js';
import { bool, list, obj, oneOf, req, str, strings } from '../schema.js';
import { labelSelector } from '../core/meta.js';
import { type CiliumRule, rule } from './rules.js';

// Cilium policies (cilium.io/v2): CiliumNetworkPolicy, CiliumClusterwideNetworkPolicy,
// CiliumLocalRedirectPolicy and CiliumEgressGatewayPolicy.

interface PolicyProperties {
  spec?: CiliumRule;
  specs?: CiliumRule[];
}

const policyProperties = {
  spec: rule('The policy rule.'),
  specs: list('More policy rules.', rule('A policy rule.')),
};

function eachRule(props: PolicyProperties, ctx: HandlerContext, check: (rule: CiliumRule, path: PropertyPath) => void): void {
  if (props.spec === undefined && props.specs === undefined) ctx.fail('a policy needs "spec" or "specs"');
  if (props.spec) check(props.spec, ['spec']);
  props.specs?.forEach((each, index) => check(each, ['specs', index]));
}

const hasDirection = (each: CiliumRule) => [each.ingress, each.ingressDeny, each.egress, each.egressDeny].some((rules) => rules !== undefined);

export const ciliumNetworkPolicy = defineOperatorKind<PolicyProperties>({
  type: 'cilium-networkpolicy',
  description: 'A CiliumNetworkPolicy (cilium.io/v2), the authored object: `spec` and/or `specs`.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumNetworkPolicy',
  scope: 'namespaced',
  placement: 'top-level',
  properties: policyProperties,
  check(props, _input, ctx) {
    eachRule(props, ctx, (each, path) => {
      if (each.nodeSelector !== undefined) ctx.fail('nodeSelector is refused: a namespaced policy selects endpoints; host policies are clusterwide', [...path, 'nodeSelector']);
      if (each.endpointSelector === undefined) ctx.fail('a rule needs endpointSelector ({} selects every endpoint of the namespace)', path);
      if (!hasDirection(each)) ctx.fail('a rule needs at least one of ingress, ingressDeny, egress, egressDeny', path);
    });
  },
});

export const ciliumClusterwideNetworkPolicy = defineOperatorKind<PolicyProperties>({
  type: 'cilium-clusterwidenetworkpolicy',
  description: 'A CiliumClusterwideNetworkPolicy (cilium.io/v2): `spec` and/or `specs`, each rule selecting endpoints or nodes.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumClusterwideNetworkPolicy',
  scope: 'cluster',
  placement: 'top-level',
  properties: policyProperties,
  check(props, _input, ctx) {
    eachRule(props, ctx, (each, path) => {
      if ((each.endpointSelector === undefined) === (each.nodeSelector === undefined)) ctx.fail('a rule takes exactly one of endpointSelector and nodeSelector', path);
    });
  },
});

const port = obj('A port.', {
  port: req(str('The port number.')),
  protocol: req(oneOf(['TCP', 'UDP'], 'The protocol.')),
  name: str('The port name (required when several ports are listed).'),
});

interface RedirectProperties {
  redirectFrontend: { addressMatcher?: unknown; serviceMatcher?: unknown };
}

export const ciliumLocalRedirectPolicy = defineOperatorKind<RedirectProperties>({
  type: 'cilium-localredirectpolicy',
  description: 'A CiliumLocalRedirectPolicy (cilium.io/v2): traffic to an address or Service redirected to a node-local backend.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumLocalRedirectPolicy',
  scope: 'namespaced',
  properties: {
    redirectFrontend: req(
      obj('The traffic redirected: exactly one of addressMatcher and serviceMatcher.', {
        addressMatcher: obj('An IP address and ports.', { ip: req(str('The IP address.')), toPorts: req(list('The ports.', port)) }),
        serviceMatcher: obj('A Service.', {
          serviceName: req(str('The Service name.')),
          namespace: req(str('The Service namespace.')),
          toPorts: list('The ports (all when absent).', port),
        }),
      }),
    ),
    redirectBackend: req(
      obj('The node-local backend.', {
        localEndpointSelector: req(labelSelector('The backend pods.')),
        toPorts: req(list('The backend ports.', port)),
      }),
    ),
    description: str('A description of the policy.'),
    skipRedirectFromBackend: bool('Do not redirect traffic the backend itself sends to the frontend.'),
  },
  check(props, _input, ctx) {
    const { addressMatcher, serviceMatcher } = props.redirectFrontend;
    if ((addressMatcher === undefined) === (serviceMatcher === undefined)) ctx.fail('redirectFrontend takes exactly one of addressMatcher and serviceMatcher', ['redirectFrontend']);
  },
});

const egressGateway = (description: string) =>
  obj(description, {
    nodeSelector: req(labelSelector('The gateway nodes.')),
    interface: str('The interface the traffic leaves by.'),
    egressIP: str('The source IP the traffic leaves with.'),
  });

export const ciliumEgressGatewayPolicy = defineOperatorKind({
  type: 'cilium-egressgatewaypolicy',
  description: 'A CiliumEgressGatewayPolicy (cilium.io/v2): traffic of selected pods to destinations, leaving through gateway nodes.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumEgressGatewayPolicy',
  scope: 'cluster',
  properties: {
    selectors: req(
      list(
        'The pods whose traffic is redirected.',
        obj('A pod selection.', {
          podSelector: labelSelector('The pods.'),
          namespaceSelector: labelSelector('The namespaces of the pods.'),
          nodeSelector: labelSelector('The nodes of the pods.'),
        }),
      ),
    ),
    destinationCIDRs: req(strings('The destinations redirected.', 'A CIDR.')),
    excludedCIDRs: strings('Destinations not redirected.', 'A CIDR.'),
    egressGateway: egressGateway('The gateway.'),
    egressGateways: list('Several gateways, the traffic spread over them.', egressGateway('A gateway.')),
  },
});
