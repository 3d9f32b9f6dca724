import { builtinTester, rendered } from '../../support/engine.js';
import { describe, it } from 'vitest';
import { ciliumNetworkPolicy } from '../../../plugins/builtin-kinds/traits/cilium-networkpolicy.js';
import { deploymentObject, deploymentComponent, traitMeta } from './fixtures.js';

const component = deploymentComponent('api');

function cnp(spec: Record<string, unknown>, name = 'api-allow-ingress') {
  return { apiVersion: 'cilium.io/v2', kind: 'CiliumNetworkPolicy', metadata: traitMeta(name, 'api'), spec };
}

const fromFrontend = { fromEndpoints: [{ matchLabels: { app: 'frontend' } }] };

describe('cilium-networkpolicy trait', () => {
  it('writes the raw rules under the endpoint selector and leaves the component alone', async () => {
    await builtinTester('kinds').runTrait(ciliumNetworkPolicy.type, [
      {
        component,
        properties: { name: 'api-allow-ingress', endpointSelector: { matchLabels: { app: 'api' } }, ingress: [fromFrontend] },
        contains: [cnp({ endpointSelector: { matchLabels: { app: 'api' } }, ingress: [fromFrontend] })],
      },
      {
        title: 'every endpoint, egress only, an empty ingress dropped',
        component,
        properties: { name: 'dns', endpointSelector: {}, ingress: [], egress: [{ toEndpoints: [{}], toPorts: [{ ports: [{ port: '53', protocol: 'UDP' }], rules: { dns: [{ matchPattern: '*' }] } }] }] },
        contains: [deploymentObject('api'), cnp({ endpointSelector: {}, egress: [{ toEndpoints: [{}], toPorts: [{ ports: [{ port: '53', protocol: 'UDP' }], rules: { dns: [{ matchPattern: '*' }] } }] }] }, 'dns')],
      },
    ]);
  });

  it('refuses a policy without a name, a selector or a rule, and fields Cilium does not have', async () => {
    const base = { name: 'p', endpointSelector: {} };
    await builtinTester('kinds').runTrait(ciliumNetworkPolicy.type, [
      { title: 'name', component, properties: { endpointSelector: {}, ingress: [fromFrontend] }, error: { message: `component "api" trait "cilium-networkpolicy": "name" is required; neither the trait nor capability "cilium-networkpolicy"'s rendering sets it` } },
      { title: 'selector', component, properties: { name: 'p', ingress: [fromFrontend] }, error: { message: `component "api" trait "cilium-networkpolicy": "endpointSelector" is required; neither the trait nor capability "cilium-networkpolicy"'s rendering sets it` } },
      { title: 'no rule', component, properties: base, error: { message: `component "api" trait "cilium-networkpolicy": at least one of 'egress' or 'ingress' must be specified with at least one rule` } },
      { title: 'empty rules', component, properties: { ...base, ingress: [], egress: [] }, error: { message: `component "api" trait "cilium-networkpolicy": at least one of 'egress' or 'ingress' must be specified with at least one rule` } },
      { title: 'unknown rule field', component, properties: { ...base, ingress: [{ fromEndpoint: [] }] }, error: { message: /^component "api" trait "cilium-networkpolicy": unsupported field "fromEndpoint"/, property: ['ingress', 0, 'fromEndpoint'] } },
      { title: 'egress field in ingress', component, properties: { ...base, ingress: [{ toFQDNs: [] }] }, error: { message: /^component "api" trait "cilium-networkpolicy": unsupported field "toFQDNs"/ } },
      {
        title: 'required in the CRD',
        component,
        properties: { ...base, ingress: [{ toPorts: [{ listener: { name: 'edge', priority: 1 } }] }] },
        error: { message: 'component "api" trait "cilium-networkpolicy": "envoyConfig" is required', property: ['ingress', 0, 'toPorts', 0, 'listener'] },
      },
      { title: 'name syntax', component, properties: { ...base, name: 'Not_Valid', ingress: [fromFrontend] }, error: { message: 'component "api" trait "cilium-networkpolicy": name: "Not_Valid" is not a valid CiliumNetworkPolicy name (a DNS-1123 subdomain)' } },
    ]);
  });
});
