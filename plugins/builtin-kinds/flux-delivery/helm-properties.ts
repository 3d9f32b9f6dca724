import type { PropertiesOf, PropertySchema } from 'kurel/plugin-api';
import { schemaBuilders } from 'kurel/plugin-kit';
import { helm as helmKinds } from '../families/flux/helmrelease.js';
import { once } from '../shared/lazy.js';
import { scopeOverridesSchema } from '../shared/scope-overrides.js';

const { object, oneOf, str } = schemaBuilders;

// The helm rule's properties: its schema, and the types the rule and its helpers read them as once
// the engine has checked them against it.

/** The fields of an inline GitRepository's ref, exactly one of which is set. */
export const GIT_REF_FIELDS = ['branch', 'tag', 'semver', 'name', 'commit'] as const;

/** The source kinds a chart comes from. */
const SOURCE_KINDS = ['HelmRepository', 'GitRepository', 'Bucket', 'OCIRepository', 'HelmChart'];

/** What only a chart rendered at build time reads. */
const TEMPLATE_SCHEMA = {
  scopeOverrides: scopeOverridesSchema('The scope of kinds the build does not know.'),
};

/** A field of the HelmRelease spec, read from the kind's schema when the rule's properties are first read. */
const releaseField = <const T extends 'object' | 'array'>(key: string, type: T, description: string) => ({
  ...helmKinds.find((handler) => handler.type === 'helmrelease')!.properties[key],
  // The field's own type, said again so that the rule's input type reads it.
  type,
  description,
});
const freeObject = (description: string) => ({ type: 'object', additionalProperties: true, description }) as const satisfies PropertySchema;

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

export const helmProperties = once(() => ({
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
  driftDetection: releaseField('driftDetection', 'object', 'How drift between the release and the cluster is detected and corrected (HelmRelease spec.driftDetection).'),
  install: releaseField('install', 'object', 'The Helm install action (HelmRelease spec.install).'),
  upgrade: releaseField('upgrade', 'object', 'The Helm upgrade action (HelmRelease spec.upgrade).'),
  valuesFrom: releaseField('valuesFrom', 'array', 'More ConfigMaps and Secrets the values are read from, after the generated ones.'),
  scopeOverrides: { ...TEMPLATE_SCHEMA.scopeOverrides, description: 'delivery: template only. The scope of kinds the build does not know, so that a rendered one without a namespace is placed.' },
  hookGroupNamePrefix: str('delivery: template only. The prefix of the hook-group layouts, <prefix>-NN-<phase>, in place of <application>-<component>.'),
  layoutKustomizationName: str("delivery: template only. The Flux Kustomization name of the chart's own layout, in place of <bundle>-<component>."),
}));


/** The properties as the schema admits them, defaults applied. */
export type HelmProperties = PropertiesOf<ReturnType<typeof helmProperties>>;

/** Where the chart comes from: a reference to an existing source, or an inline one. */
export type ChartSource = HelmProperties['source'];

/** A key of the helm properties. */
export type HelmKey = keyof HelmProperties;
