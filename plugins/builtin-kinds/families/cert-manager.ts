import { RefusalClass, type ComponentHandler, type JsonObject, type GoEncoding } from 'kurel/plugin-api';
import { defineKind, explicitSecretsAllowed, goAlways, GO_DURATION, GO_OMIT_ZERO, GO_STRUCT } from 'kurel/plugin-kit';
import { childOf } from '../shared/json-guards.js';
import { certManagerIoV1 } from '../generated/cert-manager/index.js';
import { crdProperties } from '../shared/crd-properties.js';
import { crdSpec } from '../shared/crd-spec.js';
import { acmeSolverHolders } from '../shared/metadata-holders.js';

// cert-manager kinds, cert-manager.io/v1, as the reference's cert-manager v1.21 types. The schemas
// are generated from cert-manager/cert-manager's CRD manifests at v1.21.1
// (crds/cert-manager/provenance.json); the `go` annotations below say where the upstream types write what
// was not authored.
//
// The environment policy: a keystore password, written into the object, is refused under a policy
// that forbids explicit secrets. Not held here: the HTTP01 solver pods' cpu and memory.

const API_VERSION = 'cert-manager.io/v1';

type GoFields = Record<string, GoEncoding>;

/** Each field of a struct, by its path under the struct. */
const under = (at: string, fields: GoFields): GoFields => Object.fromEntries(Object.entries(fields).map(([path, go]) => [path ? `${at}.${path}` : at, go]));

/** cmmeta.SecretKeySelector and LocalObjectReference: a struct whose name is always written. */
const secretRef: GoFields = { '': GO_STRUCT, name: goAlways('') };

/** An HTTP01 solver's pod template: its metadata and spec are structs. */
const podTemplate: GoFields = { 'podTemplate.metadata': GO_STRUCT, 'podTemplate.spec': GO_STRUCT };

const keystore: GoFields = { create: goAlways(false), ...under('passwordSecretRef', secretRef) };

const certificateGo: GoFields = {
  secretName: goAlways(''),
  issuerRef: GO_STRUCT,
  'issuerRef.name': goAlways(''),
  duration: GO_DURATION,
  renewBefore: GO_DURATION,
  isCA: GO_OMIT_ZERO,
  'privateKey.size': GO_OMIT_ZERO,
  ...under('keystores.jks', keystore),
  ...under('keystores.pkcs12', keystore),
  'renewal.windows[].windowDuration': GO_DURATION,
  'additionalOutputFormats[].type': goAlways(''),
};

const issuerGo: GoFields = {
  ...under('acme', {
    server: goAlways(''),
    ...under('privateKeySecretRef', secretRef),
    skipTLSVerify: GO_OMIT_ZERO,
    disableAccountKeyGeneration: GO_OMIT_ZERO,
    enableDurationFeature: GO_OMIT_ZERO,
    'externalAccountBinding.keyID': goAlways(''),
    ...under('externalAccountBinding.keySecretRef', secretRef),
    ...under('solvers[].http01.ingress', { ...podTemplate, 'ingressTemplate.metadata': GO_STRUCT }),
    ...under('solvers[].http01.gatewayHTTPRoute', podTemplate),
    ...under('solvers[].dns01.route53.secretAccessKeySecretRef', secretRef),
    'solvers[].dns01.rfc2136.nameserver': goAlways(''),
    ...under('solvers[].dns01.rfc2136.tsigSecretSecretRef', secretRef),
  }),
  'ca.secretName': goAlways(''),
  ...under('vault', {
    server: goAlways(''),
    path: goAlways(''),
    auth: GO_STRUCT,
    'auth.appRole.path': goAlways(''),
    'auth.appRole.roleId': goAlways(''),
    ...under('auth.appRole.secretRef', secretRef),
    'auth.kubernetes.role': goAlways(''),
    ...under('auth.kubernetes.secretRef', secretRef),
    'auth.kubernetes.serviceAccountRef.name': goAlways(''),
  }),
  ...under('venafi', {
    zone: goAlways(''),
    'tpp.url': goAlways(''),
    ...under('tpp.credentialsRef', secretRef),
    ...under('cloud.apiTokenSecretRef', secretRef),
  }),
};

export const kinds: ComponentHandler<unknown>[] = [
  defineKind<JsonObject>({
    type: 'certificate',
    description: 'A cert-manager Certificate, as authored: cert-manager writes the Secret secretName names. Needs no capability, unlike the certificate trait.',
    apiVersion: API_VERSION,
    kind: 'Certificate',
    scope: 'namespaced',
    metadataHolders: [{ path: ['spec', 'secretTemplate'], holder: 'secret template', noPods: true }],
    ...crdProperties(crdSpec(certManagerIoV1.Certificate), { go: certificateGo }),
    check(spec, _input, ctx) {
      if (explicitSecretsAllowed(ctx.policy)) return;
      for (const store of ['jks', 'pkcs12']) {
        if (childOf(childOf(spec.keystores, store), 'password') === undefined) continue;
        ctx.violate(
          RefusalClass.explicitSecret,
          `keystores.${store}.password: the environment policy forbids explicit secrets; set passwordSecretRef to the key of a Secret created out of band instead`,
          ['keystores', store, 'password'],
        );
      }
    },
  }),
  defineKind<JsonObject>({
    type: 'issuer',
    description: "A cert-manager Issuer: an ACME, CA, Vault, self-signed or Venafi issuer of the namespace's Certificates.",
    apiVersion: API_VERSION,
    kind: 'Issuer',
    scope: 'namespaced',
    metadataHolders: acmeSolverHolders(),
    ...crdProperties(crdSpec(certManagerIoV1.Issuer), { go: issuerGo }),
  }),
  defineKind<JsonObject>({
    type: 'clusterissuer',
    description: "A cert-manager ClusterIssuer: an issuer every namespace's Certificates may name.",
    apiVersion: API_VERSION,
    kind: 'ClusterIssuer',
    scope: 'cluster',
    metadataHolders: acmeSolverHolders(),
    ...crdProperties(crdSpec(certManagerIoV1.ClusterIssuer), { go: issuerGo }),
  }),
];
