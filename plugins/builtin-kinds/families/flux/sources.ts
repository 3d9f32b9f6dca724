import { type ComponentHandler, type JsonObject } from 'kurel/plugin-api';
import { defineKind, enforceAllowedRegistry } from 'kurel/plugin-kit';
import { bool, duration, list, str, strings, struct, goTypedProperties } from '../../shared/go-typed-schemas.js';
import { accessFrom, ignore, localRef, ociVerification, providers, suspend, sourceReads } from './common.js';
import { sourceToolkitFluxcdIoV1 } from '../../generated/flux-source-controller/index.js';
import { crdSpec } from '../../shared/crd-spec.js';

// The Flux source API (source.toolkit.fluxcd.io/v1). What an author may write is generated from
// fluxcd/source-controller's CRDs (crds/flux-source-controller); the Go fields below say how the
// spec types (GitRepositorySpec, OCIRepositorySpec, HelmRepositorySpec, BucketSpec, HelmChartSpec)
// print what was authored.

const SOURCE = 'source.toolkit.fluxcd.io/v1';
const url = (description: string) => str(description, { emit: 'always', required: true });
const interval = () => duration('How often the source is checked for a new revision.', { required: true });
const timeout = () => duration('The timeout of one fetch.', { pointer: true, hours: false });

const gitRef = (description: string) =>
  struct(description, {
    branch: str('The branch to check out.'),
    tag: str('The tag to check out; wins over branch.'),
    semver: str('A semver range of tags to check out; wins over tag.'),
    name: str('A Git reference (refs/heads/main, refs/pull/420/head); wins over semver.'),
    commit: str('The commit SHA to check out; wins over every other field.'),
  });

const gitrepository = defineKind<JsonObject>({
  type: 'gitrepository',
  description: 'A Flux GitRepository: a Git repository the source-controller fetches as an artifact.',
  apiVersion: SOURCE,
  kind: 'GitRepository',
  scope: 'flux',
  ...goTypedProperties({
    url: url('The repository URL (http, https or ssh).'),
    secretRef: localRef('The Secret holding the credentials of the repository.'),
    provider: providers('The identity provider of the credentials', ['generic', 'azure', 'github']),
    interval: interval(),
    timeout: timeout(),
    ref: gitRef('The reference to check out; the default branch when absent.'),
    verify: struct('The verification of the commit or tag signatures.', {
      mode: str('What is verified: HEAD, Tag or TagAndHEAD.', { enum: ['HEAD', 'head', 'Tag', 'TagAndHEAD'] }),
      secretRef: localRef('The Secret holding the trusted public keys.', { emit: 'value', required: true }),
    }),
    proxySecretRef: localRef('The Secret holding the proxy settings.'),
    ignore: ignore(),
    suspend: suspend(),
    recurseSubmodules: bool('Whether submodules are cloned too.'),
    include: list(
      'Other GitRepositories whose artifacts are included in this one.',
      struct('An included repository.', {
        repository: localRef('The GitRepository to include.', { emit: 'value', required: true }),
        fromPath: str('The path in the included artifact to copy.'),
        toPath: str('Where to copy it in this artifact.'),
      }),
    ),
    sparseCheckout: strings('Directories to check out; the whole repository when empty.'),
    serviceAccountName: str('The ServiceAccount whose identity authenticates to the provider.'),
  }, crdSpec(sourceToolkitFluxcdIoV1.GitRepository)),
  check: (properties, _input, ctx) => enforceAllowedRegistry(properties.url, ctx, ['url'], 'GitRepository url'),
  fluxNamespaceReads: sourceReads,
});

const ocirepository = defineKind<JsonObject>({
  type: 'ocirepository',
  description: 'A Flux OCIRepository: an OCI artifact the source-controller fetches. It makes no Kustomization (the oci type does).',
  apiVersion: SOURCE,
  kind: 'OCIRepository',
  scope: 'flux',
  ...goTypedProperties({
    url: url('The artifact URL (oci://registry/repository).'),
    ref: struct('The artifact version to pull; latest when absent.', {
      digest: str('The digest to pull; wins over every other field.'),
      semver: str('A semver range of tags; wins over tag.'),
      semverFilter: str('A regular expression the tags are filtered by before semver.'),
      tag: str('The tag to pull.'),
    }),
    layerSelector: struct('Which layer of the artifact to take.', {
      mediaType: str('The media type of the layer.'),
      operation: str('What is done with it: extract or copy.', { enum: ['extract', 'copy'] }),
    }),
    provider: providers('The registry provider of the credentials', ['generic', 'aws', 'azure', 'gcp']),
    secretRef: localRef('The Secret holding the registry credentials (a docker-registry Secret).'),
    verify: ociVerification('The verification of the artifact signature.'),
    serviceAccountName: str('The ServiceAccount whose image pull secrets authenticate to the registry.'),
    certSecretRef: localRef('The Secret holding the TLS client certificate and CA.'),
    proxySecretRef: localRef('The Secret holding the proxy settings.'),
    interval: interval(),
    timeout: timeout(),
    ignore: ignore(),
    insecure: bool('Whether a plain HTTP registry is allowed.'),
    suspend: suspend(),
  }, crdSpec(sourceToolkitFluxcdIoV1.OCIRepository)),
  check: (properties, _input, ctx) => enforceAllowedRegistry(properties.url, ctx, ['url'], 'OCIRepository url'),
  fluxNamespaceReads: sourceReads,
});

