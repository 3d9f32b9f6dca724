import { explicitSecretsAllowed, RefusalClass, type ComponentHandler } from 'kurel/plugin-api';
import { always, DURATION, nested, OMIT_ZERO, struct, type GoShape } from '../shared/go-encoding.js';
import { certManagerIoV1 } from '../generated/cert-manager/index.js';
import { crdSpec } from '../shared/crd-spec.js';
import { specKind } from '../shared/spec-kind.js';

// cert-manager kinds, cert-manager.io/v1, as the reference's cert-manager v1.21 types. The schemas
// are generated from cert-manager/cert-manager's CRD manifests at v1.21.1
// (crds/cert-manager/provenance.json); the Go shapes below say where the upstream types write what
// was not authored.
//
// The environment policy: a keystore password, written into the object, is refused under a policy
// that forbids explicit secrets. Not held here: the HTTP01 solver pods' cpu and memory.

const API_VERSION = 'cert-manager.io/v1';

/** cmmeta.SecretKeySelector and LocalObjectReference: a struct whose name is always written. */
const secretRef = struct({ name: always('') });

/** An HTTP01 solver's pod template: its metadata and spec are structs. */
const podTemplate = nested({ metadata: struct(), spec: struct() });

const certificateGo: GoShape = {
  secretName: always(''),
  issuerRef: struct({ name: always('') }),
  duration: DURATION,
  renewBefore: DURATION,
  isCA: OMIT_ZERO,
  privateKey: nested({ size: OMIT_ZERO }),
  keystores: nested({
    jks: nested({ create: always(false), passwordSecretRef: secretRef }),
    pkcs12: nested({ create: always(false), passwordSecretRef: secretRef }),
  }),
  renewal: nested({ windows: nested({ windowDuration: DURATION }) }),
  additionalOutputFormats: nested({ type: always('') }),
};

const issuerGo: GoShape = {
  acme: nested({
    server: always(''),
    privateKeySecretRef: secretRef,
    skipTLSVerify: OMIT_ZERO,
    disableAccountKeyGeneration: OMIT_ZERO,
    enableDurationFeature: OMIT_ZERO,
    externalAccountBinding: nested({ keyID: always(''), keySecretRef: secretRef }),
    solvers: nested({
      http01: nested({
        ingress: nested({ podTemplate: podTemplate, ingressTemplate: nested({ metadata: struct() }) }),
        gatewayHTTPRoute: nested({ podTemplate: podTemplate }),
      }),
      dns01: nested({
        route53: nested({ secretAccessKeySecretRef: secretRef }),
        rfc2136: nested({ nameserver: always(''), tsigSecretSecretRef: secretRef }),
      }),
    }),
  }),
  ca: nested({ secretName: always('') }),
  vault: nested({
    server: always(''),
    path: always(''),
    auth: struct({
      appRole: nested({ path: always(''), roleId: always(''), secretRef }),
      kubernetes: nested({ role: always(''), secretRef, serviceAccountRef: nested({ name: always('') }) }),
    }),
  }),
  venafi: nested({
    zone: always(''),
    tpp: nested({ url: always(''), credentialsRef: secretRef }),
    cloud: nested({ apiTokenSecretRef: secretRef }),
  }),
};

export const kinds: ComponentHandler<any>[] = [
  specKind({
    type: 'certificate',
    description: 'A cert-manager Certificate, as authored: cert-manager writes the Secret secretName names. Needs no capability, unlike the certificate trait.',
    apiVersion: API_VERSION,
    kind: 'Certificate',
    scope: 'namespaced',
    spec: crdSpec(certManagerIoV1.Certificate),
    go: certificateGo,
    check(spec, ctx) {
      if (explicitSecretsAllowed(ctx.policy)) return;
      for (const store of ['jks', 'pkcs12']) {
        if (spec.keystores?.[store]?.password === undefined) continue;
        ctx.violate(
          RefusalClass.explicitSecret,
          `keystores.${store}.password: the environment policy forbids explicit secrets; set passwordSecretRef to the key of a Secret created out of band instead`,
          ['keystores', store, 'password'],
        );
      }
    },
  }),
  specKind({
    type: 'issuer',
    description: "A cert-manager Issuer: an ACME, CA, Vault, self-signed or Venafi issuer of the namespace's Certificates.",
    apiVersion: API_VERSION,
    kind: 'Issuer',
    scope: 'namespaced',
    spec: crdSpec(certManagerIoV1.Issuer),
    go: issuerGo,
  }),
  specKind({
    type: 'clusterissuer',
    description: "A cert-manager ClusterIssuer: an issuer every namespace's Certificates may name.",
    apiVersion: API_VERSION,
    kind: 'ClusterIssuer',
    scope: 'cluster',
    spec: crdSpec(certManagerIoV1.ClusterIssuer),
    go: issuerGo,
  }),
];
