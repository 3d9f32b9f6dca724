// The package's own declarations name a file it does not ship: what the explain graph uses of it.
declare module '@dagrejs/dagre' {
  export interface NodeBox {
    x: number;
    y: number;
    width: number;
    height: number;
  }
  export interface EdgePoints {
    points: Array<{ x: number; y: number }>;
  }
  export class Graph {
    constructor(options?: { directed?: boolean; multigraph?: boolean; compound?: boolean });
    setGraph(label: Record<string, unknown>): this;
    graph(): { width?: number; height?: number };
    setDefaultEdgeLabel(label: () => Record<string, unknown>): this;
    setNode(id: string, label: { width: number; height: number }): this;
    setEdge(from: string, to: string, label?: Record<string, unknown>, name?: string): this;
    node(id: string): NodeBox;
    edge(from: string, to: string, name?: string): EdgePoints;
  }
  export const graphlib: { Graph: typeof Graph };
  export function layout(graph: Graph): void;
  const dagre: { graphlib: typeof graphlib; layout: typeof layout };
  export default dagre;
}
