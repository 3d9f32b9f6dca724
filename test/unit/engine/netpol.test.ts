import { describe, expect, it } from 'vitest';
import type { WorkComponent } from '../../../src/engine/model.js';
import { endpointHash } from '../../../src/engine/netpol/endpoint-ingress.js';
import { synthesizeNetworkPolicies, type SynthesisInput } from '../../../src/engine/netpol/synthesize.js';
import type { Group } from '../../../src/engine/ordering/order.js';
import type { Application } from '../../../src/engine/model.js';
import { type ComponentAnswers, type K8sObject, type NamingHook, type RouteAnswer } from '../../../src/plugin-api/index.js';
import { componentLabelValue } from '../../../src/plugin-api/kit/index.js';
import { claimsOf, firstDiagnostic } from './support.js';

const KEY = 'launcher.gokure.dev/component';
type Json = Record<string, any>;

const service = (name: string, ports: Json[] = [{ port: 80, targetPort: 8080 }]): K8sObject => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'shop' }, spec: { ports } });

function app(name: string, options: { owner?: string; objects?: K8sObject[]; answers?: ComponentAnswers; routes?: RouteAnswer[]; members?: number } = {}): Application {
  const member = () => ({ component: { name, origin: { namespace: 'shop', rule: '' } } as WorkComponent, objects: options.objects ?? [service(name)], answers: options.answers ?? {} });
  return {
    name,
    owner: options.owner ?? name,
    labelValue: componentLabelValue(name),
    members: Array.from({ length: options.members ?? 1 }, member),
    subApplications: [],
    routes: (options.routes ?? []).map((route) => ({ traitType: 'ingress', route })),
  };
}

const SOURCES = [{ namespace: 'ingress', podSelector: { matchLabels: { app: 'nginx' } } }];
const route = (...backends: RouteAnswer['backends']): RouteAnswer => ({ trafficSources: structuredClone(SOURCES), backends });

function synthesize(groups: Application[][], input: Partial<SynthesisInput> = {}, naming?: NamingHook): Group[] {
  const built = groups.map((applications, i) => ({ name: `g${i}`, applications }));
  return synthesizeNetworkPolicies(built, claimsOf('shop', naming), { componentLabelKey: KEY, ...input });
}
const policiesOf = (groups: Group[]) => groups.flatMap((group) => group.applications.flatMap((application) => (application.synthesized ?? []).map((object) => ({ object, owner: application.owner, group: group.name }))));
const spec = (object: K8sObject) => object.spec as Json;

