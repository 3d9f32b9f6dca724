import type { ExplainGraph, NodeKind } from './graph-model.js';

const SHAPES: Record<NodeKind, [string, string]> = {
  component: ['([', '])'],
  policy: ['([', '])'],
  rule: ['{{', '}}'],
  member: ['[', ']'],
  trait: ['[/', '/]'],
  object: ['[[', ']]'],
  group: ['[(', ')]'],
};

/** The graph as a Mermaid `flowchart`: one node a line, then one edge a line, a class per kind. */
export function mermaidFlowchart(graph: ExplainGraph): string {
  const lines = ['flowchart LR'];
  for (const node of graph.nodes) {
    const [open, close] = SHAPES[node.kind];
    const text = node.detail ? `${label(node.label)}<br/>${label(node.detail)}` : label(node.label);
    lines.push(`  ${mermaidId(node.id)}${open}"${text}"${close}:::${node.kind}`);
  }
  for (const edge of graph.edges) {
    const [from, to] = [mermaidId(edge.from), mermaidId(edge.to)];
    lines.push(edge.label ? `  ${from} -->|"${label(edge.label)}"| ${to}` : `  ${from} --> ${to}`);
  }
  lines.push(
    '  classDef component fill:#dbeafe,stroke:#1e3a8a',
    '  classDef policy fill:#ede9fe,stroke:#4c1d95',
    '  classDef rule fill:#fef3c7,stroke:#92400e',
    '  classDef member fill:#f1f5f9,stroke:#334155',
    '  classDef trait fill:#fce7f3,stroke:#831843',
    '  classDef object fill:#dcfce7,stroke:#14532d',
    '  classDef group fill:#e0f2fe,stroke:#0c4a6e',
  );
  return `${lines.join('\n')}\n`;
}

/** Text inside a quoted Mermaid label: its quote and the characters Mermaid reads as markup, as entities. */
function label(text: string): string {
  return text.replace(/[<>"]/g, (char) => ({ '<': '#lt;', '>': '#gt;', '"': '#quot;' })[char]!);
}

/** A node id Mermaid reads as one word: a hyphen could start an edge. */
function mermaidId(id: string): string {
  return id.replace(/[^A-Za-z0-9_]/g, '_');
}
