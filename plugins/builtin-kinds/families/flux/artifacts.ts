import { defineKind, type ComponentHandler, type ObjectKindDeclaration } from 'kurel/plugin-api';
import { duration, int, json, list, str, strings, struct, goTypedProperties } from '../../shared/go-typed-schemas.js';
import { labelSelectorFields } from '../../shared/k8s-types.js';
import { commonMetadata, localRef } from './common.js';
import { sourceExtensionsFluxcdIoV1beta1 } from '../../generated/flux-source-watcher/index.js';
import { crdSpec } from '../../shared/crd-spec.js';
import { commonMetadata as commonMetadataHolder } from '../../shared/metadata-holders.js';

// The Flux artifact APIs: ArtifactGenerator (source.extensions.fluxcd.io/v1beta1), its schema
// generated from fluxcd/source-watcher's CRD (crds/flux-source-watcher); and
// ResourceSetInputProvider (fluxcd.controlplane.io/v1), written from the upstream API reference of
// controlplaneio-fluxcd/flux-operator.

const required = { emit: 'always', required: true } as const;

const artifactgenerator = defineKind<Record<string, any>>({
  type: 'artifactgenerator',
  description: 'A Flux ArtifactGenerator: composes artifacts (ExternalArtifacts) from the files of Flux sources.',
  apiVersion: 'source.extensions.fluxcd.io/v1beta1',
  kind: 'ArtifactGenerator',
  scope: 'flux',
  // Onto the ExternalArtifacts it generates: no pods.
  metadataHolders: [commonMetadataHolder(true)],
  ...goTypedProperties({
    commonMetadata: commonMetadata('Labels and annotations put on every generated ExternalArtifact.'),
    sources: list(
      'The sources whose files are copied, each under an alias.',
      struct('A source.', {
        alias: str('The alias the copy operations name the source by (@alias).', required),
        kind: str('The kind of the source: OCIRepository, GitRepository, Bucket, HelmChart or ExternalArtifact.', {
          ...required,
          enum: ['OCIRepository', 'GitRepository', 'Bucket', 'HelmChart', 'ExternalArtifact'],
        }),
        name: str('The name of the source.', required),
        namespace: str("The namespace of the source; the object's own when empty."),
      }),
      required,
    ),
    pathPattern: str('A path pattern with {placeholders}: one artifact is generated per matching directory of a source.'),
    artifacts: list(
      'The artifacts generated.',
      struct('An artifact.', {
        name: str('The name of the ExternalArtifact (may use the pathPattern placeholders).', required),
        revision: str('The source (@alias) whose revision the artifact takes.'),
        originRevision: str('The source (@alias) whose revision is recorded as the origin.'),
        copy: list(
          'The copy operations building the artifact, in order.',
          struct('A copy operation.', {
            from: str('The files copied: @alias/path, with glob patterns.', required),
            to: str('Where they go: @artifact/path.', required),
            exclude: strings('Glob patterns of files not copied.'),
            strategy: str('How a file already there is handled: Overwrite, Merge or Extract.', { enum: ['Overwrite', 'Merge', 'Extract'] }),
          }),
          required,
        ),
      }),
      required,
    ),
  }, crdSpec(sourceExtensionsFluxcdIoV1beta1.ArtifactGenerator)),
});

const resourcesetinputprovider = defineKind<Record<string, any>>({
  type: 'resourcesetinputprovider',
  description: 'A Flux Operator ResourceSetInputProvider: inputs for ResourceSets, read from a Git forge, an OCI registry or artifacts.',
  apiVersion: 'fluxcd.controlplane.io/v1',
  kind: 'ResourceSetInputProvider',
  scope: 'flux',
  ...goTypedProperties({
    type: str('Where the inputs come from (Static, GitHubBranch, GitHubTag, GitHubPullRequest, GitLabMergeRequest, OCIArtifactTag, ExternalArtifact, …).', required),
    url: str('The repository or registry URL the inputs are read from.'),
    serviceAccountName: str('The ServiceAccount whose identity authenticates to the provider.'),
    secretRef: localRef('The Secret holding the credentials.'),
    certSecretRef: localRef('The Secret holding the TLS client certificate and CA.'),
    filter: struct('Which inputs are kept.', {
      includeBranch: str('A regular expression the branches must match.'),
      excludeBranch: str('A regular expression of branches left out.'),
      includeTag: str('A regular expression the tags must match.'),
      excludeTag: str('A regular expression of tags left out.'),
      labels: strings('Labels the pull or merge requests must carry.'),
      limit: int('The most inputs kept.'),
      semver: str('A semver range the tags must match.'),
    }),
    skip: struct('When a reconciliation is skipped.', { labels: strings('Labels (or !label) of pull or merge requests that are skipped.') }),
    defaultValues: json('Values every input starts from.'),
    schedule: list(
      'When the inputs are refreshed.',
      struct('A schedule.', {
        cron: str('A cron expression.', required),
        timeZone: str('The time zone of the cron expression; UTC when empty.'),
        window: duration('How long after each start refreshing is allowed.'),
      }),
    ),
    selectors: list(
      'The ExternalArtifacts read (type ExternalArtifact).',
      struct('A selector.', { namespace: str('The namespace of the artifacts; * for every namespace.'), ...labelSelectorFields() }),
    ),
  }),
});

export const artifacts: ComponentHandler<any>[] = [artifactgenerator, resourcesetinputprovider];

/**
 * The Flux Operator's kinds with no component type, which authors reach through object, manifests
 * or a chart: a ResourceSet's common metadata goes onto the objects it applies, pods included; a
 * FluxInstance's onto the objects of the installation.
 */
export const fluxOperatorKinds: ObjectKindDeclaration[] = [
  { apiVersion: 'fluxcd.controlplane.io/v1', kind: 'ResourceSet', metadataHolders: [commonMetadataHolder()] },
  { apiVersion: 'fluxcd.controlplane.io/v1', kind: 'FluxInstance', metadataHolders: [commonMetadataHolder(true)] },
];
