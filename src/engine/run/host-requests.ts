import type { ChartRequest, ClusterApis } from '../../plugin-api/index.js';
import type { Diagnostic } from '../../plugin-api/diagnostics.js';
import { chartCapabilities, type ChartCapabilities } from '../api-resources/chart-capabilities.js';
import type { WorkComponent } from '../model.js';
import type { SealedRegistry } from '../registry.js';
import type { SourceDocument } from '../yaml/index.js';

/** A document a component needs from the network, which the host fetches before the build. */
export interface FetchRequest {
  url: string;
  component: string;
  where: Pick<Diagnostic, 'file' | 'line' | 'column' | 'path'>;
}

/** A chart a component renders, which the host renders with helm before the build. */
export interface ChartRenderRequest {
  component: string;
  where: Pick<Diagnostic, 'file' | 'line' | 'column' | 'path'>;
  /** Where the component writes `source.url`, when it does: a refusal of the chart's source points there. */
  sourceWhere?: Pick<Diagnostic, 'file' | 'line' | 'column' | 'path'>;
  chart: ChartRequest;
  /** The cluster the chart's `.Capabilities` should see: the profile's kube version and served APIs. */
  cluster: ChartCapabilities;
}

/** What the host does for the build: fetch the URLs components read, render the charts they declare. */
export interface BuildIO {
  fetch(requests: FetchRequest[]): Promise<Record<string, string>>;
  /** Rendered texts by component name. */
  renderCharts?(requests: ChartRenderRequest[]): Promise<Record<string, string>>;
}

/** What the lowered components ask the host for, and where they ask it. */
export interface Lowered {
  components: WorkComponent[];
  source: SourceDocument;
  namespace: string;
  /** What the cluster serves, which a chart's `.Capabilities` sees. */
  cluster: ClusterApis;
}

export function chartRequests({ components, source, namespace, cluster: served }: Lowered, registry: SealedRegistry): ChartRenderRequest[] {
  const cluster = chartCapabilities(served);
  return components.flatMap((component) => {
    const handler = registry.component(component.type)?.value;
    const charts = handler?.charts?.({ name: component.name, namespace: component.origin.namespace ?? namespace, properties: component.properties }) ?? [];
    if (charts.length === 0) return [];
    const where = source.at([...component.path, 'properties']);
    const url = source.at([...component.path, 'properties', 'source', 'url']);
    return charts.map((chart) => ({ chart, cluster, component: component.name, where, ...(url.line !== undefined ? { sourceWhere: url } : {}) }));
  });
}

export function fetchRequests({ components, source }: Lowered, registry: SealedRegistry): FetchRequest[] {
  return components.flatMap((component) => {
    const handler = registry.component(component.type)?.value;
    const urls = handler?.fetches?.(component.properties) ?? [];
    return urls.map((url) => ({ url, component: component.name, where: source.at([...component.path, 'properties']) }));
  });
}

