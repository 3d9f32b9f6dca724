import { type HandlerContext, type PropertyPath } from 'kurel/plugin-api';
import { defineKind } from 'kurel/plugin-kit';
import { ciliumProperties } from './crd.js';
import type { CiliumRule } from './rules.js';

// Cilium policies (cilium.io/v2): CiliumNetworkPolicy, CiliumClusterwideNetworkPolicy,
// CiliumLocalRedirectPolicy and CiliumEgressGatewayPolicy.

interface PolicyProperties {
  spec?: CiliumRule;
  specs?: CiliumRule[];
}

function eachRule(props: PolicyProperties, ctx: HandlerContext, check: (rule: CiliumRule, path: PropertyPath) => void): void {
  if (props.spec === undefined && props.specs === undefined) ctx.fail('a policy needs "spec" or "specs"');
  if (props.spec) check(props.spec, ['spec']);
  props.specs?.forEach((each, index) => check(each, ['specs', index]));
}

const hasDirection = (each: CiliumRule) => [each.ingress, each.ingressDeny, each.egress, each.egressDeny].some((rules) => rules !== undefined);

export const ciliumNetworkPolicy = defineKind<PolicyProperties>({
  type: 'cilium-networkpolicy',
  description: 'A CiliumNetworkPolicy (cilium.io/v2), the authored object: `spec` and/or `specs`.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumNetworkPolicy',
  scope: 'namespaced',
  placement: 'top-level',
  ...ciliumProperties('CiliumNetworkPolicy', { topLevel: true }),
  check(props, _input, ctx) {
    eachRule(props, ctx, (each, path) => {
      if (each.nodeSelector !== undefined) ctx.fail('nodeSelector is refused: a namespaced policy selects endpoints; host policies are clusterwide', [...path, 'nodeSelector']);
      if (each.endpointSelector === undefined) ctx.fail('a rule needs endpointSelector ({} selects every endpoint of the namespace)', path);
      if (!hasDirection(each)) ctx.fail('a rule needs at least one of ingress, ingressDeny, egress, egressDeny', path);
    });
  },
});

export const ciliumClusterwideNetworkPolicy = defineKind<PolicyProperties>({
  type: 'cilium-clusterwidenetworkpolicy',
  description: 'A CiliumClusterwideNetworkPolicy (cilium.io/v2): `spec` and/or `specs`, each rule selecting endpoints or nodes.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumClusterwideNetworkPolicy',
  scope: 'cluster',
  placement: 'top-level',
  ...ciliumProperties('CiliumClusterwideNetworkPolicy', { topLevel: true }),
  check(props, _input, ctx) {
    eachRule(props, ctx, (each, path) => {
      if ((each.endpointSelector === undefined) === (each.nodeSelector === undefined)) ctx.fail('a rule takes exactly one of endpointSelector and nodeSelector', path);
    });
  },
});

interface RedirectProperties {
  redirectFrontend: { addressMatcher?: unknown; serviceMatcher?: unknown };
}

export const ciliumLocalRedirectPolicy = defineKind<RedirectProperties>({
  type: 'cilium-localredirectpolicy',
  description: 'A CiliumLocalRedirectPolicy (cilium.io/v2): traffic to an address or Service redirected to a node-local backend.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumLocalRedirectPolicy',
  scope: 'namespaced',
  ...ciliumProperties('CiliumLocalRedirectPolicy'),
  check(props, _input, ctx) {
    const { addressMatcher, serviceMatcher } = props.redirectFrontend;
    if ((addressMatcher === undefined) === (serviceMatcher === undefined)) ctx.fail('redirectFrontend takes exactly one of addressMatcher and serviceMatcher', ['redirectFrontend']);
  },
});

export const ciliumEgressGatewayPolicy = defineKind({
  type: 'cilium-egressgatewaypolicy',
  description: 'A CiliumEgressGatewayPolicy (cilium.io/v2): traffic of selected pods to destinations, leaving through gateway nodes.',
  apiVersion: 'cilium.io/v2',
  kind: 'CiliumEgressGatewayPolicy',
  scope: 'cluster',
  ...ciliumProperties('CiliumEgressGatewayPolicy'),
});
