import { createHash } from 'node:crypto';
import { type ComponentHandler, type JsonObject } from 'kurel/plugin-api';
import { defineKind } from 'kurel/plugin-kit';
import { bool, duration, int, json, list, str, stringMap, strings, struct, type GoField, goTypedProperties, refuseTogether } from '../../shared/go-typed-schemas.js';
import { commonMetadata, helmReleaseReads, crossNamespaceRef, dependency, kubeConfig, kustomizeImages, kustomizePatches, kustomizeSelector, localRef } from './common.js';
import { helmToolkitFluxcdIoV2 } from '../../generated/flux-helm-controller/index.js';
import { crdSpec } from '../../shared/crd-spec.js';
import { commonMetadata as commonMetadataHolder } from '../../shared/metadata-holders.js';

// The Flux Helm API (helm.toolkit.fluxcd.io/v2). What an author may write is generated from
// fluxcd/helm-controller's CRD (crds/flux-helm-controller); the Go fields below say how
// HelmReleaseSpec and the types it holds print what was authored.

const timeout = (what: string) => duration(`The timeout of ${what}.`, { pointer: true });
const crds = (description: string) => str(`${description}: Skip, Create or CreateReplace.`, { enum: ['Skip', 'Create', 'CreateReplace'] });
const boolPtr = (description: string) => bool(description, { emit: 'pointer' });

const actionFlags = (action: string): Record<string, GoField> => ({
  disableWait: bool(`Whether the ${action} does not wait for the resources to be ready.`),
  disableWaitForJobs: bool(`Whether the ${action} does not wait for the Jobs to complete.`),
  disableHooks: bool(`Whether the ${action} runs no hooks.`),
});

const remediation = (action: string, extra: Record<string, GoField> = {}) =>
  struct(`What is done when the ${action} fails.`, {
    retries: int(`How many times the ${action} is retried after a failure; negative for no limit.`),
    ignoreTestFailures: boolPtr('Whether failing tests are ignored.'),
    remediateLastFailure: boolPtr('Whether the last failure is remediated when no retries remain.'),
    ...extra,
  });

const strategy = (description: string, names: string[]) =>
  struct(description, {
    name: str(`The strategy: ${names.join(' or ')}.`, { emit: 'always', required: true, enum: names }),
    retryInterval: duration('The time between retries (RetryOnFailure).', { pointer: true }),
  });

const chartTemplate = struct('The chart to install, from a HelmRepository, GitRepository or Bucket; exclusive with chartRef.', {
  metadata: struct('Labels and annotations put on the HelmChart object the controller creates.', {
    labels: stringMap('Labels of the HelmChart.'),
    annotations: stringMap('Annotations of the HelmChart.'),
  }),
  spec: struct(
    'The HelmChart the controller creates.',
    {
      chart: str('The chart name (in a repository) or path (in a Git repository or bucket).', { emit: 'always', required: true }),
      version: str('The chart version or semver range; * when empty.'),
      sourceRef: crossNamespaceRef('The source of the chart.', ['HelmRepository', 'GitRepository', 'Bucket'], { emit: 'value', required: true }),
      interval: duration('How often the chart is checked for a new version.', { pointer: true }),
      reconcileStrategy: str('What makes a new chart artifact: ChartVersion or Revision.', { enum: ['ChartVersion', 'Revision'] }),
      valuesFiles: strings('Values files of the chart merged, in order, into its values.'),
      ignoreMissingValuesFiles: bool('Whether a missing values file is skipped.'),
      verify: struct('The verification of an OCI chart signature.', {
        provider: str('The verification tool: cosign or notation.', { emit: 'always', required: true, enum: ['cosign', 'notation'] }),
        secretRef: localRef('The Secret holding the trusted public keys.'),
      }),
    },
    { emit: 'value', required: true },
  ),
});

