import { describe, it } from 'vitest';
import { HandlerTester } from '../../../src/plugin-api/testing/index.js';
import { ciliumNetworkPolicy } from '../../../plugins/builtin-kinds/traits/cilium-networkpolicy.js';
import { deploymentObject } from './fixtures.js';

const component = { name: 'api', type: 'deployment', objects: [deploymentObject('api')] };

function cnp(spec: Record<string, unknown>, name = 'api-allow-ingress') {
  return { apiVersion: 'cilium.io/v2', kind: 'CiliumNetworkPolicy', metadata: { name, namespace: 'default' }, spec };
}

const fromFrontend = { fromEndpoints: [{ matchLabels: { app: 'frontend' } }] };

describe('cilium-networkpolicy trait', () => {
  it('writes the raw rules under the endpoint selector and leaves the component alone', () => {
    new HandlerTester().runTrait(ciliumNetworkPolicy, [
      {
        component,
        properties: { name: 'api-allow-ingress', endpointSelector: { matchLabels: { app: 'api' } }, ingress: [fromFrontend] },
        objects: [cnp({ endpointSelector: { matchLabels: { app: 'api' } }, ingress: [fromFrontend] })],
        componentObjects: component.objects,
      },
      {
        title: 'every endpoint, egress only, an empty ingress dropped',
        component,
        properties: { name: 'dns', endpointSelector: {}, ingress: [], egress: [{ toEndpoints: [{}], toPorts: [{ ports: [{ port: '53', protocol: 'UDP' }], rules: { dns: [{ matchPattern: '*' }] } }] }] },
        objects: [cnp({ endpointSelector: {}, egress: [{ toEndpoints: [{}], toPorts: [{ ports: [{ port: '53', protocol: 'UDP' }], rules: { dns: [{ matchPattern: '*' }] } }] }] }, 'dns')],
      },
    ]);
  });

  it('refuses a policy without a name, a selector or a rule, and fields Cilium does not have', () => {
    const base = { name: 'p', endpointSelector: {} };
    new HandlerTester().runTrait(ciliumNetworkPolicy, [
      { title: 'name', component, properties: { endpointSelector: {}, ingress: [fromFrontend] }, error: { message: '"name" is required' } },
      { title: 'selector', component, properties: { name: 'p', ingress: [fromFrontend] }, error: { message: '"endpointSelector" is required' } },
      { title: 'no rule', component, properties: base, error: { message: "at least one of 'egress' or 'ingress' must be specified with at least one rule" } },
      { title: 'empty rules', component, properties: { ...base, ingress: [], egress: [] }, error: { message: "at least one of 'egress' or 'ingress' must be specified with at least one rule" } },
      { title: 'unknown rule field', component, properties: { ...base, ingress: [{ fromEndpoint: [] }] }, error: { message: /^unsupported field "fromEndpoint"/, path: ['ingress', 0, 'fromEndpoint'] } },
      { title: 'egress field in ingress', component, properties: { ...base, ingress: [{ toFQDNs: [] }] }, error: { message: /^unsupported field "toFQDNs"/ } },
      {
        title: 'required in the CRD',
        component,
        properties: { ...base, ingress: [{ toPorts: [{ listener: { name: 'edge', priority: 1 } }] }] },
        error: { message: '"envoyConfig" is required', path: ['ingress', 0, 'toPorts', 0, 'listener'] },
      },
      { title: 'name syntax', component, properties: { ...base, name: 'Not_Valid', ingress: [fromFrontend] }, error: { message: 'name: "Not_Valid" is not a valid CiliumNetworkPolicy name (a DNS-1123 subdomain)' } },
    ]);
  });
});
