import { defineTrait, type JsonObject, type PropertySchema } from 'kurel/plugin-api';
import { copyData, isDns1123Subdomain } from 'kurel/plugin-kit';
import { ruleFields } from '../families/operators/cilium/rules.js';

/** The trait's properties once checked against its schema: the rules are Cilium's own JSON. */
interface CiliumNetworkPolicyProperties {
  name: string;
  endpointSelector: JsonObject;
  ingress?: JsonObject[];
  egress?: JsonObject[];
}

// The Cilium rule's own schemas, from the CiliumNetworkPolicy CRD, read when the trait's schema is
// first read: the raw rules are decoded strictly, an unknown field refused.
const rules = (direction: string): PropertySchema => ({ ...ruleFields()[direction], description: `Cilium ${direction} allow rules, as the CiliumNetworkPolicy spec writes them.` });

/**
 * A CiliumNetworkPolicy beside the component. Its rules are Cilium's own, written as the
 * policy's spec writes them; the trait selects nothing on its own: endpointSelector is required
 * and `{}` selects every endpoint of the namespace.
 */
export const ciliumNetworkPolicy = defineTrait<CiliumNetworkPolicyProperties>({
  type: 'cilium-networkpolicy',
  description: 'A cilium.io/v2 CiliumNetworkPolicy owned by the component, from raw Cilium ingress and egress rules.',
  example: {
    name: 'example-allow-frontend',
    endpointSelector: { matchLabels: { app: 'example' } },
    ingress: [{ fromEndpoints: [{ matchLabels: { app: 'frontend' } }], toPorts: [{ ports: [{ port: '8080', protocol: 'TCP' }] }] }],
  },
  contract: { family: 'cilium-networkpolicy', version: 'v1alpha1' },
  properties: {
    name: { type: 'string', required: true, description: 'Name of the CiliumNetworkPolicy (a DNS-1123 subdomain).' },
    get endpointSelector(): PropertySchema {
      return { ...ruleFields().endpointSelector, description: 'The endpoints the policy applies to. An empty selector ({}) selects every endpoint.', required: true };
    },
    get ingress(): PropertySchema {
      return rules('ingress');
    },
    get egress(): PropertySchema {
      return rules('egress');
    },
  },
  apply({ properties, component }, ctx) {
    const props = properties;
    if (!isDns1123Subdomain(props.name)) ctx.fail(`name: "${props.name}" is not a valid CiliumNetworkPolicy name (a DNS-1123 subdomain)`, ['name']);
    ctx.claimObjectName({ kind: 'CiliumNetworkPolicy.cilium.io', name: props.name, property: 'name' });
    if ((props.ingress?.length ?? 0) + (props.egress?.length ?? 0) === 0) {
      ctx.fail("at least one of 'egress' or 'ingress' must be specified with at least one rule");
    }
    const spec: JsonObject = { endpointSelector: copyData(props.endpointSelector) };
    if (props.ingress?.length) spec.ingress = copyData(props.ingress);
    if (props.egress?.length) spec.egress = copyData(props.egress);
    return { objects: [{ apiVersion: 'cilium.io/v2', kind: 'CiliumNetworkPolicy', metadata: { name: props.name, namespace: component.namespace }, spec }] };
  },
});
