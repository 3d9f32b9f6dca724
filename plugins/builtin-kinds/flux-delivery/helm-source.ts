import type { AuthoredComponent, DocumentInfo, LoweringContext } from 'kurel/plugin-api';
import { DEFAULT_FLUX_INTERVAL } from './flux-interval.js';
import { generatedSourceName, goJson } from './generated-source.js';
import { GIT_REF_FIELDS, type ChartSource, type HelmProperties } from './helm-properties.js';

// The source a helm release reads: an existing one by reference (source.name alone), or an inline
// one (a url, or a Bucket's endpoint and bucketName) generated beside the release and shared by
// the helm components of the document with the same content identity. The identities are the
// reference's, so a generated source gets the name the reference gives it.

const OWNER = 'helm';

/** Source kinds a HelmRelease reads through its chart template (chart.spec.sourceRef); the others through chartRef. */
export const CHART_TEMPLATE_KINDS = new Set(['HelmRepository', 'GitRepository', 'Bucket']);
const SOURCE_TYPES: Record<string, string> = { HelmRepository: 'helmrepository', GitRepository: 'gitrepository', Bucket: 'bucket', OCIRepository: 'ocirepository' };
const BUCKET_FIELDS = ['endpoint', 'bucketName', 'provider', 'region', 'prefix'] as const;
/** Copied as-is: Flux's default extracts the first layer and drops the files its ignore rules exclude, which a chart may read. */
const HELM_CHART_LAYER = 'application/vnd.cncf.helm.chart.content.v1.tar+gzip';
const USERINFO_REMEDY = ', which would be written in plain text into the generated source; author a helmrepository or ocirepository with secretRef and reference it with source.name';

export interface HelmSource {
  kind: string;
  inline: boolean;
  /** The source as the release references it. */
  ref: { kind: string; name: string; namespace?: string };
  /** The generated source component, when this component emits it. */
  emitted?: AuthoredComponent;
}

/** Checks the source's form and resolves its kind; nothing is claimed yet. */
export function checkSource(props: HelmProperties, ctx: LoweringContext): { source: ChartSource; kind: string; inline: boolean } {
  const source = props.source;
  const blank = (key: keyof ChartSource) => source[key] === undefined || source[key] === '';
  const inlineBucket = source.kind === 'Bucket' && (blank('name') || !blank('url') || !blank('endpoint') || !blank('bucketName'));
  if (inlineBucket) {
    if (!blank('url')) ctx.fail(`${OWNER}: source.kind Bucket takes source.endpoint and source.bucketName, not source.url`, ['source', 'url']);
    if (blank('endpoint') || blank('bucketName')) ctx.fail(`${OWNER}: an inline source.kind Bucket requires source.endpoint and source.bucketName`, ['source']);
    // Not blank: refused just above.
    if (!plainBucketEndpoint(source.endpoint as string)) {
      ctx.fail(
        `${OWNER}: source.endpoint of an inline Bucket must be a host[:port], or an https:// URL of only a host and an optional port, any port in 1-65535; user info, a path, a query, a fragment or http:// is not taken inline (author a bucket, with a secretRef or insecure: true, and reference it)`,
        ['source', 'endpoint'],
      );
    }
  } else if (blank('url') && blank('name')) {
    ctx.fail(`${OWNER}: source requires either source.url (inline) or source.name (reference)`, ['source']);
  }
  const inline = !blank('url') || inlineBucket;
  if (inline && !blank('namespace')) {
    ctx.fail(`${OWNER}: source.namespace is only valid with a reference to an existing source (source.name and no inline source); a generated source is created beside the HelmRelease`, ['source', 'namespace']);
  }
  if (!inlineBucket) {
    for (const key of BUCKET_FIELDS) if (!blank(key)) ctx.fail(`${OWNER}: source.${key} is only valid with an inline source.kind Bucket`, ['source', key]);
  }
  if (source.ref !== undefined && (source.kind !== 'GitRepository' || blank('url'))) ctx.fail(`${OWNER}: source.ref is only valid with an inline source.kind GitRepository`, ['source', 'ref']);

  if (!inline) {
    if (blank('kind')) ctx.fail(`${OWNER}: source.kind is required when source.name is set`, ['source', 'kind']);
    // Not blank: refused just above.
    return { source, kind: source.kind as string, inline };
  }
  if (inlineBucket) return { source, kind: 'Bucket', inline };
  if (source.kind === 'GitRepository') {
    checkGitSource(source, ctx);
    return { source, kind: 'GitRepository', inline };
  }
  // Inline and not a Bucket: the url is set.
  const url = source.url as string;
  refuseUserinfo(url, ctx);
  return { source, kind: inlineChartSourceKind(url, source.kind, props.chart, ctx), inline };
}

/** Names (emit-or-adopt) and builds the generated source of an inline source. */
export function generatedSource(component: string, document: DocumentInfo, source: ChartSource, kind: string, version: string | undefined, ctx: LoweringContext): HelmSource {
  const authored = source.name === undefined || source.name === '' ? undefined : source.name;
  const claim = generatedSourceName(ctx, OWNER, component, document, sourceIdentity(kind, source, version), authored, kind);
  const properties: Record<string, unknown> = {};
  switch (kind) {
    case 'HelmRepository':
      properties.url = source.url;
      break;
    case 'GitRepository':
      properties.url = source.url;
      // checkGitSource required the ref.
      properties.ref = Object.fromEntries(GIT_REF_FIELDS.filter((key) => source.ref![key]).map((key) => [key, source.ref![key]]));
      break;
    case 'Bucket':
      for (const key of BUCKET_FIELDS) if (source[key]) properties[key] = source[key];
      break;
    default:
      properties.url = source.url;
      properties.layerSelector = { mediaType: HELM_CHART_LAYER, operation: 'copy' };
      if (version) properties.ref = { tag: version };
  }
  // The source keeps Flux's own interval, never the release's: its identity says all of its content.
  properties.interval = DEFAULT_FLUX_INTERVAL;
  const emitted = claim.adopted ? undefined : { name: claim.name, type: SOURCE_TYPES[kind], properties };
  return { kind, inline: true, ref: { kind, name: claim.name }, ...(emitted ? { emitted } : {}) };
}

