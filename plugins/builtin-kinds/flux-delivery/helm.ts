import { defineComponentLowering, isHandlerError, type AuthoredComponent, type LoweringContext, type PropertySchema } from 'kurel/plugin-api';
import { isDns1123Subdomain, schemaBuilders } from 'kurel/plugin-kit';
import { helm as helmKinds } from '../families/flux/helmrelease.js';
import { CHART_TEMPLATE_KINDS, checkSource, generatedSource, SOURCE_KINDS, type HelmSource } from './helm-source.js';
import { HELM_SOURCE_ROLE } from './generated-source.js';
import { fluxReleaseName } from '../shared/chart-values.js';
import { once } from '../shared/lazy.js';
import { lowerToTemplate, TEMPLATE_ONLY_KEYS, TEMPLATE_SCHEMA } from './helm-template-delivery.js';
import { checkSecretValues, valuesConfigMap, valuesSecret } from './helm-values.js';
import type { HelmProperties } from './helm-properties.js';

const { object, oneOf, str } = schemaBuilders;

// The helm role: a chart installed by Flux. `delivery: flux` lowers to a helmrelease kind
// component under the component's name, and, for an inline source, to a generated Flux source
// component shared by every helm component of the document that describes the same source.

const OWNER = 'helm';
const DEFAULT_INTERVAL = '60m';

/** A field of the HelmRelease spec, read from the kind's schema when the rule's properties are first read. */
const releaseField = (key: string, description: string): PropertySchema => ({ ...helmKinds.find((handler) => handler.type === 'helmrelease')!.properties[key], description });
const freeObject = (description: string): PropertySchema => ({ type: 'object', additionalProperties: true, description });

const sourceSchema = object(
  'Where the chart comes from: an existing Flux source (name, with kind and namespace) or an inline one (url, or a bucket) generated beside the release.',
  {
    url: str('The URL of an inline source: an http:// or https:// Helm repository, an oci:// URL naming the chart (OCIRepository), or with kind GitRepository an http:// or https:// Git repository. Never with a user or password: author a source with a secretRef and reference it.'),
    kind: oneOf(SOURCE_KINDS, 'The source kind. Inline, inferred from the url when unset (oci:// is OCIRepository, else HelmRepository) and agreeing with it; GitRepository and Bucket are set. With name alone (a reference) it is required.'),
    name: str('Alone: the existing source to reference. Beside an inline source: the name of the generated source in place of <document>-source-<digest>, used as written; it must differ from every component name, and components that write one name share the source when its content is the same.'),
    namespace: str('The namespace of the existing source (reference only).'),
    ref: object('The Git reference of an inline GitRepository: exactly one field.', {
      branch: str('The branch to check out.'),
      tag: str('The tag to check out.'),
      semver: str('A semver range of tags.'),
      name: str('A Git reference name (refs/heads/main).'),
      commit: str('A commit SHA.'),
    }),
    endpoint: str('The endpoint of an inline Bucket: a host[:port], or an https:// URL of a host and port only.'),
    bucketName: str('The bucket name of an inline Bucket.'),
    provider: oneOf(['generic', 'aws', 'gcp', 'azure'], 'The provider of an inline Bucket.'),
    region: str('The region of an inline Bucket.'),
    prefix: str('The object key prefix of an inline Bucket.'),
  },
  { required: true },
);

