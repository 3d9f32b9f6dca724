import { createHash } from 'node:crypto';
import { defineComponentLowering, shortenName, type AuthoredComponent, type AuthoredTrait, type LoweringContext, type PropertySchema } from 'kurel/plugin-api';
import { stringify } from 'yaml';
import { helm as helmKinds } from '../builtin-kinds/families/flux/helmrelease.js';
import type { Json } from './metadata.js';
import { object, oneOf, str } from './schema-helpers.js';

// The helm role: a chart installed by Flux. `delivery: flux` lowers to a helmrelease kind
// component under the component's name, and, for an inline source, to a generated Flux source
// component shared by every helm component of the document that describes the same source.

const SOURCE_KINDS = ['HelmRepository', 'GitRepository', 'Bucket', 'OCIRepository', 'HelmChart'];
/** Source kinds a HelmRelease reaches through chart.spec.sourceRef; the others go through chartRef. */
const CHART_TEMPLATE_KINDS = new Set(['HelmRepository', 'GitRepository', 'Bucket']);
const SOURCE_TYPES: Record<string, string> = {
  HelmRepository: 'helmrepository',
  GitRepository: 'gitrepository',
  Bucket: 'bucket',
  OCIRepository: 'ocirepository',
};
/** The media type of a Helm chart layer in an OCI artifact. */
const HELM_CHART_LAYER = 'application/vnd.cncf.helm.chart.content.v1.tar+gzip';

const releaseSchema = helmKinds.find((handler) => handler.type === 'helmrelease')!.properties;
const releaseField = (key: string, description: string): PropertySchema => ({ ...releaseSchema[key], description });
const freeObject = (description: string): PropertySchema => ({ type: 'object', additionalProperties: true, description });

const sourceSchema = object(
  'Where the chart comes from: an existing Flux source (name, with kind and namespace) or an inline one (url, or a bucket) generated beside the release.',
  {
    url: str('The URL of an inline source: https:// (HelmRepository), oci:// (OCIRepository, or HelmRepository of type oci with kind HelmRepository), or a Git URL with kind GitRepository.'),
    kind: oneOf(SOURCE_KINDS, 'The source kind. Inline default: OCIRepository for an oci:// URL, Bucket with bucketName, else HelmRepository. Reference default: HelmRepository.'),
    name: str('Alone: the existing source to use. Beside an inline source: the name of the generated one.'),
    namespace: str('The namespace of the existing source (reference only).'),
    ref: object('The Git reference of an inline GitRepository: exactly one field.', {
      branch: str('The branch to check out.'),
      tag: str('The tag to check out.'),
      semver: str('A semver range of tags.'),
      name: str('A Git reference name (refs/heads/main).'),
      commit: str('A commit SHA.'),
    }),
    endpoint: str('The endpoint of an inline Bucket (host, without scheme).'),
    bucketName: str('The bucket name of an inline Bucket.'),
    provider: oneOf(['generic', 'aws', 'gcp', 'azure'], 'The provider of an inline Bucket.'),
    region: str('The region of an inline Bucket.'),
    prefix: str('The object key prefix of an inline Bucket.'),
  },
  { required: true },
);

type Source = { kind: string; name: string; namespace?: string };

