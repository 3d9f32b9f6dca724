import { type ComponentHandler, type JsonObject, type GoEncoding, type ObjectKindDeclaration } from 'kurel/plugin-api';
import { defineKind, goAlways, GO_DURATION, GO_OMIT_ZERO } from 'kurel/plugin-kit';
import { list, str, strings, struct, goTypedProperties } from '../../shared/go-typed-schemas.js';
import { commonMetadata } from './common.js';
import { sourceExtensionsFluxcdIoV1beta1 } from '../../generated/flux-source-watcher/index.js';
import { fluxcdControlplaneIoV1 } from '../../generated/flux-operator/index.js';
import { crdProperties } from '../../shared/crd-properties.js';
import { crdSpec } from '../../shared/crd-spec.js';
import { commonMetadata as commonMetadataHolder } from '../../shared/metadata-holders.js';

// The Flux artifact APIs: ArtifactGenerator (source.extensions.fluxcd.io/v1beta1), its schema
// generated from fluxcd/source-watcher's CRD (crds/flux-source-watcher); and
// ResourceSetInputProvider (fluxcd.controlplane.io/v1), generated from
// controlplaneio-fluxcd/flux-operator's CRD (crds/flux-operator).

const required = { emit: 'always', required: true } as const;

const artifactgenerator = defineKind<JsonObject>({
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

/**
 * How flux-operator's ResourceSetInputProviderSpec (api/v1) writes what was not authored: its
 * non-pointer `omitempty` scalars drop their zero, and a schedule's window, a metav1.Duration held
 * by value without `omitempty`, is written `0s` when absent.
 */
const omitZero = (prefix: string, fields: string[]) => fields.map((field) => [`${prefix}${field}`, GO_OMIT_ZERO] as const);
const resourceSetInputProviderGo: Record<string, GoEncoding> = Object.fromEntries([
  ...omitZero('', ['url', 'serviceAccountName', 'insecure']),
  ...omitZero('filter.', ['includeBranch', 'excludeBranch', 'includeTag', 'excludeTag', 'includeEnvironment', 'excludeEnvironment', 'limit', 'semver']),
  ...omitZero('schedule[].', ['timeZone']),
  ...omitZero('selectors[].', ['name', 'namespace']),
  ['schedule[].window', goAlways('0s', GO_DURATION)],
]);

const resourcesetinputprovider = defineKind<JsonObject>({
  type: 'resourcesetinputprovider',
  description: 'A Flux Operator ResourceSetInputProvider: inputs for ResourceSets, read from a Git forge, an OCI registry or artifacts.',
  apiVersion: 'fluxcd.controlplane.io/v1',
  kind: 'ResourceSetInputProvider',
  scope: 'flux',
  ...crdProperties(crdSpec(fluxcdControlplaneIoV1.ResourceSetInputProvider), { go: resourceSetInputProviderGo }),
});

export const artifacts: ComponentHandler<unknown>[] = [artifactgenerator, resourcesetinputprovider];

/**
 * The Flux Operator's kinds with no component type, which authors reach through object, manifests
 * or a chart: a ResourceSet's common metadata goes onto the objects it applies, pods included; a
 * FluxInstance's onto the objects of the installation.
 */
export const fluxOperatorKinds: ObjectKindDeclaration[] = [
  { apiVersion: 'fluxcd.controlplane.io/v1', kind: 'ResourceSet', metadataHolders: [commonMetadataHolder()] },
  { apiVersion: 'fluxcd.controlplane.io/v1', kind: 'FluxInstance', metadataHolders: [commonMetadataHolder(true)] },
];