const helmrepository = defineKind<JsonObject>({
  type: 'helmrepository',
  description: 'A Flux HelmRepository: a Helm chart repository (HTTP index or OCI registry).',
  apiVersion: SOURCE,
  kind: 'HelmRepository',
  scope: 'flux',
  ...goTypedProperties({
    url: url('The repository URL (https:// or oci://).'),
    secretRef: localRef('The Secret holding the repository credentials.'),
    certSecretRef: localRef('The Secret holding the TLS client certificate and CA.'),
    passCredentials: bool('Whether the credentials are passed to hosts other than the repository host.'),
    interval: duration('How often the repository index is fetched.'),
    insecure: bool('Whether a plain HTTP OCI registry is allowed.'),
    timeout: timeout(),
    suspend: suspend(),
    accessFrom: accessFrom('Deprecated: the namespaces whose objects may use this repository.'),
    type: str('The repository type: default (HTTP index) or oci.', { enum: ['default', 'oci'] }),
    provider: providers('The OCI registry provider of the credentials', ['generic', 'aws', 'azure', 'gcp']),
  }, crdSpec(sourceToolkitFluxcdIoV1.HelmRepository)),
  check: (properties, _input, ctx) => enforceAllowedRegistry(properties.url, ctx, ['url'], 'HelmRepository url'),
  fluxNamespaceReads: sourceReads,
});

const bucket = defineKind<JsonObject>({
  type: 'bucket',
  description: 'A Flux Bucket: an S3-compatible, GCS or Azure bucket the source-controller fetches.',
  apiVersion: SOURCE,
  kind: 'Bucket',
  scope: 'flux',
  ...goTypedProperties({
    provider: providers('The bucket provider', ['generic', 'aws', 'gcp', 'azure']),
    bucketName: str('The name of the bucket.', { emit: 'always', required: true }),
    endpoint: str('The bucket endpoint (host, without scheme).', { emit: 'always', required: true }),
    sts: struct('The security token service that issues temporary credentials.', {
      provider: str('The STS provider: aws or ldap.', { emit: 'always', required: true, enum: ['aws', 'ldap'] }),
      endpoint: str('The STS endpoint.', { emit: 'always', required: true }),
      secretRef: localRef('The Secret holding the STS credentials (ldap).'),
      certSecretRef: localRef('The Secret holding the STS TLS client certificate and CA.'),
    }),
    insecure: bool('Whether plain HTTP is allowed.'),
    region: str('The bucket region.'),
    prefix: str('The object key prefix to fetch.'),
    secretRef: localRef('The Secret holding the bucket credentials.'),
    certSecretRef: localRef('The Secret holding the TLS client certificate and CA.'),
    proxySecretRef: localRef('The Secret holding the proxy settings.'),
    serviceAccountName: str('The ServiceAccount whose identity authenticates to the provider.'),
    interval: interval(),
    timeout: timeout(),
    ignore: ignore(),
    suspend: suspend(),
  }, crdSpec(sourceToolkitFluxcdIoV1.Bucket)),
  check: (properties, _input, ctx) => enforceAllowedRegistry(properties.endpoint, ctx, ['endpoint'], 'Bucket endpoint'),
  fluxNamespaceReads: sourceReads,
});

const helmchart = defineKind<JsonObject>({
  type: 'helmchart',
  description: 'A Flux HelmChart: a chart the source-controller packages from a HelmRepository, GitRepository or Bucket.',
  apiVersion: SOURCE,
  kind: 'HelmChart',
  scope: 'flux',
  ...goTypedProperties({
    chart: str('The chart name (in a repository) or path (in a Git repository or bucket).', { emit: 'always', required: true }),
    version: str('The chart version or semver range (repository charts only).'),
    sourceRef: struct(
      'The source the chart is taken from, in the same namespace.',
      {
        apiVersion: str('The API version of the source.'),
        kind: str('The kind of the source: HelmRepository, GitRepository or Bucket.', {
          emit: 'always',
          required: true,
          enum: ['HelmRepository', 'GitRepository', 'Bucket'],
        }),
        name: str('The name of the source.', { emit: 'always', required: true }),
      },
      { emit: 'value', required: true },
    ),
    interval: interval(),
    reconcileStrategy: str('What makes a new chart artifact: ChartVersion or Revision.', { enum: ['ChartVersion', 'Revision'] }),
    valuesFiles: strings('Values files merged, in order, into the chart values.'),
    ignoreMissingValuesFiles: bool('Whether a missing values file is skipped instead of failing.'),
    suspend: suspend(),
    verify: ociVerification('The verification of an OCI chart signature.'),
  }, crdSpec(sourceToolkitFluxcdIoV1.HelmChart)),
  fluxNamespaceReads: sourceReads,
});

// Before the Helm composite became the `helm` type it was authored as `helmchart`, the name this
// kind now holds: the composite's own properties point an author of such a document to `helm`.
const renamed = 'type helmchart is the Flux HelmChart kind; the Helm chart component that took source and values is now type helm';
const helmchartKind: ComponentHandler<unknown> = Object.defineProperty(helmchart, 'hints', { value: { source: renamed, values: renamed, secretValues: renamed, releaseName: renamed }, enumerable: true });

export const sources: ComponentHandler<unknown>[] = [gitrepository, ocirepository, helmrepository, bucket, helmchartKind];