const helmProperties = once(() => ({
  chart: str('The chart name (HelmRepository) or path (GitRepository, Bucket). Required with those sources; refused with OCIRepository and HelmChart.'),
  version: str('The chart version or semver range (HelmRepository), or the tag of an inline oci:// source. Refused with Git and Bucket sources and a referenced OCIRepository or HelmChart.'),
  delivery: oneOf(['flux', 'template'], 'flux: a Flux HelmRelease installs the chart in the cluster. template: the chart is rendered at build time (a helmtemplate component) and its objects are written as plain manifests.', { default: 'flux' }),
  source: sourceSchema,
  values: freeObject('The Helm values.'),
  secretValues: freeObject('Helm values kept out of the HelmRelease: a Secret (base64, not encrypted) the release reads through valuesFrom, after the values ConfigMap. A path also set in values is refused, and so is a key named global below the top level.'),
  valuesMode: oneOf(['inline', 'configMap'], 'inline (the default): values on the HelmRelease; configMap: values in a ConfigMap the release reads through valuesFrom. Flux only.'),
  valuesConfigMapName: str('The name of the values ConfigMap (valuesMode: configMap), used as written, with no hash; default <component>-values-<hash>. Refused without valuesMode: configMap or with empty values.'),
  valuesSecretName: str('The name of the secretValues Secret, used as written, with no hash; default <component>-secret-values-<hash>. Refused with empty secretValues.'),
  interval: str('How often the HelmRelease is reconciled; default 60m. A generated source keeps its own default, 60m. Flux only.'),
  releaseName: str('The Helm release name; default the component name, shortened the Flux way past 53 characters.'),
  helmReleaseName: str("The name of the HelmRelease object, in place of the component name. The Helm release keeps the component's name (or releaseName), and so do the values ConfigMap and Secret."),
  targetNamespace: str('The namespace the release is installed in; the HelmRelease namespace when empty.'),
  driftDetection: releaseField('driftDetection', 'How drift between the release and the cluster is detected and corrected (HelmRelease spec.driftDetection).'),
  install: releaseField('install', 'The Helm install action (HelmRelease spec.install).'),
  upgrade: releaseField('upgrade', 'The Helm upgrade action (HelmRelease spec.upgrade).'),
  valuesFrom: releaseField('valuesFrom', 'More ConfigMaps and Secrets the values are read from, after the generated ones.'),
  scopeOverrides: { ...TEMPLATE_SCHEMA.scopeOverrides, description: 'delivery: template only. The scope of kinds the build does not know, so that a rendered one without a namespace is placed.' },
  hookGroupNamePrefix: str('delivery: template only. The prefix of the hook-group layouts, <prefix>-NN-<phase>, in place of <application>-<component>.'),
  layoutKustomizationName: str("delivery: template only. The Flux Kustomization name of the chart's own layout, in place of <bundle>-<component>."),
}));

export const helmRule = defineComponentLowering({
  type: 'helm',
  nameRoles: [
    HELM_SOURCE_ROLE,
    { role: 'values-configmap', names: "a helm component's values ConfigMap", default: '<component>-values-<hash>', property: 'valuesConfigMapName', syntax: 'subdomain' },
    { role: 'values-secret', names: "a helm component's values Secret", default: '<component>-secret-values-<hash>', property: 'valuesSecretName', syntax: 'subdomain' },
    { role: 'helm-release', names: "a helm component's HelmRelease", default: 'the component name', property: 'helmReleaseName', syntax: 'subdomain' },
  ],
  description: 'A Helm chart installed by Flux: a HelmRelease, the values ConfigMap and Secret it reads, and a generated source for an inline one.',
  example: { chart: 'redis', version: '18.6.1', source: { url: 'https://charts.bitnami.com/bitnami' }, values: { auth: { enabled: false } } },
  contract: { family: 'helm', version: 'v1alpha1' },
  targets: { componentTypes: ['helmtemplate', 'helmrelease', 'helmrepository', 'ocirepository', 'gitrepository', 'bucket'], traitTypes: ['configmap', 'secret'] },
  // Read on first use: the HelmRelease fields come from its generated schema, which a build
  // without a helm component need not load.
  get properties() {
    return helmProperties();
  },
  lower({ component, document }, ctx) {
    // The engine checked the properties against the rule's schema, which HelmProperties spells out.
    const props = component.properties as unknown as HelmProperties;
    if (props.delivery === 'template') return { components: [lowerToTemplate(component, props, ctx)] };
    for (const key of TEMPLATE_ONLY_KEYS) {
      if (props[key] !== undefined) ctx.fail(`${OWNER}: ${key} is only used with delivery: template, which renders the chart at build time; a HelmRelease installs the chart in the cluster, where it names nothing`, [key]);
    }
    const secretValues = props.secretValues;
    const values = props.values;
    if (secretValues !== undefined) checkSecretValues(values, secretValues, ctx);
    if (props.valuesConfigMapName !== undefined && props.valuesMode !== 'configMap') {
      ctx.fail(`${OWNER}: valuesConfigMapName: names the values ConfigMap, and valuesMode is not configMap, so none is generated; remove it, or set valuesMode: configMap`, ['valuesConfigMapName']);
    }
    const { source, kind, inline } = checkSource(props, ctx);
    checkChartAndVersion(kind, inline, props, ctx);

    // The generated valuesFrom entries go ahead of the authored ones, the ConfigMap's first, so an
    // authored entry still wins on a shared key (Flux merges valuesFrom in order).
    const secret = valuesSecret(component.name, secretValues, props.valuesSecretName, ctx);
    if (secret === undefined && props.valuesSecretName !== undefined) {
      ctx.fail(`${OWNER}: valuesSecretName: names the values Secret, and secretValues is empty, so none is generated; remove it, or set secretValues`, ['valuesSecretName']);
    }
    const configMap = props.valuesMode === 'configMap' ? valuesConfigMap(component.name, values, props.valuesConfigMapName, ctx) : undefined;
    if (props.valuesMode === 'configMap' && configMap === undefined && props.valuesConfigMapName !== undefined) {
      ctx.fail(`${OWNER}: valuesConfigMapName: names the values ConfigMap, and values is empty, so none is generated; remove it, or set values`, ['valuesConfigMapName']);
    }

    // Every refusal is above: the source name is claimed only for a component that lowers.
    const resolved: HelmSource = inline
      ? generatedSource(component.name, document, source, kind, props.version, ctx)
      : // A reference: checkSource refused a blank source.name.
        { kind, inline, ref: { kind, name: source.name as string, ...(source.namespace ? { namespace: source.namespace } : {}) } };

    const release: Record<string, unknown> = { interval: props.interval ?? DEFAULT_INTERVAL };
    if (CHART_TEMPLATE_KINDS.has(kind)) {
      const spec: Record<string, unknown> = { chart: props.chart };
      if (props.version) spec.version = props.version;
      spec.sourceRef = resolved.ref;
      // Flux builds a new chart from a Git or Bucket source only when the chart version changes,
      // unless told to follow the revision: a chart on a moving branch would otherwise never deploy.
      if (kind === 'GitRepository' || kind === 'Bucket') spec.reconcileStrategy = 'Revision';
      release.chart = { spec };
    } else {
      release.chartRef = resolved.ref;
    }
    const releaseName = props.releaseName ?? defaultReleaseName(component.name, props.targetNamespace, ctx);
    if (releaseName !== undefined) release.releaseName = releaseName;
    for (const key of ['targetNamespace', 'driftDetection', 'install', 'upgrade'] as const) if (props[key] !== undefined) release[key] = props[key];
    if (props.valuesMode !== 'configMap' && values !== undefined && Object.keys(values).length > 0) release.values = values;
    const generated = [configMap, secret].filter((entry) => entry !== undefined);
    const valuesFrom = [...generated.map((entry) => entry.valuesFrom), ...(props.valuesFrom ?? [])];
    if (valuesFrom.length > 0) release.valuesFrom = valuesFrom;

    const member: AuthoredComponent = { name: component.name, type: 'helmrelease', properties: release, traits: [...generated.map((entry) => entry.trait), ...(component.traits ?? [])] };
    nameRelease(member, props.helmReleaseName, ctx);
    if (component.annotations !== undefined) member.annotations = component.annotations;
    // The release is applied after the source generated for it, its own or one another helm
    // component of the document emitted. A source the author wrote is the author's to order.
    if (resolved.inline) member.orderAfter = [resolved.ref.name];
    return { components: resolved.emitted ? [resolved.emitted, member] : [member] };
  },
});

