// The CRD group versions the reference's scheme registers (kure's pkg/kubernetes/scheme.go): an
// object of one of them that a chart renders is decoded into its Go type and written back typed.
// Kubernetes' own kinds are in the generated Go types (go-types.generated.ts). A kind kurel models
// whose group version is not here is not registered there, and a chart's object of it stays as rendered.

/** `<apiVersion>`: every kind of the group version; `<apiVersion> <kind>`: that kind alone. */
const REGISTERED = new Set([
  'acme.cert-manager.io/v1',
  'cert-manager.io/v1',
  'cilium.io/v2',
  'external-secrets.io/v1',
  'fluxcd.controlplane.io/v1',
  'gateway.networking.k8s.io/v1',
  'helm.toolkit.fluxcd.io/v2',
  // The image-automation controller's package registers its own kind; the reflector's share the group version.
  'image.toolkit.fluxcd.io/v1 ImageUpdateAutomation',
  'kustomize.toolkit.fluxcd.io/v1',
  'metallb.io/v1beta1',
  'monitoring.coreos.com/v1',
  'notification.toolkit.fluxcd.io/v1',
  'notification.toolkit.fluxcd.io/v1beta3',
  'postgresql.cnpg.io/v1',
  'source.extensions.fluxcd.io/v1beta1',
  'source.toolkit.fluxcd.io/v1',
  'volsync.backube/v1alpha1',
]);

/** Whether the reference's scheme registers a CRD kind, so that it decodes a rendered object of it typed. */
export function referenceRegistersCrdKind(apiVersion: string, kind: string): boolean {
  return REGISTERED.has(apiVersion) || REGISTERED.has(`${apiVersion} ${kind}`);
}
