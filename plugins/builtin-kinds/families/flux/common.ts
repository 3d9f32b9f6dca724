import type { K8sObject, NamedInput } from 'kurel/plugin-api';
import { bool, list, str, stringMap, struct, type GoField, type StructOptions } from '../../shared/go-typed-schemas.js';

// Types of github.com/fluxcd/pkg/apis (meta, kustomize, acl) the Flux APIs share, written from
// the upstream API reference of those packages.

const name = (description: string) => str(description, { emit: 'always', required: true });

/** meta.LocalObjectReference: a name in the object's own namespace. */
export const localRef = (description: string, options: StructOptions = {}): GoField =>
  struct(description, { name: name('The name of the referent.') }, options);

/** meta.SecretKeyReference. */
export const secretKeyRef = (description: string, options: StructOptions = {}): GoField =>
  struct(description, { name: name('The name of the Secret.'), key: str('The key in the Secret holding the value.') }, options);

/** meta.NamespacedObjectReference. */
export const namespacedRef = (description: string, options: StructOptions = {}): GoField =>
  struct(description, { name: name('The name of the referent.'), namespace: str("The namespace of the referent; the object's own when empty.") }, options);

/** A dependency (meta.NamespacedObjectReference with Flux's readiness expression). */
export const dependency = (description: string): GoField =>
  list(
    description,
    struct('An object that must be ready first.', {
      name: name('The name of the dependency.'),
      namespace: str("Its namespace; the object's own when empty."),
      readyExpr: str('A CEL expression deciding whether the dependency is ready.'),
    }),
  );

/** A cross-namespace reference to a Flux object of one of `kinds`. */
export const crossNamespaceRef = (description: string, kinds: string[] | undefined, options: StructOptions = {}): GoField =>
  struct(
    description,
    {
      apiVersion: str('The API version of the referent.'),
      kind: str(kinds ? `The kind of the referent: ${kinds.join(', ')}.` : 'The kind of the referent.', { emit: 'always', required: true, enum: kinds }),
      name: name('The name of the referent.'),
      namespace: str("The namespace of the referent; the object's own when empty."),
    },
    options,
  );

/** meta.KubeConfigReference. */
export const kubeConfig = (description: string): GoField =>
  struct(description, {
    secretRef: secretKeyRef('The Secret holding a kubeconfig (key value or value.yaml by default).'),
    configMapRef: localRef('The ConfigMap holding the provider settings of a secret-less kubeconfig.'),
  });

/** The labels and annotations a Flux controller puts on every object it applies. */
export const commonMetadata = (description: string): GoField =>
  struct(description, {
    annotations: stringMap('Annotations added to every object.'),
    labels: stringMap('Labels added to every object.'),
  });

/** kustomize.Selector. */
export const kustomizeSelector = (description: string): GoField =>
  struct(description, {
    group: str('The API group of the targets.'),
    version: str('The API version of the targets.'),
    kind: str('The kind of the targets.'),
    namespace: str('The namespace of the targets.'),
    name: str('The name of the targets (a regular expression).'),
    annotationSelector: str('An annotation selector of the targets.'),
    labelSelector: str('A label selector of the targets.'),
  });

/** []kustomize.Patch. */
export const kustomizePatches = (description: string): GoField =>
  list(
    description,
    struct('A patch.', {
      patch: str('A strategic merge or JSON6902 patch, as a YAML or JSON document.', { emit: 'always', required: true }),
      target: kustomizeSelector('The objects the patch applies to.'),
    }),
  );

/** []kustomize.Image. */
export const kustomizeImages = (description: string): GoField =>
  list(
    description,
    struct('An image override.', {
      name: name('The image name to match (without tag).'),
      newName: str('The name to put in its place.'),
      newTag: str('The tag to put in its place.'),
      digest: str('The digest to put in its place; it wins over newTag.'),
    }),
  );

/** acl.AccessFrom: the namespaces whose objects may use this one. */
export const accessFrom = (description: string): GoField =>
  struct(description, {
    namespaceSelectors: list(
      'Namespaces allowed, by label; the object is usable from a namespace any selector matches.',
      struct('A namespace selector.', { matchLabels: stringMap('Labels the namespace must carry.') }),
      { emit: 'always', required: true },
    ),
  });

/** The verification settings of an OCI artifact (OCIRepositoryVerification). */
export const ociVerification = (description: string): GoField =>
  struct(description, {
    provider: str('The verification tool: cosign or notation.', { emit: 'always', required: true, enum: ['cosign', 'notation'] }),
    secretRef: localRef('The Secret holding the trusted public keys or certificates.'),
    matchOIDCIdentity: list(
      'Keyless verification: the OIDC identities the signature must match.',
      struct('An OIDC identity.', {
        issuer: str('A regular expression the OIDC issuer must match.', { emit: 'always', required: true }),
        subject: str('A regular expression the identity subject must match.', { emit: 'always', required: true }),
      }),
    ),
  });

/** The fields shared by suspendable Flux objects. */
export const suspend = (): GoField => bool('Whether reconciliation is suspended.');

/** Keys every source of the source API may take to ignore paths. */
export const ignore = (): GoField => str('Paths to ignore, in .gitignore format.', { emit: 'pointer' });

export const providers = (description: string, values: string[]): GoField => str(`${description}: ${values.join(', ')}.`, { enum: values });

/** A Secret named at `path` under the object's spec (`{ name }`), if there is one. */
function secretAt(spec: Record<string, unknown> | undefined, path: string[]): NamedInput[] {
  const ref = path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), spec);
  const name = ref && typeof ref === 'object' ? (ref as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name !== '' ? [{ kind: 'Secret', name }] : [];
}

/** What a Flux source reads from its own namespace: its secretRef, certSecretRef, proxySecretRef and the Secrets under verify and sts. */
export function sourceReads(object: K8sObject): NamedInput[] {
  const spec = object.spec as Record<string, unknown> | undefined;
  return [['secretRef'], ['certSecretRef'], ['proxySecretRef'], ['verify', 'secretRef'], ['sts', 'secretRef'], ['sts', 'certSecretRef']].flatMap((path) => secretAt(spec, path));
}

/** What a HelmRelease reads from its own namespace: its valuesFrom, its kubeConfig Secret and its chart template's verify Secret. */
export function helmReleaseReads(object: K8sObject): NamedInput[] {
  const spec = object.spec as Record<string, unknown> | undefined;
  const values = ((spec?.valuesFrom ?? []) as Array<{ kind: string; name: string }>)
    .filter((entry) => (entry.kind === 'ConfigMap' || entry.kind === 'Secret') && typeof entry.name === 'string')
    .map((entry) => ({ kind: entry.kind as NamedInput['kind'], name: entry.name }));
  return [...values, ...secretAt(spec, ['kubeConfig', 'secretRef']), ...secretAt(spec, ['chart', 'spec', 'verify', 'secretRef'])];
}