export const helmRule = defineComponentLowering({
  type: 'helm',
  description: 'A Helm chart installed by Flux: a HelmRelease, the values ConfigMap and Secret it reads, and a generated source for an inline one.',
  example: { chart: 'redis', version: '18.6.1', source: { url: 'https://charts.bitnami.com/bitnami' }, values: { auth: { enabled: false } } },
  contract: { family: 'helm', version: 'v1alpha1' },
  targets: { componentTypes: ['helmrelease', 'helmrepository', 'ocirepository', 'gitrepository', 'bucket'], traitTypes: ['configmap', 'secret'] },
  hints: {
    scopeOverrides: 'it belongs to delivery: template, which renders the chart at build time and is not available yet',
    hookGroupNamePrefix: 'it belongs to delivery: template (a Flux HelmRelease makes no hook-group layout), which is not available yet',
  },
  properties: {
    chart: str('The chart name (HelmRepository) or path (GitRepository, Bucket). Required with those sources; refused with OCIRepository and HelmChart.'),
    version: str('The chart version or semver range (HelmRepository), or the tag of an inline oci:// source. Refused with Git and Bucket sources and a referenced OCIRepository or HelmChart.'),
    delivery: oneOf(['flux', 'template'], 'flux: a Flux HelmRelease installs the chart in the cluster. template (render at build time) is not available yet.', { default: 'flux' }),
    source: sourceSchema,
    values: freeObject('The Helm values.'),
    secretValues: freeObject('Helm values kept in a Secret the release reads through valuesFrom. A path also set in values is refused, and so is a global key.'),
    valuesMode: oneOf(['inline', 'configMap'], 'inline: values on the HelmRelease; configMap: values in a ConfigMap the release reads through valuesFrom.', { default: 'inline' }),
    valuesConfigMapName: str('The name of the values ConfigMap (valuesMode: configMap), used as written; default <component>-values-<hash>.'),
    valuesSecretName: str('The name of the secretValues Secret, used as written; default <component>-secret-values-<hash>.'),
    interval: str('How often the release (and a generated source) is reconciled.', { default: '60m' }),
    releaseName: str('The Helm release name; default the component name, shortened the Flux way past 53 characters.'),
    targetNamespace: str('The namespace the release is installed in; the HelmRelease namespace when empty.'),
    driftDetection: releaseField('driftDetection', 'How drift between the release and the cluster is detected and corrected (HelmRelease spec.driftDetection).'),
    install: releaseField('install', 'The Helm install action (HelmRelease spec.install).'),
    upgrade: releaseField('upgrade', 'The Helm upgrade action (HelmRelease spec.upgrade).'),
    valuesFrom: releaseField('valuesFrom', 'More ConfigMaps and Secrets the values are read from, after the generated ones.'),
  },
  lower({ component, document }, ctx) {
    const props = component.properties as Json;
    if (props.delivery === 'template') {
      ctx.fail('delivery: template renders the chart at build time, which kurel cannot do yet; use delivery: flux', ['delivery']);
    }
    const components: AuthoredComponent[] = [];
    const source = resolveSource(props, document.name, ctx, components);

    const release: Json = { interval: props.interval };
    if (CHART_TEMPLATE_KINDS.has(source.ref.kind)) {
      const spec: Json = { chart: props.chart };
      if (props.version !== undefined) spec.version = props.version;
      spec.sourceRef = source.ref;
      release.chart = { spec };
    } else {
      release.chartRef = source.ref;
    }
    const releaseName = props.releaseName ?? defaultReleaseName(component.name, props.targetNamespace);
    if (releaseName !== undefined) release.releaseName = releaseName;
    for (const key of ['targetNamespace', 'driftDetection', 'install', 'upgrade']) if (props[key] !== undefined) release[key] = props[key];

    const traits: AuthoredTrait[] = [];
    const valuesFrom: Json[] = [];
    const values = props.values as Json | undefined;
    const secretValues = props.secretValues as Json | undefined;
    if (secretValues !== undefined) checkSecretValues(values ?? {}, secretValues, ctx);
    if (values !== undefined && Object.keys(values).length > 0) {
      if (props.valuesMode === 'configMap') {
        const text = valuesYaml(values);
        const name = valuesObjectName(component.name, 'values', props.valuesConfigMapName, text, ctx);
        traits.push({ type: 'configmap', properties: { name, data: { 'values.yaml': text } } });
        valuesFrom.push({ kind: 'ConfigMap', name, valuesKey: 'values.yaml' });
      } else {
        release.values = values;
      }
    }
    if (secretValues !== undefined && Object.keys(secretValues).length > 0) {
      const text = valuesYaml(secretValues);
      const name = valuesObjectName(component.name, 'secret-values', props.valuesSecretName, text, ctx);
      traits.push({ type: 'secret', properties: { name, stringData: { 'values.yaml': text } } });
      valuesFrom.push({ kind: 'Secret', name, valuesKey: 'values.yaml' });
    }
    valuesFrom.push(...((props.valuesFrom as Json[] | undefined) ?? []));
    if (valuesFrom.length > 0) release.valuesFrom = valuesFrom;

    const member: AuthoredComponent = { name: component.name, type: 'helmrelease', properties: release, traits: [...traits, ...(component.traits ?? [])] };
    if (component.annotations !== undefined) member.annotations = component.annotations;
    if (source.generated) member.orderAfter = [source.ref.name];
    return { components: [...components, member] };
  },
});

