import { type ComponentHandler, type JsonObject } from 'kurel/plugin-api';
import { defineKind } from 'kurel/plugin-kit';
import { bool, duration, str, stringMap, strings, struct, goTypedProperties } from '../../shared/go-typed-schemas.js';
import { labelSelector } from '../../shared/k8s-types.js';
import { accessFrom, crossNamespaceRef, localRef, namespacedRef, providers } from './common.js';
import { imageToolkitFluxcdIoV1 } from '../../generated/flux-image-reflector-controller/index.js';
import { imageToolkitFluxcdIoV1 as automationImageToolkitFluxcdIoV1 } from '../../generated/flux-image-automation-controller/index.js';
import { crdSpec } from '../../shared/crd-spec.js';

// The Flux image automation APIs (image.toolkit.fluxcd.io/v1). What an author may write is
// generated from the CRDs of fluxcd/image-reflector-controller (ImageRepository, ImagePolicy) and
// fluxcd/image-automation-controller (ImageUpdateAutomation); the Go fields below say how the
// specs print.

const IMAGE = 'image.toolkit.fluxcd.io/v1';
const required = { emit: 'always', required: true } as const;
const order = (description: string) => struct(description, { order: str('asc or desc; asc when empty.', { enum: ['asc', 'desc'] }) });

const imagerepository = defineKind<JsonObject>({
  type: 'imagerepository',
  description: 'A Flux ImageRepository: an image whose tags the image-reflector-controller scans.',
  apiVersion: IMAGE,
  kind: 'ImageRepository',
  scope: 'flux',
  ...goTypedProperties({
    image: str('The image (registry/repository, without tag).'),
    interval: duration('How often the tags are scanned.'),
    timeout: duration('The timeout of one scan.', { pointer: true, hours: false }),
    secretRef: localRef('The Secret holding the registry credentials (a docker-registry Secret).'),
    proxySecretRef: localRef('The Secret holding the proxy settings.'),
    serviceAccountName: str('The ServiceAccount whose image pull secrets authenticate to the registry.'),
    certSecretRef: localRef('The Secret holding the TLS client certificate and CA.'),
    accessFrom: accessFrom('The namespaces whose ImagePolicies may use this repository.'),
    suspend: bool('Whether scanning is suspended.'),
    exclusionList: strings('Regular expressions of tags not scanned.'),
    provider: providers('The registry provider of the credentials', ['generic', 'aws', 'azure', 'gcp']),
    insecure: bool('Whether a plain HTTP registry is allowed.'),
  }, crdSpec(imageToolkitFluxcdIoV1.ImageRepository)),
});

const imagepolicy = defineKind<JsonObject>({
  type: 'imagepolicy',
  description: 'A Flux ImagePolicy: how the latest image of an ImageRepository is chosen.',
  apiVersion: IMAGE,
  kind: 'ImagePolicy',
  scope: 'flux',
  ...goTypedProperties({
    imageRepositoryRef: namespacedRef('The ImageRepository whose tags are chosen from.', { emit: 'value', required: true }),
    policy: struct(
      'How the latest tag is chosen: exactly one of semver, alphabetical or numerical.',
      {
        semver: struct('The highest tag in a semver range.', { range: str('The semver range.', required) }),
        alphabetical: order('The last tag in alphabetical order.'),
        numerical: order('The highest tag in numerical order.'),
      },
      { emit: 'value', required: true, exclusive: [['semver', 'alphabetical', 'numerical']] },
    ),
    filterTags: struct('Which tags are considered, and what part of them is compared.', {
      pattern: str('A regular expression the tags must match.'),
      extract: str('The part of the match compared ($1, $name); the whole tag when empty.'),
    }),
    digestReflectionPolicy: str('When the digest of the chosen tag is written: Always, IfNotPresent or Never.', { enum: ['Always', 'IfNotPresent', 'Never'] }),
    interval: duration('How often the digest is reflected (digestReflectionPolicy Always).', { pointer: true }),
  }, crdSpec(imageToolkitFluxcdIoV1.ImagePolicy)),
});

const imageupdateautomation = defineKind<JsonObject>({
  type: 'imageupdateautomation',
  description: 'A Flux ImageUpdateAutomation: commits the images ImagePolicies chose into a Git repository.',
  apiVersion: IMAGE,
  kind: 'ImageUpdateAutomation',
  scope: 'flux',
  ...goTypedProperties({
    sourceRef: crossNamespaceRef('The GitRepository the updates are committed to.', ['GitRepository'], { emit: 'value', required: true }),
    git: struct('How the repository is checked out, committed to and pushed.', {
      checkout: struct('The branch checked out; the GitRepository reference when absent.', {
        ref: struct(
          'The reference checked out.',
          {
            branch: str('The branch.'),
            tag: str('The tag.'),
            semver: str('A semver range of tags.'),
            name: str('A Git reference.'),
            commit: str('A commit SHA.'),
          },
          { emit: 'value', required: true },
        ),
      }),
      commit: struct(
        'The commit made.',
        {
          author: struct('The commit author.', { name: str('The author name.'), email: str('The author e-mail.', required) }, { emit: 'value', required: true }),
          signingKey: struct('The key the commit is signed with.', {
            secretRef: localRef('The Secret holding the signing key.', { emit: 'value' }),
            type: str('The key type: openpgp or ssh.', { enum: ['openpgp', 'ssh'] }),
          }),
          messageTemplate: str('A Go template of the commit message.'),
          messageTemplateValues: stringMap('Values the message template may use.'),
        },
        { emit: 'value', required: true },
      ),
      push: struct('Where the commit is pushed; the checked-out branch when absent.', {
        branch: str('The branch pushed to.'),
        refspec: str('A refspec pushed.'),
        options: stringMap('Git push options.'),
      }),
    }),
    interval: duration('How often the automation runs.', { required: true }),
    policySelector: labelSelector('The ImagePolicies applied; all in the namespace when absent.'),
    update: struct('How the manifests are updated.', {
      strategy: str('The update strategy: Setters.', { ...required, enum: ['Setters'] }),
      path: str('The path of the manifests in the repository; the root when empty.'),
    }),
    suspend: bool('Whether the automation is suspended.'),
  }, crdSpec(automationImageToolkitFluxcdIoV1.ImageUpdateAutomation)),
});

export const image: ComponentHandler<unknown>[] = [imagerepository, imagepolicy, imageupdateautomation];
