import { type ComponentHandler, type HandlerContext } from 'kurel/plugin-api';
import { defineKind, GO_DURATION, GO_STRUCT, isPlainObject } from 'kurel/plugin-kit';
import { externalSecretsIoV1 } from '../../../generated/external-secrets/index.js';
import { crdProperties } from '../../../shared/crd-properties.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { externalSecretGo, under } from './external-secret.js';
import { storeGo } from './providers.js';

// External Secrets Operator (external-secrets.io/v1). What an author may write is generated from
// external-secrets/external-secrets' CRDs (crds/external-secrets); the `go` annotations say where
// the upstream types write what was not authored (external-secret.ts, providers.ts).

type Spec = Record<string, unknown>;

export const externalSecret = defineKind<Spec>({
  type: 'externalsecret',
  description: 'An ExternalSecret (external-secrets.io/v1): a Secret written from a secret store.',
  apiVersion: 'external-secrets.io/v1',
  kind: 'ExternalSecret',
  ...crdProperties(crdSpec(externalSecretsIoV1.ExternalSecret), { go: externalSecretGo }),
  metadataHolders: [{ path: ['spec', 'target', 'template', 'metadata'], holder: 'secret template', noPods: true }],
  scope: 'namespaced',
});

export const clusterExternalSecret = defineKind<Spec>({
  type: 'clusterexternalsecret',
  description: 'A ClusterExternalSecret (external-secrets.io/v1): one ExternalSecret in each selected namespace.',
  apiVersion: 'external-secrets.io/v1',
  kind: 'ClusterExternalSecret',
  ...crdProperties(crdSpec(externalSecretsIoV1.ClusterExternalSecret), {
    go: { externalSecretMetadata: GO_STRUCT, refreshTime: GO_DURATION, ...under('externalSecretSpec', externalSecretGo) },
  }),
  metadataHolders: [
    { path: ['spec', 'externalSecretMetadata'], holder: 'spec.externalSecretMetadata', noPods: true },
    { path: ['spec', 'externalSecretSpec', 'target', 'template', 'metadata'], holder: 'secret template', noPods: true },
  ],
  scope: 'cluster',
});

function checkStore(props: Spec, ctx: HandlerContext): void {
  // The schema requires provider, a map.
  const chosen = isPlainObject(props.provider) ? Object.keys(props.provider) : [];
  if (chosen.length !== 1) ctx.fail(`provider takes exactly one provider, got ${chosen.length === 0 ? 'none' : chosen.join(', ')}`, ['provider']);
}

export const secretStore = defineKind<Spec>({
  type: 'secretstore',
  description: 'A SecretStore (external-secrets.io/v1): a secret provider ExternalSecrets of its namespace read from.',
  apiVersion: 'external-secrets.io/v1',
  kind: 'SecretStore',
  ...crdProperties(crdSpec(externalSecretsIoV1.SecretStore), { go: storeGo }),
  scope: 'namespaced',
  check: (props, _input, ctx) => checkStore(props, ctx),
});

export const clusterSecretStore = defineKind<Spec>({
  type: 'clustersecretstore',
  description: 'A ClusterSecretStore (external-secrets.io/v1): a secret provider ExternalSecrets of every namespace may read from.',
  apiVersion: 'external-secrets.io/v1',
  kind: 'ClusterSecretStore',
  ...crdProperties(crdSpec(externalSecretsIoV1.ClusterSecretStore), { go: storeGo }),
  scope: 'cluster',
  check: (props, _input, ctx) => checkStore(props, ctx),
});

export const externalSecretsKinds: ComponentHandler<unknown>[] = [externalSecret, clusterExternalSecret, secretStore, clusterSecretStore];
