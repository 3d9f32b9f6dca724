import { GO_DURATION, GO_OMIT_ZERO, GO_STRUCT, goAlways } from 'kurel/plugin-kit';
import type { GoFields } from './external-secret.js';

// Where the Go types of a SecretStore's providers (external-secrets.io/v1) write what was not
// authored, by path under the store's spec: the non-pointer structs, the `omitempty` zeros, the
// durations.

export const storeGo: GoFields = {
  'provider.aws.auth': GO_STRUCT,
  'provider.vault.tls': GO_STRUCT,
  'provider.vault.auth.ldap.secretRef': GO_STRUCT,
  'provider.vault.auth.cert.clientCert': GO_STRUCT,
  'provider.vault.auth.cert.secretRef': GO_STRUCT,
  'provider.vault.auth.iam.secretRef.accessKeyIDSecretRef': GO_STRUCT,
  'provider.vault.auth.iam.secretRef.secretAccessKeySecretRef': GO_STRUCT,
  'provider.gcpsm.auth': GO_STRUCT,
  'provider.kubernetes.server': GO_STRUCT,
  'provider.webhook.result': GO_STRUCT,
  'provider.vault.readYourWrites': GO_OMIT_ZERO,
  'provider.vault.forwardInconsistent': GO_OMIT_ZERO,
  'provider.gitlab.inheritFromGroups': GO_OMIT_ZERO,
  'provider.aws.secretsManager.forceDeleteWithoutRecovery': GO_OMIT_ZERO,
  'provider.aws.secretsManager.recoveryWindowInDays': GO_OMIT_ZERO,
  'provider.onepasswordSDK.cache.maxSize': GO_OMIT_ZERO,
  refreshInterval: GO_OMIT_ZERO,
  'provider.webhook.timeout': GO_DURATION,
  // A metav1.Duration held by value: "0s" when absent.
  'provider.onepasswordSDK.cache.ttl': goAlways('0s', GO_DURATION),
};
