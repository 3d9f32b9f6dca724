import { type ChartRequest, type ChartSourceKind, type PropertiesOf, type PropertiesSchema, type PropertySchema } from 'kurel/plugin-api';
import { isDns1123Subdomain } from 'kurel/plugin-kit';
import { fluxReleaseName, mergeValues, secretValuesProblem } from '../../shared/chart-values.js';
import { scopeOverridesSchema } from '../../shared/scope-overrides.js';

// helmtemplate's properties, and their decoding into the render the host runs. Pure, so that the host is asked
// to render only what the handler will accept, and the handler refuses with the same reading.

export const OWNER = 'helmtemplate';

const freeObject = (description: string) => ({ type: 'object', additionalProperties: true, description }) as const satisfies PropertySchema;
const str = (description: string) => ({ type: 'string', description }) as const satisfies PropertySchema;

/** The properties of a helmtemplate component. */
export const helmTemplateSchema = {
  source: {
    type: 'object',
    required: true,
    description: 'Where the chart is pulled from, or read from on disk.',
    properties: {
      url: {
        type: 'string',
        required: true,
        description:
          'An http(s) Helm repository (with chart), an oci:// URL naming the chart, or a chart folder or packaged .tgz on disk: a path (./chart) or a file:// URL (file://./chart, file:///charts/app-1.0.0.tgz), relative to the folder of app.yaml. Never with a user or password: a client-side render takes no credentials.',
      },
      kind: {
        type: 'string',
        enum: ['HelmRepository', 'OCIRepository', 'LocalChart'],
        description: 'Inferred from the url (oci:// is OCIRepository, a path or file:// is LocalChart); when written it must agree.',
      },
    },
  },
  chart: str('The chart name in a HelmRepository (required there); not used with OCI or a local chart, whose url names the chart.'),
  version: str("The chart version (required for OCI). Pin it: an unpinned chart is cached as first pulled. For a local chart, when written, its Chart.yaml's version must be it."),
  releaseName: str('.Release.Name; default the component name, shortened the Flux way past 53 characters.'),
  values: freeObject('The values the chart is rendered with.'),
  secretValues: freeObject('Values merged over values, never written out and never quoted in an error. A path also set in values is refused, and so is a key named global below the top level.'),
  scopeOverrides: scopeOverridesSchema("The scope of kinds the build does not know, so that one without a namespace is placed. It must agree with a CustomResourceDefinition the chart renders."),
  hookGroupNamePrefix: str('The prefix of the hook-group layouts, <prefix>-NN-<phase>, in place of <application>-<component>; used as written, each name at most 63 characters.'),
  layoutKustomizationName: str("The Flux Kustomization name of the chart's own layout, in place of <bundle>-<component>; at most 63 characters."),
} as const satisfies PropertiesSchema;

/** The properties as the schema admits them. */
export type HelmTemplateProperties = PropertiesOf<typeof helmTemplateSchema>;

export interface ChartProblem {
  message: string;
  path: string[];
}

const USERINFO = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The kind a source url names: a path or a `file://` URL is a chart on disk. */
function inferredKind(url: string): ChartSourceKind {
  if (url.startsWith('oci://')) return 'OCIRepository';
  if (url.startsWith('file://') || !SCHEME.test(url)) return 'LocalChart';
  return 'HelmRepository';
}

const KIND_WORDS: Record<ChartSourceKind, string> = { HelmRepository: 'a HelmRepository', OCIRepository: 'an OCIRepository', LocalChart: 'a LocalChart (a chart on disk)' };

/** The render the properties ask for, or the first reason they are refused. */
export function decodeChart(properties: HelmTemplateProperties, name: string, namespace: string): { request: ChartRequest } | { problem: ChartProblem } {
  const fail = (message: string, path: string[]) => ({ problem: { message: `${OWNER}: ${message}`, path } });
  const { url } = properties.source;
  // The URL is never quoted back: it might carry a credential.
  if (USERINFO.test(url)) return fail('source.url must not carry a user or password; a client-side render takes no credentials', ['source', 'url']);
  const inferred = inferredKind(url);
  const kind = properties.source.kind ?? inferred;
  if (kind !== inferred) return fail(`source.kind ${kind} does not agree with source.url, whose scheme makes it ${KIND_WORDS[inferred]}`, ['source', 'kind']);
  if (kind === 'LocalChart') {
    if (url === '' || url === 'file://') return fail('source.url names no chart: give a chart folder or .tgz, as ./chart or file://./chart', ['source', 'url']);
    if (properties.chart) return fail('chart is not used with a local chart, whose path names it', ['chart']);
  } else if (kind === 'HelmRepository') {
    if (!/^https?:\/\/[^/]/i.test(url)) return fail('HelmRepository source.url must start with https:// or http://', ['source', 'url']);
    if (!properties.chart) return fail('source.kind HelmRepository requires chart to be specified', ['chart']);
  } else {
    if (!/^oci:\/\/[^/]+\/./.test(url)) return fail('source.url of an OCIRepository must name a registry and the chart: oci://<registry>/<path>/<chart>', ['source', 'url']);
    if (properties.chart) return fail('chart is not used with source.kind OCIRepository, whose url names the chart', ['chart']);
    if (!properties.version) return fail('source.kind OCIRepository requires version to be specified', ['version']);
  }
  if (kind !== 'LocalChart') {
    try {
      new URL(url.replace(/^oci:/, 'https:'));
    } catch {
      return fail('source.url is not a valid URL', ['source', 'url']);
    }
  }

  const release = properties.releaseName ?? fluxReleaseName(name);
  if (!isDns1123Subdomain(release) || release.length > 53) {
    const origin = properties.releaseName === undefined ? `the default release name "${release}", derived from the component name "${name}" as Flux derives a HelmRelease's,` : `releaseName "${release}"`;
    return fail(`${origin} must be a DNS-1123 subdomain of at most 53 characters, as a Helm release name is${properties.releaseName === undefined ? '; set releaseName' : ''}`, ['releaseName']);
  }

  const values = properties.values ?? {};
  const request: ChartRequest = { source: { url, kind }, release, namespace, values };
  if (properties.chart) request.chart = properties.chart;
  if (properties.version) request.version = properties.version;
  const secrets = properties.secretValues;
  if (secrets !== undefined && Object.keys(secrets).length > 0) {
    const problem = secretValuesProblem(properties.values, secrets);
    if (problem) return fail(problem.message, problem.path);
    request.values = mergeValues(values, secrets);
    request.withoutSecrets = values;
  }
  return { request };
}

/** How the chart is named for a reader: `<repository>/<chart>`, or the OCI URL or local path. */
export function chartName(request: ChartRequest): string {
  return request.source.kind !== 'HelmRepository' ? request.source.url : `${request.source.url.replace(/\/+$/, '')}/${request.chart}`;
}
