import type { PropertySchema } from 'kurel/plugin-api';
import { bool, int, obj, oneOf, req, smap, str, strings } from '../schema.js';
import { caBundle, caProvider, esSecretKeySelector, serviceAccountSelector } from './meta.js';

// The HashiCorp Vault provider of a SecretStore (external-secrets.io/v1 VaultProvider).

const path = (fallback: string) => str('The mount path of the auth method.', { default: fallback });

const auth = obj('How the store authenticates to Vault: one method.', {
  namespace: str('The Vault namespace authenticated in.'),
  tokenSecretRef: esSecretKeySelector('A Secret holding a Vault token.'),
  appRole: obj('AppRole authentication.', {
    path: str('The mount path of the AppRole method.', { default: 'approle' }),
    roleId: str('The role id.'),
    roleRef: esSecretKeySelector('A Secret holding the role id.'),
    secretRef: req(esSecretKeySelector('A Secret holding the secret id.')),
  }),
  kubernetes: obj('Kubernetes authentication.', {
    mountPath: str('The mount path of the Kubernetes method.', { default: 'kubernetes' }),
    serviceAccountRef: serviceAccountSelector('The ServiceAccount whose token is presented.'),
    secretRef: esSecretKeySelector('A Secret holding the token presented.'),
    role: req(str('The Vault role.')),
  }),
  ldap: obj('LDAP authentication.', { path: path('ldap'), username: req(str('The user.')), secretRef: esSecretKeySelector('A Secret holding the password.') }),
  jwt: obj('JWT/OIDC authentication.', {
    path: path('jwt'),
    role: str('The Vault role.'),
    secretRef: esSecretKeySelector('A Secret holding the token.'),
    kubernetesServiceAccountToken: obj('A ServiceAccount token requested for the login.', {
      serviceAccountRef: req(serviceAccountSelector('The ServiceAccount.')),
      audiences: strings('Audiences of the token.', 'An audience.'),
      expirationSeconds: int('Lifetime of the token.'),
    }),
  }),
  cert: obj('TLS certificate authentication.', {
    path: path('cert'),
    clientCert: esSecretKeySelector('A Secret holding the client certificate.'),
    secretRef: esSecretKeySelector('A Secret holding the client key.'),
  }),
  iam: obj('AWS IAM authentication.', {
    path: str('The mount path of the AWS auth method.'),
    region: str('The AWS region.'),
    role: str('The AWS role assumed.'),
    externalID: str('The external id of the role.'),
    vaultAwsIamServerID: str('The X-Vault-AWS-IAM-Server-ID header.'),
    vaultRole: req(str('The Vault role.')),
    secretRef: obj('AWS credentials.', {
      accessKeyIDSecretRef: esSecretKeySelector('The access key id.'),
      secretAccessKeySecretRef: esSecretKeySelector('The secret access key.'),
      sessionTokenSecretRef: esSecretKeySelector('The session token.'),
    }),
    jwt: obj('A ServiceAccount for IRSA.', { serviceAccountRef: serviceAccountSelector('The ServiceAccount.') }),
  }),
  userPass: obj('Username and password authentication.', { path: path('userpass'), username: req(str('The user.')), secretRef: esSecretKeySelector('A Secret holding the password.') }),
});

export const vaultProvider: PropertySchema = obj('HashiCorp Vault.', {
  auth,
  server: req(str('The Vault server address.')),
  path: str('The mount path of the KV engine.'),
  version: oneOf(['v1', 'v2'], 'The KV engine version.', { default: 'v2' }),
  namespace: str('The Vault namespace.'),
  caBundle,
  caProvider: caProvider(),
  tls: obj('Client certificate for mutual TLS.', {
    certSecretRef: esSecretKeySelector('A Secret holding the client certificate.'),
    keySecretRef: esSecretKeySelector('A Secret holding the client key.'),
  }),
  readYourWrites: bool('Send X-Vault-Index to read what was written.'),
  forwardInconsistent: bool('Forward inconsistent reads to the leader.'),
  headers: smap('Headers sent with every request.'),
  checkAndSet: obj('Check-and-set of written secrets.', { required: bool('Require check-and-set on writes.') }),
});