const spec: Record<string, GoField> = {
  chart: chartTemplate,
  chartRef: crossNamespaceRef('An existing OCIRepository, HelmChart or ExternalArtifact holding the chart; exclusive with chart.', [
    'OCIRepository',
    'HelmChart',
    'ExternalArtifact',
  ]),
  interval: duration('How often the release is reconciled.', { required: true }),
  kubeConfig: kubeConfig('The cluster the release is installed in, when not this one.'),
  suspend: bool('Whether reconciliation is suspended.'),
  releaseName: str('The Helm release name. When absent and the object is renamed (objectName), the component name (shortened past 53 characters as Flux does).'),
  targetNamespace: str('The namespace the release is installed in; the HelmRelease namespace when empty.'),
  storageNamespace: str('The namespace the Helm release storage lives in.'),
  dependsOn: dependency('HelmReleases that must be ready before this one is reconciled.'),
  timeout: timeout('each Helm action'),
  maxHistory: int('How many release revisions are kept; 0 for no limit.', { emit: 'pointer' }),
  serviceAccountName: str('The ServiceAccount impersonated to install the release.'),
  persistentClient: boolPtr('Whether one Kubernetes client is kept across Helm actions.'),
  driftDetection: struct('How drift between the release and the cluster is detected and corrected.', {
    mode: str('enabled, warn or disabled.', { enum: ['enabled', 'warn', 'disabled'] }),
    ignore: list(
      'Fields whose drift is ignored.',
      struct('An ignore rule.', {
        paths: strings('JSON pointers of the fields to ignore.', { emit: 'always', required: true }),
        target: kustomizeSelector('The objects the rule applies to; all when absent.'),
      }),
    ),
  }),
  install: struct('The Helm install action.', {
    timeout: timeout('the install'),
    remediation: remediation('install'),
    strategy: strategy('How a failed install is handled.', ['RemediateOnFailure', 'RetryOnFailure']),
    ...actionFlags('install'),
    disableOpenAPIValidation: bool('Whether the manifests are not validated against the OpenAPI schema.'),
    disableSchemaValidation: bool('Whether the values are not validated against the chart JSON schema.'),
    disableTakeOwnership: bool('Whether existing resources are not taken over.'),
    replace: bool('Whether a release name already in the history may be reused.'),
    skipCRDs: bool('Deprecated (use crds: Skip): whether the CRDs are not installed.'),
    crds: crds('How the CRDs of the chart are handled'),
    createNamespace: bool('Whether the target namespace is created.'),
  }),
  upgrade: struct('The Helm upgrade action.', {
    timeout: timeout('the upgrade'),
    remediation: remediation('upgrade', { strategy: str('What is done on failure: rollback or uninstall.', { emit: 'pointer', enum: ['rollback', 'uninstall'] }) }),
    strategy: strategy('How a failed upgrade is handled.', ['RemediateOnFailure', 'RetryOnFailure']),
    ...actionFlags('upgrade'),
    disableOpenAPIValidation: bool('Whether the manifests are not validated against the OpenAPI schema.'),
    disableSchemaValidation: bool('Whether the values are not validated against the chart JSON schema.'),
    disableTakeOwnership: bool('Whether existing resources are not taken over.'),
    force: bool('Whether resources are replaced (delete and recreate) when needed.'),
    preserveValues: bool('Whether the values of the last release are reused.'),
    cleanupOnFail: bool('Whether new resources are deleted when the upgrade fails.'),
    crds: crds('How the CRDs of the chart are handled'),
  }),
  test: struct('The Helm test action.', {
    enable: bool('Whether the tests run after an install or upgrade.'),
    timeout: timeout('the tests'),
    ignoreFailures: bool('Whether failing tests are ignored.'),
    filters: list(
      'Which tests run.',
      struct('A test filter.', { name: str('The name of the test.', { emit: 'always', required: true }), exclude: bool('Whether the test is excluded.') }),
    ),
  }),
  rollback: struct('The Helm rollback action.', {
    timeout: timeout('the rollback'),
    ...actionFlags('rollback'),
    recreate: bool('Whether pods are restarted.'),
    force: bool('Whether resources are replaced (delete and recreate) when needed.'),
    cleanupOnFail: bool('Whether new resources are deleted when the rollback fails.'),
  }),
  uninstall: struct('The Helm uninstall action.', {
    timeout: timeout('the uninstall'),
    disableHooks: bool('Whether the uninstall runs no hooks.'),
    keepHistory: bool('Whether the release history is kept.'),
    disableWait: bool('Whether the uninstall does not wait for the resources to be deleted.'),
    deletionPropagation: str('background, foreground or orphan.', { emit: 'pointer', enum: ['background', 'foreground', 'orphan'] }),
  }),
  valuesFrom: list(
    'ConfigMaps and Secrets the values are read from, merged in order before values.',
    struct('A values reference.', {
      kind: str('ConfigMap or Secret.', { emit: 'always', required: true, enum: ['Secret', 'ConfigMap'] }),
      name: str('The name of the ConfigMap or Secret.', { emit: 'always', required: true }),
      valuesKey: str('The key holding the values; values.yaml when empty.'),
      targetPath: str('The values path the value is written at.'),
      optional: bool('Whether a missing reference is ignored.'),
    }),
  ),
  values: json('The Helm values, merged over valuesFrom.'),
  postRenderers: list(
    'Kustomize post-renderers applied to the rendered manifests. The component label post-renderer is appended after them.',
    struct('A post-renderer.', {
      kustomize: struct('A Kustomize post-renderer.', {
        patches: kustomizePatches('Patches applied to the rendered objects.'),
        images: kustomizeImages('Image overrides.'),
      }),
    }),
  ),
  commonMetadata: commonMetadata('Labels and annotations put on every object of the release.'),
};

