export { explainGraph, type ExplainData, type ExplainGraph, type GraphNode, type GraphEdge, type NodeKind } from './graph-model.js';
export { mermaidFlowchart } from './mermaid.js';
export { explainPage } from './explain-page.js';
