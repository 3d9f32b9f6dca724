import { defineComponentLowering, isHandlerError, type AuthoredComponent, type LoweringContext } from 'kurel/plugin-api';
import { isDns1123Subdomain } from 'kurel/plugin-kit';
import { CHART_TEMPLATE_KINDS, checkSource, generatedSource, type HelmSource } from './helm-source.js';
import { HELM_SOURCE_ROLE } from './generated-source.js';
import { fluxReleaseName } from '../shared/chart-values.js';
import { lowerToTemplate, TEMPLATE_ONLY_KEYS } from './helm-template-delivery.js';
import { checkSecretValues, valuesConfigMap, valuesSecret } from './helm-values.js';
import { helmProperties, type HelmProperties } from './helm-properties.js';

// The helm role: a chart installed by Flux. `delivery: flux` lowers to a helmrelease kind
// component under the component's name, and, for an inline source, to a generated Flux source
// component shared by every helm component of the document that describes the same source.

const OWNER = 'helm';
const DEFAULT_INTERVAL = '60m';

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
    const props = component.properties;
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
