import {
  defineTrait,
  type HandlerContext,
  type PropertiesOf,
  type PropertiesSchema,
  type PropertyPath,
  type PropertySchema,
  type ValueOf,
} from 'kurel/plugin-api';
import { labelValueProblem,
  qualifiedNameProblem,
  shortenNameWithSuffix } from 'kurel/plugin-kit';
import { hasHostBits, isStrictSubset, parseCidr, type Cidr } from './cidr.js';

// The NetworkPolicy fields built from the properties.
interface LabelSelector {
  matchLabels: Record<string, string>;
}
interface IpBlock {
  cidr: string;
  except?: string[];
}
interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: IpBlock;
}
interface PolicyRule {
  from?: PolicyPeer[];
  to?: PolicyPeer[];
  ports?: PortProperties[];
}
interface NetworkPolicySpec {
  podSelector: LabelSelector;
  policyTypes: ('Ingress' | 'Egress')[];
  ingress?: PolicyRule[];
  egress?: PolicyRule[];
}

const selector = (description: string) => ({
  type: 'object',
  description: `${description} Only matchLabels: match expressions are not supported.`,
  properties: {
    matchLabels: {
      type: 'object',
      description: 'Labels every selected object carries.',
      additionalProperties: { types: ['string', 'number', 'boolean'], description: 'The label value; a number or boolean is written as text.' },
    },
  },
}) as const satisfies PropertySchema;

const peer = {
  type: 'object',
  description: 'One peer: pods (podSelector and/or namespaceSelector), or an IP block.',
  properties: {
    podSelector: selector('Pods, in the policy\'s namespace unless namespaceSelector is set.'),
    namespaceSelector: selector('Namespaces, all of whose pods (or those podSelector picks) are peers.'),
    ipBlock: {
      type: 'object',
      description: 'A range of IP addresses.',
      properties: {
        cidr: { type: 'string', description: 'The range, as a CIDR ("10.0.0.0/8").' },
        except: { type: 'array', description: 'Ranges inside cidr that are excluded.', items: { type: 'string', description: 'A CIDR strictly inside cidr.' } },
      },
    },
  },
} as const satisfies PropertySchema;

const ports = {
  type: 'array',
  description: 'The ports the rule allows; all ports when unset. Port ranges (endPort) are not supported.',
  items: {
    type: 'object',
    description: 'A port.',
    properties: {
      port: { types: ['number', 'string'], required: true, description: 'The port number (1-65535) or a named container port.' },
      protocol: { type: 'string', enum: ['TCP', 'UDP', 'SCTP'], default: 'TCP', description: 'The protocol.' },
    },
  },
} as const satisfies PropertySchema;

const peerList = (peers: 'from' | 'to') => ({ type: 'array', description: `The peers traffic may come ${peers}; any peer when unset.`, items: peer }) as const;

const rules = <const R extends PropertiesSchema>(direction: 'ingress' | 'egress', peers: 'from' | 'to', rule: R) => ({
  type: 'array',
  description: `${direction === 'ingress' ? 'Ingress' : 'Egress'} rules. Written, even as [], the policy restricts ${direction}: [] denies all of it. Left out, ${direction} is not restricted.`,
  items: {
    type: 'object',
    description: `An ${direction} rule: traffic ${peers} any of its peers on any of its ports.`,
    properties: rule,
  },
}) as const;

/** The properties of a networkpolicy trait. */
const networkPolicySchema = {
  name: { type: 'string', description: 'Name of the NetworkPolicy; "<component>-allow" when unset.' },
  ingress: rules('ingress', 'from', { from: peerList('from'), ports }),
  egress: rules('egress', 'to', { to: peerList('to'), ports }),
} as const satisfies PropertiesSchema;

type NetworkPolicyProperties = PropertiesOf<typeof networkPolicySchema>;
type RuleProperties = NonNullable<NetworkPolicyProperties['ingress'] | NetworkPolicyProperties['egress']>[number];
type PeerProperties = ValueOf<typeof peer>;
type PortProperties = ValueOf<typeof ports>[number];
type SelectorProperties = ValueOf<ReturnType<typeof selector>>;
type IpBlockProperties = NonNullable<PeerProperties['ipBlock']>;

/**
 * A NetworkPolicy selecting the component's pods by their `app` label. A direction is restricted
 * when its key is written: `ingress: []` denies all ingress, an absent `ingress` leaves it open.
 */
