// Where the Go types of a SecretStore's providers (external-secrets.io/v1) write what was not
// authored, by path: the non-pointer structs, the `omitempty` zeros, the durations.

/** Paths of the provider's non-pointer structs, which Go writes even when empty. */
export const providerStructs = [
  'provider.aws.auth',
  'provider.vault.tls',
  'provider.vault.auth.ldap.secretRef',
  'provider.vault.auth.cert.clientCert',
  'provider.vault.auth.cert.secretRef',
  'provider.vault.auth.iam.secretRef.accessKeyIDSecretRef',
  'provider.vault.auth.iam.secretRef.secretAccessKeySecretRef',
  'provider.gcpsm.auth',
  'provider.kubernetes.server',
];

/** Paths of the provider's `omitempty` fields Go drops at their zero value. */
export const providerOmitZero = ['provider.vault.readYourWrites', 'provider.vault.forwardInconsistent', 'provider.gitlab.inheritFromGroups', 'provider.aws.secretsManager.forceDeleteWithoutRecovery', 'provider.aws.secretsManager.recoveryWindowInDays'];

/** The webhook, 1Password SDK and Bitwarden providers: structs always written, durations normalised. */
export const extraProviderShape = {
  structs: ['provider.webhook.result'],
  durations: ['provider.webhook.timeout', 'provider.onepasswordSDK.cache.ttl'],
  zeroDurations: ['provider.onepasswordSDK.cache.ttl'],
  omitZero: ['provider.onepasswordSDK.cache.maxSize'],
};