describe('inbound synthesis', () => {
  it("translates a routed Service port to its targetPort and owns the policy by the component", () => {
    const [policy] = policiesOf(synthesize([[app('web', { routes: [route({ service: 'web', port: 80 })] })]]));
    expect(policy.owner).toBe('web');
    expect(policy.object.metadata).toEqual({ name: 'web-allow-ingress-traffic', namespace: 'shop' });
    expect(spec(policy.object).ingress[0].ports).toEqual([{ protocol: 'TCP', port: 8080 }]);
  });

  it("retargets onto a backend component in another group, placing the policy in the backend's group", () => {
    const found = policiesOf(synthesize([[app('api')], [app('gate', { routes: [route({ service: 'api', port: 80 })] })]]));
    expect(found.map((policy) => [policy.object.metadata.name, policy.group])).toEqual([['api-allow-ingress-traffic', 'g0']]);
  });

  it('merges routes into one rule per set of sources and deduplicates ports', () => {
    const web = app('web', { routes: [route({ service: 'web', port: 80 }), route({ service: 'web', port: 80 })] });
    const [policy] = policiesOf(synthesize([[web]]));
    expect(spec(policy.object).ingress).toHaveLength(1);
    expect(spec(policy.object).ingress[0].ports).toEqual([{ protocol: 'TCP', port: 8080 }]);
  });

  it("selects a routing target's pods, drops ports it does not map over TCP, and writes nothing for ExternalName", () => {
    const target = (selector?: Record<string, string>) => ({ routingTarget: { ...(selector ? { selector } : {}), ports: selector ? [{ port: 80, targetPort: 8081, protocol: 'TCP' }, { port: 53, protocol: 'UDP' }] : [] } });
    const legacy = app('legacy', { answers: target({ app: 'old' }) });
    const external = app('outside', { answers: target() });
    const gate = app('gate', { routes: [route({ service: 'legacy', port: 80 }, { service: 'legacy', port: 53 }, { service: 'outside', port: 80 })] });
    const found = policiesOf(synthesize([[legacy, external, gate]]));
    expect(found).toHaveLength(1);
    expect(spec(found[0].object).podSelector).toEqual({ matchLabels: { app: 'old' } });
    expect(spec(found[0].object).ingress[0].ports).toEqual([{ protocol: 'TCP', port: 8081 }]);
  });

  it('writes one unowned policy per external backend with a backendSelector, merged across groups', () => {
    const one = app('a', { routes: [route({ service: 'partner', port: 443, backendSelector: { app: 'partner' } })] });
    const two = app('b', { routes: [route({ service: 'partner', port: 8443, backendSelector: { app: 'partner' } }, { service: 'nobody', port: 80 })] });
    const found = policiesOf(synthesize([[one], [two]]));
    expect(found).toHaveLength(1);
    expect(found[0].owner).toBe('');
    expect(spec(found[0].object).podSelector).toEqual({ matchLabels: { app: 'partner' } });
    expect(spec(found[0].object).ingress[0].ports).toEqual([
      { protocol: 'TCP', port: 443 },
      { protocol: 'TCP', port: 8443 },
    ]);
  });

  it('shares no selector between policies or with their inputs', () => {
    const web = app('web', { routes: [route({ service: 'web', port: 80 }, { service: 'partner', port: 1, backendSelector: { app: 'p' } })] });
    const found = policiesOf(synthesize([[web]]));
    const [a, b] = found.map((policy) => spec(policy.object).ingress[0].from[0].podSelector);
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
    a.matchLabels.app = 'changed';
    expect(web.routes![0].route.trafficSources[0].podSelector!.matchLabels!.app).toBe('nginx');
    expect(b.matchLabels.app).toBe('nginx');
  });

  it('selects both values under the key app for an entry renamed from its component', () => {
    const entry = app('db-pooler', { owner: 'db', routes: [route({ service: 'db-pooler', port: 80 })] });
    const [policy] = policiesOf(synthesize([[entry]], { componentLabelKey: 'app' }));
    expect(spec(policy.object).podSelector).toEqual({ matchExpressions: [{ key: 'app', operator: 'In', values: ['db', 'db-pooler'] }] });
  });

  it('refuses a routing target that selects no pods but maps a port', () => {
    const broken = app('outside', { answers: { routingTarget: { ports: [{ port: 80, protocol: 'TCP' }] } } });
    const diagnostic = firstDiagnostic(() => synthesize([[broken, app('gate', { routes: [route({ service: 'outside', port: 80 })] })]]));
    expect(diagnostic).toMatchObject({
      code: 'KUREL_NETWORK_POLICY',
      message: 'component "outside": its routing target selects no pods but maps 1 port(s); a Service that selects no pods has no port to route to',
    });
  });

  it('refuses a backend Service two components generate', () => {
    const diagnostic = firstDiagnostic(() => synthesize([[app('a', { objects: [service('api')] }), app('b', { objects: [service('api')] }), app('gate', { routes: [route({ service: 'api', port: 80 })] })]]));
    expect(diagnostic.code).toBe('KUREL_NETWORK_POLICY');
    expect(diagnostic.message).toBe(
      'component "gate" trait "ingress": backend Service "api" is generated by component "a" and component "b": the NetworkPolicy for its traffic cannot tell whose pods to select; give each Service its own name',
    );
  });

  it('refuses two selectors for one external Service', () => {
    const diagnostic = firstDiagnostic(() =>
      synthesize([[app('a', { routes: [route({ service: 'partner', port: 1, backendSelector: { app: 'x' } })] }), app('b', { routes: [route({ service: 'partner', port: 1, backendSelector: { app: 'y' } })] })]]),
    );
    expect(diagnostic.message).toBe(
      'component "b" trait "ingress": external backend Service "partner" is given the backendSelector {"app":"y"}, and another route gives it {"app":"x"}: one Service fronts one set of pods; give every route to it the same backendSelector',
    );
  });

  it("lets a hook that names the external backend's policy apart avoid the refusal, asked with no component", () => {
    const clash = app('x', { routes: [route({ service: 'web', port: 1, backendSelector: { a: 'b' } })], objects: [] });
    const asked: string[] = [];
    const hook: NamingHook = (request) => {
      if (request.role === 'netpol-synth') asked.push(`${request.component}:${request.default}`);
      return request.role === 'netpol-synth' && request.component === '' ? 'outside-web-allow-ingress-traffic' : false;
    };
    const found = policiesOf(synthesize([[app('web', { objects: [], routes: [route({ service: 'web', port: 80 })] }), clash]], {}, hook));
    expect(found.map((policy) => [policy.object.metadata.name, policy.owner])).toEqual([
      ['web-allow-ingress-traffic', 'web'],
      ['outside-web-allow-ingress-traffic', ''],
    ]);
    expect(asked).toEqual(['web:web-allow-ingress-traffic', ':web-allow-ingress-traffic']);
  });

  it('refuses two external Services whose policies the hook gives one name, naming each by its Service', () => {
    const router = app('gate', { objects: [], routes: [route({ service: 'a', port: 1, backendSelector: { a: 'a' } }, { service: 'b', port: 1, backendSelector: { b: 'b' } })] });
    const diagnostic = firstDiagnostic(() => synthesize([[router]], {}, (request) => (request.role === 'netpol-synth' ? 'outside' : false)));
    expect(diagnostic.message).toBe(
      'name collision: NetworkPolicy.networking.k8s.io "shop/outside" is named by external backend Service "a" (role "netpol-synth", returned by the Naming hook in place of "a-allow-ingress-traffic") and by external backend Service "b" (role "netpol-synth", returned by the Naming hook in place of "b-allow-ingress-traffic"); give one of them another name',
    );
  });

  it("refuses an external policy named like a component's inbound policy", () => {
    // The component's Service is not generated here, so the router sees "web" as an external Service.
    const clash = app('x', { routes: [route({ service: 'web', port: 1, backendSelector: { a: 'b' } })], objects: [] });
    const diagnostic = firstDiagnostic(() => synthesize([[app('web', { objects: [], routes: [route({ service: 'web', port: 80 })] }), clash]]));
    expect(diagnostic.message).toBe(
      'NetworkPolicy "web-allow-ingress-traffic": the policy for external backend Service "web" has the name of the inbound policy of component "web"; rename the Service or the component',
    );
  });
});

