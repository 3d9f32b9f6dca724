import type { PropertySchema } from 'kurel/plugin-api';
import { bool, int, list, obj, oneOf, req, str, strings } from '../schema.js';
import { caBundle, caProvider, esSecretKeySelector, serviceAccountSelector } from './meta.js';
import { bitwardensecretsmanager, onepasswordSDK, webhook } from './providers-extra.js';
import { vaultProvider } from './vault.js';

// The providers of a SecretStore (external-secrets.io/v1 SecretStoreProvider) that kurel
// declares: AWS, Azure Key Vault, Google Secret Manager, Vault, Kubernetes, GitLab, 1Password
// (Connect and SDK), Doppler, webhook, Bitwarden Secrets Manager and the fake provider. Exactly
// one is set.

const awsSecretRef = obj('AWS credentials from Secrets.', {
  accessKeyIDSecretRef: esSecretKeySelector('The access key id.'),
  secretAccessKeySecretRef: esSecretKeySelector('The secret access key.'),
  sessionTokenSecretRef: esSecretKeySelector('The session token.'),
});

const aws = obj('AWS Secrets Manager or Parameter Store.', {
  service: req(oneOf(['SecretsManager', 'ParameterStore'], 'The AWS service.')),
  auth: obj('How the store authenticates: Secrets, or IRSA through a ServiceAccount; the pod identity when empty.', {
    secretRef: awsSecretRef,
    jwt: obj('IRSA through a ServiceAccount.', { serviceAccountRef: serviceAccountSelector('The ServiceAccount.') }),
  }),
  role: str('A role assumed.'),
  region: req(str('The AWS region.')),
  additionalRoles: strings('Roles assumed in a chain before role.', 'A role ARN.'),
  externalID: str('The external id of the role.'),
  sessionTags: list('Session tags.', obj('A tag.', { key: req(str('The key.')), value: req(str('The value.')) })),
  secretsManager: obj('Secrets Manager settings.', {
    forceDeleteWithoutRecovery: bool('Delete without a recovery window.'),
    recoveryWindowInDays: int('The recovery window of deleted secrets.'),
  }),
  transitiveTagKeys: strings('Session tag keys passed on in a role chain.', 'A key.'),
  prefix: str('A prefix put before every key.'),
});

const azurekv = obj('Azure Key Vault.', {
  authType: oneOf(['ServicePrincipal', 'ManagedIdentity', 'WorkloadIdentity'], 'The authentication type.'),
  vaultUrl: req(str('The vault URL.')),
  tenantId: str('The tenant id.'),
  environmentType: oneOf(['PublicCloud', 'USGovernmentCloud', 'ChinaCloud', 'GermanCloud', 'AzureStackCloud'], 'The Azure environment.'),
  authSecretRef: obj('Service principal credentials.', {
    clientId: esSecretKeySelector('The client id.'),
    clientSecret: esSecretKeySelector('The client secret.'),
    clientCertificate: esSecretKeySelector('The client certificate.'),
    tenantId: esSecretKeySelector('The tenant id.'),
  }),
  serviceAccountRef: serviceAccountSelector('The ServiceAccount of workload identity.'),
  identityId: str('The managed identity.'),
});

const gcpsm = obj('Google Cloud Secret Manager.', {
  auth: obj('How the store authenticates: a key, or workload identity; the pod identity when empty.', {
    secretRef: obj('A service account key.', { secretAccessKeySecretRef: esSecretKeySelector('The key JSON.') }),
    workloadIdentity: obj('GKE workload identity.', {
      serviceAccountRef: req(serviceAccountSelector('The ServiceAccount.')),
      clusterLocation: str('The location of the cluster.'),
      clusterName: str('The name of the cluster.'),
      clusterProjectID: str('The project of the cluster.'),
    }),
  }),
  projectID: str('The project of the secrets.'),
  location: str('The location of regional secrets.'),
  secretVersionSelectionPolicy: oneOf(['LatestOrFail', 'LatestOrFetch'], 'Which version is read when the latest is disabled.'),
});

const kubernetes = obj('Another Kubernetes cluster or namespace.', {
  server: obj('The API server.', { url: str('The server URL.'), caBundle, caProvider: caProvider() }),
  auth: obj('How the store authenticates.', {
    cert: obj('A client certificate.', { clientCert: esSecretKeySelector('The certificate.'), clientKey: esSecretKeySelector('The key.') }),
    token: obj('A bearer token.', { bearerToken: esSecretKeySelector('The token.') }),
    serviceAccount: serviceAccountSelector('A ServiceAccount whose token is used.'),
  }),
  authRef: esSecretKeySelector('A Secret holding a kubeconfig.'),
  remoteNamespace: str('The namespace secrets are read from (default when absent).'),
});

const gitlab = obj('GitLab CI/CD variables.', {
  url: str('The GitLab URL.'),
  auth: req(obj('How the store authenticates.', { SecretRef: req(obj('The access token.', { accessToken: esSecretKeySelector('The token.') })) })),
  projectID: str('The project.'),
  inheritFromGroups: bool('Read the variables of the groups of the project.'),
  groupIDs: strings('Groups read.', 'A group id.'),
  environment: str('The environment scope.'),
  caBundle,
  caProvider: caProvider(),
});

const onepassword = obj('1Password Connect.', {
  connectHost: req(str('The Connect server URL.')),
  vaults: req({ type: 'object', description: 'The vaults searched and their order.', additionalProperties: int('The search order of the vault.') }),
  auth: req(obj('How the store authenticates.', { secretRef: req(obj('The Connect token.', { connectTokenSecretRef: req(esSecretKeySelector('The token.')) })) })),
});

const doppler = obj('Doppler.', {
  auth: req(obj('How the store authenticates.', { secretRef: req(obj('The service token.', { dopplerToken: req(esSecretKeySelector('The token.')) })) })),
  project: str('The project.'),
  config: str('The config.'),
  nameTransformer: oneOf(['upper-camel', 'camel', 'lower-snake', 'tf-var', 'dotnet-env', 'lower-kebab'], 'How secret names are transformed.'),
  format: oneOf(['json', 'dotnet-json', 'env', 'yaml', 'docker'], 'The download format.'),
});

const fake = obj('A fake provider with static data, for tests.', {
  data: req(list('The data served.', obj('A fake secret.', { key: req(str('The key.')), value: str('The value.'), version: str('The version.') }))),
});

export const provider: PropertySchema = obj('The secret provider: exactly one.', {
  aws,
  azurekv,
  gcpsm,
  vault: vaultProvider,
  kubernetes,
  gitlab,
  onepassword,
  doppler,
  webhook,
  onepasswordSDK,
  bitwardensecretsmanager,
  fake,
});

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
