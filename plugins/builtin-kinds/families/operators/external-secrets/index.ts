import type { ComponentHandler, HandlerContext, PropertySchema } from 'kurel/plugin-api';
import { externalSecretsIoV1 } from '../../../generated/external-secrets/index.js';
import { crdSpec } from '../../../shared/crd-spec.js';
import { defineOperatorKind } from '../operator-kind.js';
import { int, list, obj, req, str, strings } from '../schema.js';
import { labelSelector, templateMetadata } from '../core/meta.js';
import { checkGoValues, emptyStructs, normaliseGoValues, omitZero, zeroValue } from '../go-shape.js';
import { externalSecretOmitZero, externalSecretSpec, externalSecretStructs } from './external-secret.js';
import { extraProviderShape } from './providers-extra.js';
import { provider, providerOmitZero, providerStructs } from './providers.js';

// External Secrets Operator (external-secrets.io/v1). What an author may write is generated from
// external-secrets/external-secrets' CRDs (crds/external-secrets); the Go shapes below say where
// the upstream types write what was not authored. The hand-written property schemas beside them
// (external-secret.ts, providers.ts) still describe the external-secret trait's fields.

type Spec = Record<string, unknown>;

export const externalSecret = defineOperatorKind<Spec>({
  type: 'externalsecret',
  description: 'An ExternalSecret (external-secrets.io/v1): a Secret written from a secret store.',
  apiVersion: 'external-secrets.io/v1',
  kind: 'ExternalSecret',
  spec: crdSpec(externalSecretsIoV1.ExternalSecret),
  scope: 'namespaced',
  properties: externalSecretSpec,
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
  scope: 'cluster',
  properties: {
    externalSecretSpec: req(obj('The spec of the ExternalSecrets created.', externalSecretSpec)),
    externalSecretName: str('The name of the ExternalSecrets created (the object name when absent).'),
    externalSecretMetadata: templateMetadata('Labels and annotations of the ExternalSecrets created.'),
    namespaceSelector: labelSelector('The namespaces (deprecated: use namespaceSelectors).'),
    namespaceSelectors: list('The namespaces, by label: any selector matching.', labelSelector('A namespace selector.')),
    namespaces: strings('The namespaces, by name.', 'A namespace.'),
    refreshTime: str('How often the namespaces are re-selected (a Go duration).'),
  },
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

const storeProperties: Record<string, PropertySchema> = {
  controller: str('The controller class that handles the store.'),
  provider: req(provider),
  retrySettings: obj('Retries of provider calls.', { maxRetries: int('The most retries.'), retryInterval: str('The interval between retries (a duration).') }),
  refreshInterval: int('Seconds between validations of the store.'),
  conditions: list(
    'Namespaces that may use the store (ClusterSecretStore).',
    obj('A condition: any matching namespace may.', {
      namespaceSelector: labelSelector('Namespaces by label.'),
      namespaces: strings('Namespaces by name.', 'A namespace.'),
      namespaceRegexes: strings('Namespaces by regular expression.', 'An expression.'),
    }),
  ),
};

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
  properties: storeProperties,
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
  properties: storeProperties,
  check: (props, _input, ctx) => checkStore(props, ctx),
  content: storeContent,
});

export const externalSecretsKinds: ComponentHandler<any>[] = [externalSecret, clusterExternalSecret, secretStore, clusterSecretStore];