/** Helm release names are at most 53 characters; Flux shortens a longer one to 40 characters and a digest. */
function fluxReleaseName(name: string): string {
  if (name.length <= 53) return name;
  return `${name.slice(0, 40)}-${createHash('sha256').update(name).digest('hex').slice(0, 12)}`;
}

const helmrelease = defineKind<JsonObject>({
  type: 'helmrelease',
  description: 'A Flux HelmRelease against an existing chart source. The engine gives it the post-renderer that labels its chart\'s pods with the component label.',
  apiVersion: 'helm.toolkit.fluxcd.io/v2',
  kind: 'HelmRelease',
  scope: 'flux',
  metadataHolders: [commonMetadataHolder(), { path: ['spec', 'chart', 'metadata'], holder: 'chart template', noPods: true }],
  // The controller renders the chart in the cluster: its pods get the component label through a post-renderer.
  postRenderers: ['spec', 'postRenderers'],
  ...goTypedProperties(spec, crdSpec(helmToolkitFluxcdIoV2.HelmRelease)),
  fluxNamespaceReads: helmReleaseReads,
  check: (properties, _input, ctx) => {
    refuseTogether(properties, [['chart', 'chartRef']], ctx);
    if (properties.chart === undefined && properties.chartRef === undefined) ctx.fail('one of chart or chartRef is required');
  },
  content: (printed, input) => {
    const out: Record<string, unknown> = { ...printed };
    // Flux names the release after the object: a renamed object keeps the component's release.
    let keepReleaseName = input.objectName !== input.name;
    // Moved to the Flux namespace, the release still installs beside the workloads and keeps its
    // Helm storage there. Flux would name a release with a targetNamespace `<namespace>-<name>`, so
    // the release keeps the name it has outside the Flux namespace.
    const application = input.applicationNamespace;
    if (application !== undefined && application !== input.namespace) {
      if (out.targetNamespace === undefined) {
        out.targetNamespace = application;
        keepReleaseName = true;
      }
      out.storageNamespace ??= out.targetNamespace;
    }
    if (out.releaseName === undefined && keepReleaseName) out.releaseName = fluxReleaseName(input.name);
    return out;
  },
});

export const helm: ComponentHandler<unknown>[] = [helmrelease];
