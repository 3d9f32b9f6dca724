import { html, type Html } from '../site/html.js';
import { explainGraph, type ExplainData, type ExplainGraph, type GraphNode } from './graph-model.js';
import { layoutGraph, type LaidOutGraph } from './graph-layout.js';

/**
 * `kurel explain --format html`: one file with no outside reference. The graph is laid out when
 * the file is written, so the page needs no script; below it, every node as text, each object
 * linked to what produced it.
 */
export function explainPage(data: ExplainData): string {
  const graph = explainGraph(data);
  // Two pictures, each narrow enough to read: the chain, and the order the policies and groups set.
  const kindOf = new Map(graph.nodes.map((node) => [node.id, node.kind]));
  const touchesOrder = (edge: ExplainGraph['edges'][number]) => ORDER_KINDS.has(kindOf.get(edge.from)!) || ORDER_KINDS.has(kindOf.get(edge.to)!);
  const chain: ExplainGraph = { nodes: graph.nodes.filter((node) => !ORDER_KINDS.has(node.kind)), edges: graph.edges.filter((edge) => !touchesOrder(edge)) };
  const orderEdges = graph.edges.filter(touchesOrder);
  const inOrder = new Set(orderEdges.flatMap((edge) => [edge.from, edge.to]));
  const order: ExplainGraph = { nodes: graph.nodes.filter((node) => ORDER_KINDS.has(node.kind) || inOrder.has(node.id)), edges: orderEdges };
  const incoming = new Map<string, string[]>();
  for (const edge of graph.edges) incoming.set(edge.to, [...(incoming.get(edge.to) ?? []), edge.from]);
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const kinds: Array<[GraphNode['kind'], string]> = [
    ['component', 'Authored components'],
    ['rule', 'Lowering rules'],
    ['member', 'Emitted elements'],
    ['trait', 'Traits'],
    ['object', 'Generated objects'],
    ['policy', 'Policies'],
    ['group', 'Order (Flux groups)'],
  ];
  const sections = kinds.map(([kind, title]) => {
    const nodes = graph.nodes.filter((node) => node.kind === kind);
    if (nodes.length === 0) return undefined;
    return html`<section aria-labelledby="h-${kind}"><h2 id="h-${kind}">${title}</h2><ul>${nodes.map((node) => {
      const from = (incoming.get(node.id) ?? []).map((id) => byId.get(id)!);
      return html`<li id="${node.id}"><strong>${node.label}</strong>${node.detail ? ` (${node.detail})` : ''}${
        from.length > 0 ? html`: ${kind === 'object' ? 'produced by' : 'from'} ${from.map((source, index) => html`${index > 0 ? ', ' : ''}<a href="#${source.id}">${source.label}</a>`)}` : ''
      }</li>`;
    })}</ul></section>`;
  });
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>How ${data.application} is built: kurel explain</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>How application <code>${data.application}</code> is built</h1>
<p>Namespace <code>${data.namespace}</code>. Each authored component passes through the lowering rules to the elements they emit and the objects those generate; the groups are applied in order, each after the one before.</p>
<figure>
<div class="graph" tabindex="0" role="group" aria-label="the lowering chain as a graph">${svg(layoutGraph(chain), 'chain')}</div>
<figcaption>The lowering chain: ${kinds.filter(([kind]) => !ORDER_KINDS.has(kind)).map(([kind], index) => `${index > 0 ? ', ' : ''}${graph.nodes.filter((node) => node.kind === kind).length} ${kind}`)}.</figcaption>
</figure>
${order.nodes.length > 0 ? html`<figure>
<div class="graph" tabindex="0" role="group" aria-label="the order as a graph">${svg(layoutGraph(order), 'order')}</div>
<figcaption>The order: the policies that placed components, and the groups Flux applies one after another.</figcaption>
</figure>` : undefined}
${sections}
</main>
</body>
</html>
`.text}`;
}

const COLOURS: Record<GraphNode['kind'], string> = {
  component: '#dbeafe',
  policy: '#ede9fe',
  rule: '#fef3c7',
  member: '#f1f5f9',
  trait: '#fce7f3',
  object: '#dcfce7',
  group: '#e0f2fe',
};

const ORDER_KINDS: ReadonlySet<GraphNode['kind']> = new Set(['policy', 'group']);

function svg(graph: LaidOutGraph, name: string): Html {
  const edges = graph.edges.map((edge) => {
    const path = edge.points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ');
    const middle = edge.points[Math.floor(edge.points.length / 2)];
    return html`<g class="edge" data-from="${edge.from}" data-to="${edge.to}"><path d="${path}" marker-end="url(#arrow-${name})"/>${edge.label ? html`<text x="${middle.x.toFixed(1)}" y="${(middle.y - 3).toFixed(1)}" text-anchor="middle" class="edge-label">${edge.label}</text>` : undefined}</g>`;
  });
  const nodes = graph.nodes.map((node) => {
    const [left, top] = [node.x - node.width / 2, node.y - node.height / 2];
    return html`<a href="#${node.id}" class="node" data-kind="${node.kind}" data-id="${node.id}"><rect x="${left.toFixed(1)}" y="${top.toFixed(1)}" width="${node.width}" height="${node.height}" rx="6" fill="${COLOURS[node.kind]}"/><text x="${(left + 10).toFixed(1)}" y="${(top + 18).toFixed(1)}">${node.label}</text>${
      node.detail ? html`<text x="${(left + 10).toFixed(1)}" y="${(top + 34).toFixed(1)}" class="detail">${node.detail}</text>` : undefined
    }</a>`;
  });
  return html`<svg xmlns="http://www.w3.org/2000/svg" width="${graph.width}" height="${graph.height}" viewBox="0 0 ${graph.width} ${graph.height}"><defs><marker id="arrow-${name}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#475569"/></marker></defs>${edges}${nodes}</svg>`;
}

const STYLE = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1b1f24; }
main { padding: 1rem 1.2rem 3rem; }
.graph { overflow: auto; border: 1px solid #d0d7de; max-height: 80vh; }
svg text { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; fill: #1b1f24; }
svg text.detail { fill: #3f4650; }
svg text.edge-label { font-size: 10px; fill: #3f4650; }
svg .edge path { fill: none; stroke: #475569; stroke-width: 1.2; }
svg rect { stroke: #475569; }
svg a:focus rect, svg a:hover rect { stroke: #0b5cad; stroke-width: 2.5; }
a { color: #0b5cad; }
li:target { background: #fff3b0; }
`;