/**
 * The source the release reads: an existing one by reference, or an inline one emitted as a
 * Flux source component (once per document and content; a later claim adopts it).
 */
function resolveSource(props: Json, documentName: string, ctx: LoweringContext, out: AuthoredComponent[]): { ref: Source; generated: boolean } {
  const source = (props.source ?? {}) as Json;
  const bucketFields = ['endpoint', 'bucketName', 'region', 'prefix', 'provider'].filter((key) => source[key] !== undefined);
  const inline = source.url !== undefined || bucketFields.length > 0;
  if (!inline) {
    if (source.name === undefined) ctx.fail('source: give url (an inline source) or name (an existing source)', ['source']);
    if (source.ref !== undefined) ctx.fail('source.ref: only an inline GitRepository takes a ref', ['source', 'ref']);
    const kind = (source.kind as string | undefined) ?? 'HelmRepository';
    checkChartAndVersion(kind, false, props, ctx);
    const ref: Source = { kind, name: source.name };
    if (source.namespace !== undefined) ref.namespace = source.namespace;
    return { ref, generated: false };
  }

  if (source.namespace !== undefined) ctx.fail('source.namespace: only a reference to an existing source takes a namespace; an inline source is generated in the document', ['source', 'namespace']);
  const url = source.url as string | undefined;
  const kind = (source.kind as string | undefined) ?? (bucketFields.length > 0 ? 'Bucket' : url!.startsWith('oci://') ? 'OCIRepository' : 'HelmRepository');
  if (kind === 'HelmChart') ctx.fail('source.kind: a HelmChart is only referenced (name, without url); an inline source is a HelmRepository, OCIRepository, GitRepository or Bucket', ['source', 'kind']);
  if (kind !== 'Bucket' && bucketFields.length > 0) ctx.fail(`source.${bucketFields[0]}: only an inline Bucket takes it, not a ${kind}`, ['source', bucketFields[0]]);
  if (kind !== 'GitRepository' && source.ref !== undefined) ctx.fail(`source.ref: only an inline GitRepository takes a ref, not a ${kind}`, ['source', 'ref']);
  checkChartAndVersion(kind, true, props, ctx);

  const spec: Json = {};
  switch (kind) {
    case 'HelmRepository':
      if (url === undefined) ctx.fail('source.url: an inline HelmRepository needs its URL', ['source', 'url']);
      spec.url = url;
      if (url.startsWith('oci://')) spec.type = 'oci';
      break;
    case 'OCIRepository':
      if (url === undefined || !url.startsWith('oci://')) ctx.fail(`source.url: an inline OCIRepository needs an oci:// URL, got ${JSON.stringify(url ?? '')}`, ['source', 'url']);
      spec.url = url;
      if (props.version !== undefined) spec.ref = { tag: props.version };
      spec.layerSelector = { mediaType: HELM_CHART_LAYER, operation: 'copy' };
      break;
    case 'GitRepository': {
      if (url === undefined) ctx.fail('source.url: an inline GitRepository needs its URL', ['source', 'url']);
      const ref = (source.ref ?? {}) as Json;
      const set = Object.keys(ref).filter((key) => ref[key] !== undefined);
      if (set.length !== 1) ctx.fail(`source.ref: an inline GitRepository takes exactly one of branch, tag, semver, name or commit, got ${set.length}`, ['source', 'ref']);
      spec.url = url;
      spec.ref = ref;
      break;
    }
    case 'Bucket':
      if (url !== undefined) ctx.fail('source.url: an inline Bucket is given by endpoint and bucketName, not a URL', ['source', 'url']);
      for (const key of ['bucketName', 'endpoint']) if (source[key] === undefined) ctx.fail(`source.${key}: an inline Bucket needs it`, ['source', key]);
      for (const key of ['provider', 'bucketName', 'endpoint', 'region', 'prefix']) if (source[key] !== undefined) spec[key] = source[key];
      break;
  }
  spec.interval = props.interval;

  const type = SOURCE_TYPES[kind];
  const identity = JSON.stringify({ type, spec });
  const claim = ctx.resolveSharedName(documentName, `source-${digest(identity)}`, identity, {
    role: 'helm-source',
    kind: `${kind}.source.toolkit.fluxcd.io`,
    authored: source.name as string | undefined,
    property: 'source.name',
  });
  if (!claim.adopted) out.push({ name: claim.name, type, properties: spec });
  return { ref: { kind, name: claim.name }, generated: true };
}