describe('egress synthesis', () => {
  it('skips a peer with no ports and writes nothing when none is left', () => {
    expect(policiesOf(synthesize([[app('web')]], { egressPeers: { web: [{ namespace: 'db' }] } }))).toEqual([]);
  });

  it.each([
    ['no selector', undefined],
    ['an empty selector', {}],
    ['a selector with expressions', { matchLabels: { a: 'b' }, matchExpressions: [{ key: 'a', operator: 'Exists' }] }],
  ])('refuses a peer with ports and %s', (_, podSelector) => {
    const diagnostic = firstDiagnostic(() => synthesize([[app('web')]], { egressPeers: { web: [{ namespace: 'db', ...(podSelector ? { podSelector } : {}), ports: [{ port: 5432 }] }] } }));
    expect(diagnostic).toMatchObject({
      code: 'KUREL_NETWORK_POLICY',
      message: 'egress peer 0 of component "web" (namespace "db") has ports but no pod selector of labels (none, an empty one or one with expressions): it would allow egress to every pod of the namespace',
    });
  });
});

describe('endpoint-ingress synthesis', () => {
  const cluster = { selector: { 'cnpg.io/cluster': 'db' }, ports: [{ port: 5432 }] };
  const pooler = { selector: { 'cnpg.io/poolerName': 'db-pooler' }, ports: [{ port: 5432 }] };
  const sources = [{ namespace: 'shop', podSelector: { matchLabels: { app: 'web' } } }];

  it("selects the endpoint's own pods, suffixing each name with the endpoint's hash when the component has several", () => {
    const found = policiesOf(synthesize([[app('db')]], { ingressPeers: { db: [{ endpoint: cluster, sources }, { endpoint: pooler, sources }] }, endpoints: [{ component: 'db', endpoints: [cluster, pooler] }] }));
    expect(found.map((policy) => policy.object.metadata.name)).toEqual([`db-allow-endpoint-ingress-${endpointHash(cluster)}`, `db-allow-endpoint-ingress-${endpointHash(pooler)}`]);
    expect(endpointHash(cluster)).toMatch(/^[0-9a-f]{10}$/);
    expect(endpointHash(cluster)).not.toBe(endpointHash(pooler));
    expect(spec(found[1].object).podSelector).toEqual({ matchLabels: { 'cnpg.io/poolerName': 'db-pooler' } });
  });

  it("names by the endpoints the authored component declares, placing its policies with its first application", () => {
    const entry = app('db-pooler', { owner: 'db' });
    const found = policiesOf(synthesize([[app('db')], [entry]], { ingressPeers: { db: [{ endpoint: pooler, sources }] }, endpoints: [{ component: 'db', endpoints: [cluster, pooler] }] }));
    expect(found.map((policy) => [policy.object.metadata.name, policy.owner, policy.group])).toEqual([[`db-allow-endpoint-ingress-${endpointHash(pooler)}`, 'db', 'g0']]);
  });

  it('keeps the bare name for a single endpoint and writes no policy whose sources are all namespace-wide', () => {
    expect(policiesOf(synthesize([[app('db')]], { ingressPeers: { db: [{ endpoint: cluster, sources }] }, endpoints: [{ component: 'db', endpoints: [cluster] }] })).map((policy) => policy.object.metadata.name)).toEqual(['db-allow-endpoint-ingress']);
    expect(policiesOf(synthesize([[app('db')]], { ingressPeers: { db: [{ endpoint: cluster, sources: [{ namespace: 'shop' }, { namespace: 'shop', podSelector: { matchLabels: {} } }] }] } }))).toEqual([]);
  });
});
