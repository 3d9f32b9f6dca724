import { describe, expect, it } from 'vitest';
import { build } from '../../../src/engine/build.js';
import type { SealedRegistry } from '../../../src/engine/registry.js';
import { RegistryBuilder } from '../../../src/host/plugins/registry-builder.js';
import type { ComponentHandler, NameRequest, NamingHook, TraitHandler } from '../../../src/plugin-api/index.js';
import { firstDiagnostic, plugin } from './support.js';

// The synthesized NetworkPolicies under their roles: each policy named under netpol-synth, the
// application holding it apart under sub-application, both with the policy's default name as the
// default. A test-only plugin contributes the component type and, where a test gives one, the hook.

const box: ComponentHandler = {
  type: 'box',
  description: 'A box for tests.',
  properties: {},
  render: (input) => ({ objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: input.name, namespace: input.namespace } }] }),
};

/** Names a NetworkPolicy of its own with the default the synthesis gives its component's egress policy. */
const claimer: TraitHandler = {
  type: 'claimer',
  description: 'A NetworkPolicy for tests.',
  properties: {},
  apply({ component }, ctx) {
    const name = ctx.resolveName({ role: 'generated', kind: 'NetworkPolicy.networking.k8s.io', default: `${component.name}-allow-egress-traffic` });
    return { objects: [{ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name, namespace: component.namespace } }] };
  },
};

function registryWith(naming?: NamingHook): SealedRegistry {
  const builder = new RegistryBuilder();
  builder.register(plugin('boxes', { components: [box], traits: [claimer] }));
  if (naming) builder.register(plugin('namer', { naming }));
  return builder.seal();
}

const APP = 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata:\n  name: shop\nspec:\n  components:\n    - name: web\n      type: box\n';
const selector = { matchLabels: { app: 'db' } };
// One egress and one endpoint-ingress policy, both for component web.
const settings = {
  domain: 'launcher.gokure.dev',
  clusterId: 'local',
  egressPeers: { web: [{ namespace: 'data', podSelector: selector, ports: [{ port: 5432 }] }] },
  ingressPeers: { web: [{ endpoint: { selector: { app: 'web' }, ports: [{ port: 8080 }] }, sources: [{ namespace: 'edge', podSelector: { matchLabels: { app: 'gate' } } }] }] },
};

function run(naming?: NamingHook, text = APP) {
  return build({ application: { file: 'app.yaml', text }, settings }, registryWith(naming));
}

/** Each synthesized policy's name and the name of the application holding it. */
function policies(naming?: NamingHook): Array<[string, string]> {
  return run(naming)
    .generated.filter((entry) => entry.object.kind === 'NetworkPolicy')
    .map((entry) => [entry.object.metadata.name, entry.source.name]);
}

const synthesisRoles = (request: NameRequest) => request.role === 'netpol-synth' || (request.role === 'sub-application' && request.default.includes('-allow-'));

describe('synthesized NetworkPolicy names', () => {
  it('keep their defaults without a hook, each in an application of the same name', () => {
    expect(policies()).toEqual([
      ['web-allow-egress-traffic', 'web-allow-egress-traffic'],
      ['web-allow-endpoint-ingress', 'web-allow-endpoint-ingress'],
    ]);
  });

  it('are asked of the hook under netpol-synth with the kind, and their applications apart under sub-application', () => {
    const asked: NameRequest[] = [];
    const hook: NamingHook = (request) => {
      asked.push(request);
      if (request.role === 'netpol-synth') return `team-${request.default}`;
      if (request.role === 'sub-application') return `app-${request.default}`;
      return false;
    };
    expect(policies(hook)).toEqual([
      ['team-web-allow-egress-traffic', 'app-web-allow-egress-traffic'],
      ['team-web-allow-endpoint-ingress', 'app-web-allow-endpoint-ingress'],
    ]);
    expect(asked.filter(synthesisRoles)).toEqual([
      { application: 'shop', component: 'web', role: 'netpol-synth', kind: 'NetworkPolicy.networking.k8s.io', default: 'web-allow-egress-traffic' },
      { application: 'shop', component: 'web', role: 'sub-application', kind: '', default: 'web-allow-egress-traffic' },
      { application: 'shop', component: 'web', role: 'netpol-synth', kind: 'NetworkPolicy.networking.k8s.io', default: 'web-allow-endpoint-ingress' },
      { application: 'shop', component: 'web', role: 'sub-application', kind: '', default: 'web-allow-endpoint-ingress' },
    ]);
  });

  it('refuse two applications of one name in a bundle: a hook that names the policies apart and not their applications', () => {
    const hook: NamingHook = (request) => (request.role === 'sub-application' && request.default.includes('-allow-') ? 'web-policies' : false);
    expect(firstDiagnostic(() => run(hook)).message).toBe(
      'bundle "shop": name collision: application "web-policies" is named by component "web" (role "sub-application", returned by the Naming hook in place of "web-allow-egress-traffic") and by component "web" (role "sub-application", returned by the Naming hook in place of "web-allow-endpoint-ingress"); give one of them another name',
    );
  });

  it('refuse two policies the hook gives one name', () => {
    const hook: NamingHook = (request) => (request.role === 'netpol-synth' ? 'web-policy' : false);
    expect(firstDiagnostic(() => run(hook)).message).toBe(
      'component "web": name collision: NetworkPolicy.networking.k8s.io "default/web-policy" is named by component "web" (role "netpol-synth", returned by the Naming hook in place of "web-allow-egress-traffic") and by component "web" (role "netpol-synth", returned by the Naming hook in place of "web-allow-endpoint-ingress"); give one of them another name',
    );
  });

  it("refuse a hook's answer that is no name", () => {
    const hook: NamingHook = (request) => (request.role === 'netpol-synth' ? 'Web_Policy' : false);
    expect(firstDiagnostic(() => run(hook)).message).toMatch(/^component "web": the Naming hook returned "Web_Policy" for role "netpol-synth" in place of "web-allow-egress-traffic": not a valid DNS-1123 subdomain: /);
  });

  it('are claimed: a name a trait resolved for its own NetworkPolicy is refused against the synthesized one', () => {
    expect(firstDiagnostic(() => run(undefined, `${APP}      traits:\n        - type: claimer\n`)).message).toBe(
      'component "web": name collision: NetworkPolicy.networking.k8s.io "default/web-allow-egress-traffic" is named by component "web" traits[0] "claimer" (role "generated", its default) and by component "web" (role "netpol-synth", its default); give one of them another name',
    );
  });
});
