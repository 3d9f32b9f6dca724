// A chart rendered at build time. The engine runs no I/O: a component type declares the chart it
// renders (`ComponentHandler.charts`), the host pulls and renders it with the real helm binary
// before the build, and the handler reads the rendered text back through `ctx.renderedChart()`.

/**
 * Where a chart comes from: a Helm repository index (http, https), an OCI registry, or a chart
 * folder or `.tgz` on disk (a path, or a `file://` URL, relative to the application's folder).
 */
export type ChartSourceKind = 'HelmRepository' | 'OCIRepository' | 'LocalChart';

/** One chart to render, as the host hands it to `helm template`. */
export interface ChartRequest {
  source: { url: string; kind: ChartSourceKind };
  /** The chart name in a HelmRepository; absent for OCI and a local chart, whose URL names the chart. */
  chart?: string;
  /** The chart version; required for OCI. */
  version?: string;
  /** `.Release.Name`. */
  release: string;
  /** `.Release.Namespace`. */
  namespace: string;
  /** The values helm reads, the secret values merged in. Never written to argv or to an error. */
  values: Record<string, unknown>;
  /**
   * Set when `values` holds secret values: the values without them, for the host to render again
   * when the render fails, so that the cause it reports cannot quote a secret.
   */
  withoutSecrets?: Record<string, unknown>;
}

/** What a component type is told when asked which chart a component renders. */
export interface ChartInput<P> {
  name: string;
  namespace: string;
  properties: P;
}
