import type { PropertySchema } from 'kurel/plugin-api';
import { obj, oneOf, req, str, strings } from '../schema.js';

// The reference types of External Secrets (external-secrets.io/v1, apis/meta/v1): they may name
// another namespace, which only a ClusterSecretStore honours.

export const esSecretKeySelector = (description: string): PropertySchema =>
  obj(description, {
    name: str('The Secret name.'),
    namespace: str('The Secret namespace (ClusterSecretStore only).'),
    key: str('The key of the Secret.'),
  });

export const serviceAccountSelector = (description: string): PropertySchema =>
  obj(description, {
    name: req(str('The ServiceAccount name.')),
    namespace: str('The ServiceAccount namespace (ClusterSecretStore only).'),
    audiences: strings('Audiences of the token.', 'An audience.'),
  });

export const caProvider = (description = 'Where the CA certificate of the provider is read from.'): PropertySchema =>
  obj(description, {
    type: req(oneOf(['Secret', 'ConfigMap'], 'The kind of object.')),
    name: req(str('The object name.')),
    key: str('The key holding the CA.'),
    namespace: str('The object namespace (ClusterSecretStore only).'),
  });

export const caBundle = str('A PEM CA bundle, base64-encoded.');