/** The reference's content identities: a HelmRepository's url, an OCI chart's url and version, a Git url and ref, a Bucket's location. */
function sourceIdentity(kind: string, source: ChartSource, version: string | undefined): string {
  switch (kind) {
    case 'OCIRepository':
      return `oci:${source.url}:${version ?? ''}`;
    case 'GitRepository':
      return `git:${goJson({ url: source.url, ref: Object.fromEntries(GIT_REF_FIELDS.filter((key) => source.ref![key]).map((key) => [key, source.ref![key]])) })}`;
    case 'Bucket':
      return `bucket:${goJson({ provider: source.provider ?? '', endpoint: source.endpoint, bucketName: source.bucketName, region: source.region ?? '', prefix: source.prefix ?? '' })}`;
    default:
      return `helm:${source.url}`;
  }
}

function inlineChartSourceKind(url: string, authored: string | undefined, chart: string | undefined, ctx: LoweringContext): string {
  const kind = authored || (url.startsWith('oci://') ? 'OCIRepository' : 'HelmRepository');
  if (kind === 'HelmRepository') {
    if (url.startsWith('oci://')) ctx.fail(`${OWNER}: source.kind HelmRepository is incompatible with oci:// URL`, ['source', 'kind']);
    if (!url.startsWith('https://') && !url.startsWith('http://')) ctx.fail(`${OWNER}: HelmRepository source.url must start with https:// or http://`, ['source', 'url']);
    if (!chart) ctx.fail(`${OWNER}: source.kind HelmRepository requires chart to be specified`, ['chart']);
  } else if (kind === 'OCIRepository') {
    if (!url.startsWith('oci://')) ctx.fail(`${OWNER}: source.kind OCIRepository requires an oci:// URL`, ['source', 'url']);
  } else {
    ctx.fail(`${OWNER}: source.kind "${kind}" is not valid for inline source; must be HelmRepository or OCIRepository`, ['source', 'kind']);
  }
  return kind;
}

/** A credential in an inline URL would land in plain text in the output. The URL is never quoted back. */
function refuseUserinfo(url: string, ctx: LoweringContext): void {
  // Without a scheme there is no authority to carry a user; the kind's own check refuses the URL.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    ctx.fail(`${OWNER}: source.url is not a valid URL`, ['source', 'url']);
  }
  if (parsed.username !== '' || parsed.password !== '' || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url)) {
    ctx.fail(`${OWNER}: source.url must not carry a user or password${USERINFO_REMEDY}`, ['source', 'url']);
  }
}

/** An inline GitRepository: a plain http(s) URL of a host and a repository path, and exactly one ref field. */
function checkGitSource(source: ChartSource, ctx: LoweringContext): void {
  const url = source.url as string;
  if (!url.startsWith('https://') && !url.startsWith('http://')) {
    ctx.fail(`${OWNER}: source.kind GitRepository requires an http:// or https:// URL; an ssh:// repository needs credentials, so author a gitrepository and reference it`, ['source', 'url']);
  }
  if (!plainSourceURL(url, true)) {
    ctx.fail(
      `${OWNER}: source.url of an inline GitRepository must be an http:// or https:// URL of a host, an optional port in 1-65535 and a repository path only; user info, a query or a fragment is not taken inline (author a gitrepository with a secretRef and reference it)`,
      ['source', 'url'],
    );
  }
  const set = GIT_REF_FIELDS.filter((key) => source.ref?.[key]);
  if (set.length === 0) ctx.fail(`${OWNER}: an inline source.kind GitRepository requires source.ref with exactly one of branch, tag, semver, name, commit`, ['source', 'ref']);
  if (set.length > 1) ctx.fail(`${OWNER}: source.ref sets ${set.join(', ')}; an inline GitRepository takes exactly one of branch, tag, semver, name, commit`, ['source', 'ref']);
}

/**
 * Whether a URL is exactly scheme://host[:port][path]: re-assembled from its parts and compared,
 * so user info, a query, a fragment or anything else is refused by construction.
 */
function plainSourceURL(raw: string, withPath: boolean): boolean {
  const match = /^(https?):\/\/([^/?#]*)(.*)$/.exec(raw);
  if (!match) return false;
  const [, , host, rest] = match;
  const hostMatch = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d+))?$/.exec(host);
  if (!hostMatch) return false;
  if (hostMatch[2] !== undefined) {
    const port = Number(hostMatch[2]);
    if (!(port >= 1 && port <= 65535)) return false;
  }
  if (!/^(\/[^?#]*)?$/.test(rest)) return false;
  const hasPath = rest !== '' && rest !== '/';
  return withPath === hasPath;
}

function plainBucketEndpoint(endpoint: string): boolean {
  if (endpoint.includes('://')) return endpoint.startsWith('https://') && plainSourceURL(endpoint, false);
  return plainSourceURL(`https://${endpoint}`, false);
}