/** Names the HelmRelease under role helm-release: the author's name, else the Naming hook's, else the component name. */
function nameRelease(member: AuthoredComponent, authored: string | undefined, ctx: LoweringContext): void {
  try {
    ctx.resolveMemberName(member, { role: 'helm-release', authored, property: 'helmReleaseName' });
  } catch (error) {
    if (isHandlerError(error)) ctx.fail(`${OWNER}: naming the HelmRelease: ${error.message}`, error.path);
    throw error;
  }
}

/** chart and version against the source kind (§2.14), with the reference's texts. */
function checkChartAndVersion(kind: string, inline: boolean, props: HelmProperties, ctx: LoweringContext): void {
  if (CHART_TEMPLATE_KINDS.has(kind) && !props.chart) ctx.fail(`${OWNER}: source.kind ${kind} requires chart to be specified`, ['chart']);
  if ((kind === 'GitRepository' || kind === 'Bucket') && props.version) {
    ctx.fail(`${OWNER}: version is not used with source.kind ${kind}, whose chart is read at the source's fetched revision`, ['version']);
  }
  if (!CHART_TEMPLATE_KINDS.has(kind)) {
    if (props.chart) ctx.fail(`${OWNER}: chart is not used with source.kind ${kind}, which already names the chart`, ['chart']);
    if (props.version && !inline) ctx.fail(`${OWNER}: version is not used with a referenced source.kind ${kind}, which already pins the chart version`, ['version']);
  }
}

/**
 * The component name is the release name. Flux would name the release `<targetNamespace>-<name>`
 * and shorten a long one itself, so the name is written only when either would change it. A
 * shortened name that Helm refuses (a dotted name cut just after a dot) is refused.
 */
function defaultReleaseName(name: string, targetNamespace: string | undefined, ctx: LoweringContext): string | undefined {
  if (name.length <= 53 && targetNamespace === undefined) return undefined;
  const shortened = fluxReleaseName(name);
  if (!isDns1123Subdomain(shortened)) {
    ctx.fail(
      `${OWNER}: the default release name "${shortened}", derived from the component name "${name}" as Flux derives a HelmRelease's, must be a DNS-1123 subdomain of at most 53 characters, as a Helm release name is; set releaseName`,
      ['releaseName'],
    );
  }
  return shortened;
}