/** chart and version against the source kind (§2.14). */
function checkChartAndVersion(kind: string, inline: boolean, props: Json, ctx: LoweringContext): void {
  if (CHART_TEMPLATE_KINDS.has(kind)) {
    if (props.chart === undefined) ctx.fail(`chart: required with a ${kind} source`, ['chart']);
  } else if (props.chart !== undefined) {
    ctx.fail(`chart: ${article(kind)} ${kind} source holds one chart; chart is not taken`, ['chart']);
  }
  if (props.version === undefined) return;
  if (kind === 'GitRepository' || kind === 'Bucket') ctx.fail(`version: a ${kind} source has no chart versions; the chart at its path is used`, ['version']);
  if (!inline && (kind === 'OCIRepository' || kind === 'HelmChart')) {
    ctx.fail(`version: the referenced ${kind} fixes the chart version; version is not taken`, ['version']);
  }
}

/** A path set in both values and secretValues, and a global key in secretValues, are refused. */
function checkSecretValues(values: Json, secretValues: Json, ctx: LoweringContext): void {
  if (Object.hasOwn(secretValues, 'global')) {
    ctx.fail('secretValues.global: global values are shared with every subchart; keep them in values', ['secretValues', 'global']);
  }
  const walk = (secret: Json, plain: Json, path: string[]): void => {
    for (const [key, value] of Object.entries(secret)) {
      if (!Object.hasOwn(plain, key)) continue;
      const other = plain[key];
      if (isObject(value) && isObject(other)) walk(value, other, [...path, key]);
      else ctx.fail(`secretValues.${[...path, key].join('.')}: also set in values; set each value in one of them`, ['secretValues', ...path, key]);
    }
  };
  walk(secretValues, values, []);
}

function article(word: string): string {
  return /^[AEIOU]/.test(word) ? 'an' : 'a';
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Values as a values.yaml file, keys sorted as go-yaml writes them. */
function valuesYaml(values: Json): string {
  return stringify(values, { sortMapEntries: true });
}

/** The values ConfigMap's or Secret's name under its role: the authored one, else `<component>-<suffix>-<digest>`. */
function valuesObjectName(componentName: string, suffix: 'values' | 'secret-values', authored: string | undefined, text: string, ctx: LoweringContext): string {
  const role = suffix === 'values' ? 'values-configmap' : 'values-secret';
  const spec = {
    role,
    kind: suffix === 'values' ? 'ConfigMap' : 'Secret',
    default: shortenName(`${componentName}-${suffix}-${digest(text)}`, 253),
    authored,
    property: suffix === 'values' ? 'valuesConfigMapName' : 'valuesSecretName',
  } as const;
  return ctx.namer.reserve(ctx.resolveName(spec));
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

/** Helm release names are at most 53 characters; Flux shortens a longer one to 40 characters and a digest. */
function fluxReleaseName(name: string): string {
  if (name.length <= 53) return name;
  return `${name.slice(0, 40)}-${createHash('sha256').update(name).digest('hex').slice(0, 12)}`;
}

/**
 * The component name is the release name. Flux would name the release `<targetNamespace>-<name>`
 * and shorten a long one itself, so the name is written only when either would change it.
 */
function defaultReleaseName(name: string, targetNamespace: string | undefined): string | undefined {
  if (name.length <= 53 && targetNamespace === undefined) return undefined;
  return fluxReleaseName(name);
}
