import dagre from '@dagrejs/dagre';
import type { ExplainGraph, GraphNode } from './graph-model.js';

/** Every node's box and every edge's route, as dagre lays the graph out left to right. */
export interface LaidOutGraph {
  width: number;
  height: number;
  nodes: Array<GraphNode & { x: number; y: number; width: number; height: number }>;
  edges: Array<{ from: string; to: string; label?: string; points: Array<{ x: number; y: number }> }>;
}

/** The width of one character of the graph's monospace font, at its size: what a box is sized by. */
export const CHAR_WIDTH = 7.3;
const LINE_HEIGHT = 16;
const PADDING = 10;

export function layoutGraph(graph: ExplainGraph): LaidOutGraph {
  const layout = new dagre.graphlib.Graph({ multigraph: true });
  layout.setGraph({ rankdir: 'LR', nodesep: 14, ranksep: 48, edgesep: 8, marginx: 8, marginy: 8 });
  layout.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) {
    const longest = Math.max(node.label.length, node.detail?.length ?? 0);
    layout.setNode(node.id, { width: Math.ceil(longest * CHAR_WIDTH) + 2 * PADDING, height: (node.detail ? 2 : 1) * LINE_HEIGHT + PADDING });
  }
  graph.edges.forEach((edge, index) => layout.setEdge(edge.from, edge.to, edge.label ? { label: edge.label, width: edge.label.length * CHAR_WIDTH * 0.85, height: 12 } : {}, `e${index}`));
  dagre.layout(layout);
  const size = layout.graph();
  return {
    width: Math.ceil(size.width ?? 0),
    height: Math.ceil(size.height ?? 0),
    nodes: graph.nodes.map((node) => ({ ...node, ...layout.node(node.id) })),
    edges: graph.edges.map((edge, index) => ({ ...edge, points: layout.edge(edge.from, edge.to, `e${index}`).points })),
  };
}
