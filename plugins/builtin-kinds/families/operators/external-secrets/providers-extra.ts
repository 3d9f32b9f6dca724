import type { PropertySchema } from 'kurel/plugin-api';
import { int, list, obj, oneOf, req, smap, str } from '../schema.js';
import { caBundle, caProvider, esSecretKeySelector } from './meta.js';

// More providers of a SecretStore (external-secrets.io/v1): the generic webhook, the 1Password
// SDK provider and Bitwarden Secrets Manager.

export const webhook: PropertySchema = obj('A generic templated webhook.', {
  method: str('The HTTP method (GET when absent).'),
  url: req(str('The URL called; a template.')),
  headers: smap('Headers sent; templates.'),
  auth: obj('The authorization protocol: one of them.', {
    ntlm: obj('NTLM.', { usernameSecret: req(esSecretKeySelector('The user name.')), passwordSecret: req(esSecretKeySelector('The password.')) }),
  }),
  body: str('The request body; a template.'),
  timeout: str('The request timeout (a Go duration).'),
  result: obj('How the value is read from the response.', { jsonPath: str('The JSON path of the value.') }),
  secrets: list('Secrets passed to the templates.', obj('A secret.', { name: req(str('Its name in the templates.')), secretRef: req(esSecretKeySelector('The Secret key.')) })),
  caBundle,
  caProvider: obj('Where the CA certificate of the webhook is read from.', {
    type: req(oneOf(['Secret', 'ConfigMap'], 'The kind of object.')),
    name: req(str('The object name.')),
    key: str('The key holding the CA.'),
    namespace: str('The object namespace.'),
  }),
});

export const onepasswordSDK: PropertySchema = obj('1Password through its SDK and a service account.', {
  vault: req(str('The vault name or id (without op://).')),
  integrationInfo: obj('The integration name and version reported to 1Password.', { name: str('The integration name.'), version: str('The integration version.') }),
  auth: req(obj('How the store authenticates.', { serviceAccountSecretRef: req(esSecretKeySelector('The service account token.')) })),
  cache: obj('Client-side caching of reads ({} enables it).', { ttl: str('How long a secret is cached (a Go duration).'), maxSize: int('The most secrets cached.') }),
});

export const bitwardensecretsmanager: PropertySchema = obj('Bitwarden Secrets Manager, through the Bitwarden SDK server.', {
  apiURL: str('The Bitwarden API URL.'),
  identityURL: str('The Bitwarden identity URL.'),
  bitwardenServerSDKURL: str('The URL of the Bitwarden SDK server.'),
  caBundle: str('The CA certificate of the SDK server, base64-encoded.'),
  caProvider: caProvider('Where the CA certificate of the SDK server is read from.'),
  organizationID: req(str('The organization the store manages.')),
  projectID: req(str('The project the store manages.')),
  auth: req(obj('How the store authenticates: a machine account token.', { secretRef: req(obj('The token.', { credentials: req(esSecretKeySelector('The access token.')) })) })),
});

/** Go's rendering of these providers: structs always written, durations normalised. */
export const extraProviderShape = {
  structs: ['provider.webhook.result'],
  durations: ['provider.webhook.timeout', 'provider.onepasswordSDK.cache.ttl'],
  zeroDurations: ['provider.onepasswordSDK.cache.ttl'],
  omitZero: ['provider.onepasswordSDK.cache.maxSize'],
};