export const networkpolicy = defineTrait({
  type: 'networkpolicy',
  nameRoles: [
    { role: 'networkpolicy', names: "the networkpolicy trait's NetworkPolicy", default: '<component>-allow', property: 'name', syntax: 'subdomain' },
  ],
  description: "A networking.k8s.io/v1 NetworkPolicy for the component's pods, from ingress and egress rules.",
  example: { ingress: [{ from: [{ podSelector: { matchLabels: { app: 'frontend' } } }], ports: [{ port: 8080, protocol: 'TCP' }] }] },
  contract: { family: 'networkpolicy', version: 'v1alpha1' },
  properties: networkPolicySchema,
  apply({ properties, component }, ctx) {
    const props = properties;
    if (props.ingress === undefined && props.egress === undefined) ctx.fail("at least one of 'ingress' or 'egress' must be specified");
    const name = ctx.resolveName({ role: 'networkpolicy', kind: 'NetworkPolicy.networking.k8s.io', default: shortenNameWithSuffix(component.name, '-allow', 253), authored: props.name, property: 'name' });
    const labels = () => ({ app: component.labelValue });
    const spec: NetworkPolicySpec = { podSelector: { matchLabels: labels() }, policyTypes: [] };
    for (const [direction, peers, type] of [['ingress', 'from', 'Ingress'], ['egress', 'to', 'Egress']] as const) {
      if (props[direction] === undefined) continue;
      spec.policyTypes.push(type);
      const written = props[direction].map((rule, index) => policyRule(rule, peers, [direction, index], ctx));
      if (written.length > 0) spec[direction] = written;
    }
    return { objects: [{ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name, namespace: component.namespace, labels: labels() }, spec }] };
  },
});

function policyRule(rule: RuleProperties, peers: 'from' | 'to', path: PropertyPath, ctx: HandlerContext): PolicyRule {
  const out: PolicyRule = {};
  // An ingress rule lists `from`, an egress rule `to`.
  const listed = 'from' in rule ? rule.from : 'to' in rule ? rule.to : undefined;
  if (listed?.length) out[peers] = listed.map((each, index) => policyPeer(each, [...path, peers, index], ctx));
  if (rule.ports?.length) out.ports = rule.ports.map((each, index) => policyPort(each, [...path, 'ports', index], ctx));
  return out;
}

function policyPeer(peer: PeerProperties, path: PropertyPath, ctx: HandlerContext): PolicyPeer {
  const where = dotted(path);
  const kinds = Object.keys(peer);
  if (kinds.length === 0) ctx.fail(`${where}: must specify a peer`, path);
  if (peer.ipBlock && kinds.length > 1) ctx.fail(`${where}: may not specify both ipBlock and another peer`, path);
  const out: PolicyPeer = {};
  for (const key of ['podSelector', 'namespaceSelector'] as const) {
    if (peer[key]) out[key] = labelSelector(peer[key], [...path, key], ctx);
  }
  if (peer.ipBlock) out.ipBlock = ipBlock(peer.ipBlock, [...path, 'ipBlock'], ctx);
  return out;
}

function labelSelector(selector: SelectorProperties, path: PropertyPath, ctx: HandlerContext): LabelSelector {
  const matchLabels: Record<string, string> = {};
  const at = [...path, 'matchLabels'];
  for (const [key, raw] of Object.entries(selector.matchLabels ?? {})) {
    const keyProblem = qualifiedNameProblem(key);
    if (keyProblem) ctx.fail(`${dotted(at)}: invalid label key "${key}": ${keyProblem}`, [...at, key]);
    const value = String(raw);
    const valueProblem = labelValueProblem(value);
    if (valueProblem) {
      const rendered = typeof raw === 'string' ? '' : ` (written as ${typeof raw === 'number' ? 'a number' : 'true or false'}, not a string)`;
      ctx.fail(`${dotted(at)}: "${key}" has invalid label value "${value}"${rendered}: ${valueProblem}`, [...at, key]);
    }
    matchLabels[key] = value;
  }
  return { matchLabels };
}

function ipBlock(block: IpBlockProperties, path: PropertyPath, ctx: HandlerContext): IpBlock {
  const where = dotted(path);
  if (!block.cidr) ctx.fail(`${where}: 'cidr' is required`, path);
  const cidr = strictCidr(block.cidr, `${where}.cidr`, [...path, 'cidr'], ctx);
  const out: IpBlock = { cidr: block.cidr };
  block.except?.forEach((text, index) => {
    const at = [...path, 'except', index];
    const except = strictCidr(text, `${where}.except[${index}]`, at, ctx);
    if (!isStrictSubset(except, cidr)) ctx.fail(`${where}.except[${index}]: "${text}" must be a strict subset of cidr "${block.cidr}"`, at);
  });
  if (block.except?.length) out.except = [...block.except];
  return out;
}

function strictCidr(text: string, where: string, path: PropertyPath, ctx: HandlerContext): Cidr {
  const cidr = parseCidr(text);
  if (!cidr) ctx.fail(`${where}: invalid CIDR "${text}": invalid CIDR address: ${text}`, path);
  if (hasHostBits(cidr)) ctx.fail(`${where}: invalid CIDR "${text}": must not have bits set past the prefix length`, path);
  return cidr;
}

function policyPort(port: PortProperties, path: PropertyPath, ctx: HandlerContext): PortProperties {
  const where = dotted(path);
  const value = port.port;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) ctx.fail(`${where}: 'port' must be a whole number, got ${value}`, [...path, 'port']);
    if (value < 1 || value > 65535) ctx.fail(`${where}: 'port' ${value} is out of range (1-65535)`, [...path, 'port']);
  } else if (value === '') {
    ctx.fail(`${where}: 'port' must be a number or named port string`, [...path, 'port']);
  }
  return { port: value, protocol: port.protocol };
}

function dotted(path: PropertyPath): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('');
}
