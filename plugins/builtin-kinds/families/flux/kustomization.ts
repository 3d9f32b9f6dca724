import { type ComponentHandler, type JsonObject } from 'kurel/plugin-api';
import { defineKind } from 'kurel/plugin-kit';
import { bool, duration, list, str, stringMap, strings, struct, goTypedProperties } from '../../shared/go-typed-schemas.js';
import { commonMetadata, crossNamespaceRef, dependency, kubeConfig, kustomizeImages, kustomizePatches, localRef } from './common.js';
import { kustomizeToolkitFluxcdIoV1 } from '../../generated/flux-kustomize-controller/index.js';
import { crdSpec } from '../../shared/crd-spec.js';
import { commonMetadata as commonMetadataHolder } from '../../shared/metadata-holders.js';

// The Flux Kustomize API (kustomize.toolkit.fluxcd.io/v1). What an author may write is generated
// from fluxcd/kustomize-controller's CRD (crds/flux-kustomize-controller); the Go fields below say
// how KustomizationSpec prints what was authored.

const fluxKustomization = defineKind<JsonObject>({
  type: 'fluxcd-kustomization',
  description: 'A Flux Kustomization, as authored: it applies a path of a source. targetNamespace is never defaulted.',
  apiVersion: 'kustomize.toolkit.fluxcd.io/v1',
  kind: 'Kustomization',
  scope: 'flux',
  metadataHolders: [commonMetadataHolder()],
  ...goTypedProperties({
    commonMetadata: commonMetadata('Labels and annotations put on every object applied.'),
    dependsOn: dependency('Kustomizations that must be ready before this one is applied.'),
    decryption: struct('How encrypted manifests are decrypted.', {
      provider: str('The decryption provider: sops.', { emit: 'always', required: true, enum: ['sops'] }),
      secretRef: localRef('The Secret holding the decryption keys.'),
      serviceAccountName: str('The ServiceAccount whose identity decrypts with a cloud KMS.'),
    }),
    interval: duration('How often the manifests are applied.', { required: true }),
    retryInterval: duration('How soon a failed reconciliation is retried; interval when absent.', { pointer: true }),
    kubeConfig: kubeConfig('The cluster the manifests are applied to, when not this one.'),
    path: str('The path in the source holding the kustomization.yaml or the manifests; the root when empty.'),
    postBuild: struct('Variable substitution after the kustomize build.', {
      substitute: stringMap('Variables and their values.'),
      substituteFrom: list(
        'ConfigMaps and Secrets holding variables.',
        struct('A variables reference.', {
          kind: str('ConfigMap or Secret.', { emit: 'always', required: true, enum: ['Secret', 'ConfigMap'] }),
          name: str('The name of the ConfigMap or Secret.', { emit: 'always', required: true }),
          optional: bool('Whether a missing reference is ignored.'),
        }),
      ),
    }),
    prune: bool('Whether objects removed from the source are deleted from the cluster.', { emit: 'always', required: true }),
    deletionPolicy: str('What happens to the applied objects when the Kustomization is deleted: MirrorPrune, Delete, WaitForTermination or Orphan.', {
      enum: ['MirrorPrune', 'Delete', 'WaitForTermination', 'Orphan'],
    }),
    healthChecks: list(
      'Objects whose health decides the readiness of the Kustomization.',
      struct('An object.', {
        apiVersion: str('The API version of the object.'),
        kind: str('The kind of the object.', { emit: 'always', required: true }),
        name: str('The name of the object.', { emit: 'always', required: true }),
        namespace: str('The namespace of the object.'),
      }),
    ),
    healthCheckExprs: list(
      'CEL expressions deciding the health of custom resources.',
      struct('A health check of one kind.', {
        apiVersion: str('The API version of the kind.', { emit: 'always', required: true }),
        kind: str('The kind.', { emit: 'always', required: true }),
        current: str('When an object is healthy.', { emit: 'always', required: true }),
        inProgress: str('When an object is still progressing.'),
        failed: str('When an object has failed.'),
      }),
    ),
    namePrefix: str('A prefix added to the names of the objects.'),
    nameSuffix: str('A suffix added to the names of the objects.'),
    patches: kustomizePatches('Patches applied to the objects.'),
    images: kustomizeImages('Image overrides.'),
    serviceAccountName: str('The ServiceAccount impersonated to apply the objects.'),
    sourceRef: crossNamespaceRef('The source of the manifests.', ['OCIRepository', 'GitRepository', 'Bucket', 'ExternalArtifact'], { emit: 'value', required: true }),
    suspend: bool('Whether reconciliation is suspended.'),
    targetNamespace: str('The namespace every namespaced object is applied in; never defaulted.'),
    timeout: duration('The timeout of applying and of the health checks.', { pointer: true }),
    force: bool('Whether objects whose immutable fields change are recreated.'),
    wait: bool('Whether every applied object must be ready (instead of healthChecks).'),
    components: strings('Kustomize components included in the build.'),
    ignoreMissingComponents: bool('Whether a missing component is skipped.'),
  }, crdSpec(kustomizeToolkitFluxcdIoV1.Kustomization)),
});

export const kustomize: ComponentHandler<unknown>[] = [fluxKustomization];
