import { builtinTester, rendered } from '../../support/engine.js';
import { describe, it } from 'vitest';
import { networkpolicy } from '../../../plugins/builtin-traits/networkpolicy.js';
import { deploymentObject, meta, deploymentComponent } from './fixtures.js';

const component = deploymentComponent('api');

function policy(spec: Record<string, unknown>, name = 'api-allow') {
  return { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: meta(name, 'api'), spec: { podSelector: { matchLabels: { app: 'api' } }, ...spec } };
}

const fromFrontend = { from: [{ podSelector: { matchLabels: { app: 'frontend' } } }], ports: [{ port: 8080 }] };

describe('networkpolicy trait', () => {
  it("selects the component's pods and restricts the directions it writes", async () => {
    await builtinTester('traits').runTrait(networkpolicy.type, [
      {
        component,
        properties: { ingress: [fromFrontend] },
        contains: [policy({ ingress: [{ from: [{ podSelector: { matchLabels: { app: 'frontend' } } }], ports: [{ port: 8080, protocol: 'TCP' }] }], policyTypes: ['Ingress'] })],
      },
      {
        title: 'egress to a CIDR, named',
        component,
        properties: { name: 'api-egress', egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8', except: ['10.1.0.0/16'] } }], ports: [{ port: 'dns', protocol: 'UDP' }] }] },
        contains: [deploymentObject('api'), policy({ egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8', except: ['10.1.0.0/16'] } }], ports: [{ port: 'dns', protocol: 'UDP' }] }], policyTypes: ['Egress'] }, 'api-egress')],
      },
      {
        title: 'IPv6 block',
        component,
        properties: { egress: [{ to: [{ ipBlock: { cidr: 'fd00::/8', except: ['fd00:1::/32', 'FD00:2::/32'] } }] }] },
        contains: [policy({ egress: [{ to: [{ ipBlock: { cidr: 'fd00::/8', except: ['fd00:1::/32', 'FD00:2::/32'] } }] }], policyTypes: ['Egress'] })],
      },
      {
        title: 'label values written as text',
        component,
        properties: { ingress: [{ from: [{ namespaceSelector: { matchLabels: { tier: 2, public: true } }, podSelector: {} }] }] },
        contains: [policy({ ingress: [{ from: [{ namespaceSelector: { matchLabels: { tier: '2', public: 'true' } }, podSelector: { matchLabels: {} } }] }], policyTypes: ['Ingress'] })],
      },
    ]);
  });

  it('puts a direction in policyTypes by key presence: [] denies all, null or absent leaves it open', async () => {
    await builtinTester('traits').runTrait(networkpolicy.type, [
      { title: 'empty ingress', component, properties: { ingress: [] }, contains: [policy({ policyTypes: ['Ingress'] })] },
      { title: 'null egress', component, properties: { ingress: [], egress: null }, contains: [policy({ policyTypes: ['Ingress'] })] },
      { title: 'both', component, properties: { ingress: [fromFrontend], egress: [] }, contains: [policy({ ingress: [{ from: fromFrontend.from, ports: [{ port: 8080, protocol: 'TCP' }] }], policyTypes: ['Ingress', 'Egress'] })] },
    ]);
  });

  it('refuses what the reference refuses', async () => {
    const peer = (value: unknown) => ({ ingress: [{ from: [value] }] });
    const port = (value: unknown) => ({ ingress: [{ ports: [value] }] });
    await builtinTester('traits').runTrait(networkpolicy.type, [
      { title: 'no direction', component, properties: {}, error: { message: `component "api" trait "networkpolicy": at least one of 'ingress' or 'egress' must be specified` } },
      { title: 'not an array', component, properties: { ingress: 'all' }, error: { message: 'component "api" trait "networkpolicy": expected a list, got a string', property: ['ingress'] } },
      { title: 'unknown rule key', component, properties: { ingress: [{ frm: [] }] }, error: { message: /^component "api" trait "networkpolicy": unsupported field "frm"/, property: ['ingress', 0, 'frm'] } },
      { title: 'match expressions', component, properties: peer({ podSelector: { matchExpressions: [] } }), error: { message: /^component "api" trait "networkpolicy": unsupported field "matchExpressions"/ } },
      { title: 'endPort', component, properties: port({ port: 80, endPort: 90 }), error: { message: /^component "api" trait "networkpolicy": unsupported field "endPort"/ } },
      { title: 'empty peer', component, properties: peer({}), error: { message: 'component "api" trait "networkpolicy": ingress[0].from[0]: must specify a peer', property: ['ingress', 0, 'from', 0] } },
      {
        title: 'ipBlock and another peer',
        component,
        properties: peer({ ipBlock: { cidr: '10.0.0.0/8' }, podSelector: {} }),
        error: { message: 'component "api" trait "networkpolicy": ingress[0].from[0]: may not specify both ipBlock and another peer' },
      },
      { title: 'no cidr', component, properties: peer({ ipBlock: {} }), error: { message: `component "api" trait "networkpolicy": ingress[0].from[0].ipBlock: 'cidr' is required` } },
      { title: 'bad cidr', component, properties: peer({ ipBlock: { cidr: 'not-cidr' } }), error: { message: 'component "api" trait "networkpolicy": ingress[0].from[0].ipBlock.cidr: invalid CIDR "not-cidr": invalid CIDR address: not-cidr' } },
      {
        title: 'except not inside',
        component,
        properties: peer({ ipBlock: { cidr: '10.0.0.0/8', except: ['10.0.0.0/8'] } }),
        error: { message: 'component "api" trait "networkpolicy": ingress[0].from[0].ipBlock.except[0]: "10.0.0.0/8" must be a strict subset of cidr "10.0.0.0/8"', property: ['ingress', 0, 'from', 0, 'ipBlock', 'except', 0] },
      },
      { title: 'host bits', component, properties: peer({ ipBlock: { cidr: '10.0.0.1/8' } }), error: { message: 'component "api" trait "networkpolicy": ingress[0].from[0].ipBlock.cidr: invalid CIDR "10.0.0.1/8": must not have bits set past the prefix length' } },
      { title: 'leading zero', component, properties: peer({ ipBlock: { cidr: '010.0.0.0/8' } }), error: { message: /invalid CIDR "010\.0\.0\.0\/8"/ } },
      { title: 'IPv4-mapped IPv6', component, properties: peer({ ipBlock: { cidr: '::ffff:10.0.0.0/104' } }), error: { message: /invalid CIDR "::ffff:10\.0\.0\.0\/104"/ } },
      { title: 'prefix too long', component, properties: peer({ ipBlock: { cidr: '10.0.0.0/33' } }), error: { message: /invalid CIDR "10\.0\.0\.0\/33"/ } },
      { title: 'except of another family', component, properties: peer({ ipBlock: { cidr: '10.0.0.0/8', except: ['fd00::/64'] } }), error: { message: /must be a strict subset/ } },
      { title: 'fractional port', component, properties: port({ port: 80.9 }), error: { message: `component "api" trait "networkpolicy": ingress[0].ports[0]: 'port' must be a whole number, got 80.9` } },
      { title: 'port range', component, properties: port({ port: 4294967376 }), error: { message: `component "api" trait "networkpolicy": ingress[0].ports[0]: 'port' 4294967376 is out of range (1-65535)` } },
      { title: 'protocol', component, properties: port({ port: 80, protocol: 'ICMP' }), error: { message: /must be one of: TCP, UDP, SCTP/ } },
      {
        title: 'label key',
        component,
        properties: peer({ podSelector: { matchLabels: { 'bad key': 'x' } } }),
        error: { message: /^component "api" trait "networkpolicy": ingress\[0\]\.from\[0\]\.podSelector\.matchLabels: invalid label key "bad key": / },
      },
      {
        title: 'label value',
        component,
        properties: peer({ podSelector: { matchLabels: { size: 1e21 } } }),
        error: { message: /^component "api" trait "networkpolicy": ingress\[0\]\.from\[0\]\.podSelector\.matchLabels: "size" has invalid label value "1e\+21" \(written as a number, not a string\): / },
      },
      { title: 'name', component, properties: { name: 'Bad_Name', ingress: [] }, error: { message: /^component "api" trait "networkpolicy": name "Bad_Name" cannot be the name for role "networkpolicy": not a valid DNS-1123 subdomain: / } },
    ]);
  });
});
