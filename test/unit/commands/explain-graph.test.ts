import { describe, expect, it } from 'vitest';
import { explainGraph, mermaidFlowchart, type ExplainData } from '../../../src/commands/support/explain-graph/index.js';
import { layoutGraph } from '../../../src/commands/support/explain-graph/graph-layout.js';
import { explainPage } from '../../../src/commands/support/explain-graph/explain-page.js';

// A web component lowered by one rule to a Deployment and a Service, whose expose trait a second
// rule turned into an ingress trait that emits an Ingress; a placement policy and two groups.
const data: ExplainData = {
  application: 'shop',
  namespace: 'shop',
  bundle: { name: 'shop', applications: [], groups: [{ name: 'shop-infra', components: [] }, { name: 'shop-apps', components: ['web'] }] },
  components: [
    {
      name: 'web',
      type: 'webservice',
      location: { file: 'app.yaml', line: 9, column: 7, path: 'spec.components[0]' },
      steps: [
        { rule: 'component/webservice@v1alpha1', position: 'component', round: 0, from: 'web', to: ['web', 'web'], component: 'web' },
        { rule: 'trait/expose@v1alpha1', position: 'trait', round: 1, from: 'expose', to: ['ingress'], component: 'web' },
      ] as ExplainData['components'][number]['steps'],
      members: [
        { name: 'web', type: 'deployment', rule: 'component/webservice@v1alpha1', traits: [] },
        { name: 'web', type: 'service', rule: 'component/webservice@v1alpha1', traits: [{ type: 'ingress', rule: 'trait/expose@v1alpha1', emitted: ['Ingress/web-ingress'], changed: [] }] },
      ],
      objects: [
        { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web', producer: 'component "web"' },
        { apiVersion: 'v1', kind: 'Service', namespace: 'shop', name: 'web', producer: 'component "web"' },
        { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', namespace: 'shop', name: 'web-ingress', producer: 'sub-application "web-ingress" of component "web"' },
      ],
    },
  ],
  policies: [{ name: 'web-tier', type: 'placement', location: { file: 'app.yaml', line: 20, column: 7 }, steps: [], members: [], dependencies: [], tiers: { web: 'apps' }, extensions: [] }],
};

describe('the explain graph', () => {
  const graph = explainGraph(data);
  const byLabel = (label: string) => graph.nodes.find((node) => node.label === label)!;
  const sources = (label: string) => graph.edges.filter((edge) => edge.to === byLabel(label).id).map((edge) => graph.nodes.find((node) => node.id === edge.from)!.label);

  it('has one node per rule step and per object', () => {
    expect(graph.nodes.filter((node) => node.kind === 'rule').map((node) => node.label)).toEqual(['rule component/webservice@v1alpha1', 'rule trait/expose@v1alpha1']);
    expect(graph.nodes.filter((node) => node.kind === 'object').map((node) => node.label)).toEqual(['Deployment web', 'Service web', 'Ingress web-ingress']);
  });

  it('links each object to what produced it: the element of its kind, or the trait that emitted it', () => {
    expect(sources('Deployment web')).toEqual(['deployment web']);
    expect(sources('Service web')).toEqual(['service web']);
    expect(sources('Ingress web-ingress')).toEqual(['trait ingress']);
    expect(sources('trait ingress')).toEqual(['service web', 'rule trait/expose@v1alpha1']);
  });

  it('draws the order: each group after the one before, the group of each component, the policy that placed it', () => {
    const edge = (from: string, to: string) => graph.edges.find((candidate) => candidate.from === byLabel(from).id && candidate.to === byLabel(to).id);
    expect(edge('group shop-infra', 'group shop-apps')?.label).toBe('before (dependsOn)');
    expect(edge('component web (webservice)', 'group shop-apps')?.label).toBe('applied in');
    expect(edge('policy web-tier (placement)', 'component web (webservice)')?.label).toBe('tier apps');
  });

  it('lays every node out apart from every other', () => {
    const laidOut = layoutGraph(graph);
    expect(laidOut.nodes).toHaveLength(graph.nodes.length);
    const overlaps = laidOut.nodes.filter((a, i) => laidOut.nodes.some((b, j) => j > i && Math.abs(a.x - b.x) * 2 < a.width + b.width && Math.abs(a.y - b.y) * 2 < a.height + b.height));
    expect(overlaps).toEqual([]);
    for (const edge of laidOut.edges) expect(edge.points.length).toBeGreaterThanOrEqual(2);
  });

  it('writes one page with no outside reference, every object linked to its producer', () => {
    const page = explainPage(data);
    expect(page).not.toMatch(/<script[^>]+src=|<link[^>]+href=|url\((?!#)/);
    expect(page.match(/data-kind="object"/g)).toHaveLength(3);
    expect(page).toMatch(/<li id="[^"]+"><strong>Ingress web-ingress<\/strong> \(in shop\): produced by <a href="#[^"]+">trait ingress<\/a><\/li>/);
  });
});

describe('the Mermaid flowchart', () => {
  const text = mermaidFlowchart(explainGraph(data));
  const lines = text.trimEnd().split('\n');

  it('declares every node once with a word for an id, and every edge between declared nodes', () => {
    expect(lines[0]).toBe('flowchart LR');
    const declared = lines.slice(1).map((line) => /^ {2}(\w+)(\(\[|\{\{|\[\[|\[\/|\[\(|\[)"[^"]*"(\]\)|\}\}|\]\]|\/\]|\)\]|\]):::(\w+)$/.exec(line)).filter((match) => match !== null);
    const ids = declared.map((match) => match![1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(explainGraph(data).nodes.length);
    const edges = lines.filter((line) => line.includes('-->'));
    expect(edges).toHaveLength(explainGraph(data).edges.length);
    for (const edge of edges) {
      const match = /^ {2}(\w+) -->(?:\|"[^"]*"\|)? (\w+)$/.exec(edge);
      expect(match, edge).not.toBeNull();
      expect(ids).toContain(match![1]);
      expect(ids).toContain(match![2]);
    }
  });

  it('writes a label quote and angle brackets as Mermaid entities', () => {
    expect(text).toContain('round 0: #quot;web#quot;');
    const odd = mermaidFlowchart({ nodes: [{ id: 'a-1', kind: 'object', label: 'Kind <x> "y"' }], edges: [] });
    expect(odd).toContain('a_1[["Kind #lt;x#gt; #quot;y#quot;"]]:::object');
  });
});
