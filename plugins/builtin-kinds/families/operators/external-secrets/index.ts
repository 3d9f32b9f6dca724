import type { ComponentHandler, HandlerContext } from 'kurel/plugin-api';
import { externalSecretsIoV1 } from '../../../generated/external-secrets/index.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { defineOperatorKind } from '../operator-kind.js';
import { checkGoValues, emptyStructs, normaliseGoValues, omitZero, zeroValue } from '../go-shape.js';
import { externalSecretOmitZero, externalSecretStructs } from './external-secret.js';
import { extraProviderShape, providerOmitZero, providerStructs } from './providers.js';

// External Secrets Operator (external-secrets.io/v1). What an author may write is generated from
// external-secrets/external-secrets' CRDs (crds/external-secrets); the Go shapes below say where
// the upstream types write what was not authored (external-secret.ts, providers.ts). The
// hand-written ExternalSecret spec in external-secret.ts describes the external-secret trait's
// dataFrom only.

type Spec = Record<string, unknown>;

export const externalSecret = defineOperatorKind<Spec>({
  type: 'externalsecret',
  description: 'An ExternalSecret (external-secrets.io/v1): a Secret written from a secret store.',
  apiVersion: 'external-secrets.io/v1',
  kind: 'ExternalSecret',
  spec: crdSpec(externalSecretsIoV1.ExternalSecret),
  metadataHolders: [{ path: ['spec', 'target', 'template', 'metadata'], holder: 'secret template', noPods: true }],
  scope: 'namespaced',
  check: (props, _input, ctx) => checkGoValues(props, 'duration', ctx, 'refreshInterval'),
  content(props) {
    const spec = structuredClone(props);
    normaliseGoValues(spec, 'duration', 'refreshInterval');
    emptyStructs(spec, ...externalSecretStructs);
    omitZero(spec, ...externalSecretOmitZero);
    return spec;
  },
});

export const clusterExternalSecret = defineOperatorKind<Spec>({
  type: 'clusterexternalsecret',
  description: 'A ClusterExternalSecret (external-secrets.io/v1): one ExternalSecret in each selected namespace.',
  apiVersion: 'external-secrets.io/v1',
  kind: 'ClusterExternalSecret',
  spec: crdSpec(externalSecretsIoV1.ClusterExternalSecret),
  metadataHolders: [
    { path: ['spec', 'externalSecretMetadata'], holder: 'spec.externalSecretMetadata', noPods: true },
    { path: ['spec', 'externalSecretSpec', 'target', 'template', 'metadata'], holder: 'secret template', noPods: true },
  ],
  scope: 'cluster',
  check: (props, _input, ctx) => checkGoValues(props, 'duration', ctx, 'refreshTime', 'externalSecretSpec.refreshInterval'),
  content(props) {
    const spec = structuredClone(props);
    normaliseGoValues(spec, 'duration', 'refreshTime', 'externalSecretSpec.refreshInterval');
    const inner = spec.externalSecretSpec as Spec;
    emptyStructs(spec, 'externalSecretMetadata');
    emptyStructs(inner, ...externalSecretStructs);
    omitZero(inner, ...externalSecretOmitZero);
    return spec;
  },
});

function checkStore(props: Spec, ctx: HandlerContext): void {
  const chosen = Object.keys(props.provider as Spec);
  if (chosen.length !== 1) ctx.fail(`provider takes exactly one provider, got ${chosen.length === 0 ? 'none' : chosen.join(', ')}`, ['provider']);
  checkGoValues(props, 'duration', ctx, ...extraProviderShape.durations);
}

function storeContent(props: Spec): Spec {
  const spec = structuredClone(props);
  emptyStructs(spec, ...providerStructs, ...extraProviderShape.structs);
  zeroValue(spec, '0s', ...extraProviderShape.zeroDurations);
  omitZero(spec, ...providerOmitZero, ...extraProviderShape.omitZero, 'refreshInterval');
  normaliseGoValues(spec, 'duration', ...extraProviderShape.durations);
  return spec;
}

export const secretStore = defineOperatorKind<Spec>({
  type: 'secretstore',
  description: 'A SecretStore (external-secrets.io/v1): a secret provider ExternalSecrets of its namespace read from.',
  apiVersion: 'external-secrets.io/v1',
  kind: 'SecretStore',
  spec: crdSpec(externalSecretsIoV1.SecretStore),
  scope: 'namespaced',
  check: (props, _input, ctx) => checkStore(props, ctx),
  content: storeContent,
});

export const clusterSecretStore = defineOperatorKind<Spec>({
  type: 'clustersecretstore',
  description: 'A ClusterSecretStore (external-secrets.io/v1): a secret provider ExternalSecrets of every namespace may read from.',
  apiVersion: 'external-secrets.io/v1',
  kind: 'ClusterSecretStore',
  spec: crdSpec(externalSecretsIoV1.ClusterSecretStore),
  scope: 'cluster',
  check: (props, _input, ctx) => checkStore(props, ctx),
  content: storeContent,
});

export const externalSecretsKinds: ComponentHandler<any>[] = [externalSecret, clusterExternalSecret, secretStore, clusterSecretStore];
