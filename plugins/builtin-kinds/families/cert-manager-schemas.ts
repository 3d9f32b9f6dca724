import type { PropertySchema } from 'kurel/plugin-api';
import { edited, optional, withProperties } from '../shared/schema-edit.js';
import { certManagerV1 } from '../schemas/cert-manager/index.js';
import { once } from '../shared/lazy.js';
import { flag, integer, list, object, oneOf, required, text, texts } from '../shared/property-builders.js';

// The spec schemas of the cert-manager kinds: @kubernetes-models/cert-manager 4.4.4, brought to the
// reference's cert-manager v1.21 where the package lags.

const secretKey = (description: string): PropertySchema =>
  object(description, {
    name: required(text('The name of the Secret, in the namespace of the object that names it.')),
    key: text('The key of the entry in the Secret.'),
  });

const nameConstraintItems = (description: string): PropertySchema =>
  object(description, {
    dnsDomains: texts('DNS domains.', 'One domain.'),
    ipRanges: texts('IP ranges, in CIDR notation.', 'One range.'),
    emailAddresses: texts('Email addresses.', 'One address.'),
    uriDomains: texts('URI domains.', 'One domain.'),
  });

const certificateAdditions = {
  renewBeforePercentage: integer("renewBefore as the percentage of the certificate's lifetime left when it is renewed, 1 to 99. Not together with renewBefore."),
  otherNames: list(
    'The requested otherName subject alternative names, of a UTF-8 string type.',
    object('One otherName.', {
      oid: text('The object identifier, as a dotted string ("1.2.840.113556.1.4.221").'),
      utf8Value: text('The value, a UTF-8 string.'),
    }),
  ),
  nameConstraints: object("The X.509 name constraints of a CA certificate. Behind cert-manager's NameConstraints feature gate.", {
    critical: flag('Whether the extension is marked critical.'),
    permitted: nameConstraintItems('The names certificates the CA signs may hold.'),
    excluded: nameConstraintItems('The names certificates the CA signs may not hold.'),
  }),
  renewal: object('How the certificate is renewed.', {
    policy: oneOf('RenewBefore (renew ahead of expiry) or Disabled.', ['RenewBefore', 'Disabled']),
    windows: list(
      'The windows renewals may happen in.',
      object('One window.', {
        cron: required(text('The cron expression of the moments the window opens.')),
        windowDuration: required(text('How long the window stays open from each such moment, as a Go duration ("2h").')),
        timezone: text('The time zone of the cron expression (an IANA name); UTC when unset.'),
      }),
    ),
  }),
};

const keystorePassword = text('The password that encrypts the keystore, written into the object. Not together with passwordSecretRef.');

export const certificate = once(() =>
  edited(
    withProperties(certManagerV1.CertificateSpec(), '', certificateAdditions),
    (s) => optional(s, 'keystores.jks.passwordSecretRef'),
    (s) => optional(s, 'keystores.pkcs12.passwordSecretRef'),
    (s) => withProperties(s, 'keystores.jks', { password: keystorePassword, alias: text('The alias of the key in the keystore; "certificate" when unset.') }),
    (s) =>
      withProperties(s, 'keystores.pkcs12', {
        password: keystorePassword,
        profile: oneOf('The algorithms that encrypt the keystore: LegacyRC2, LegacyDES or Modern2023.', ['LegacyRC2', 'LegacyDES', 'Modern2023']),
      }),
  ),
);

const imagePullSecrets = list('The Secrets the solver pod pulls its image with.', object('One Secret.', { name: text('The name of the Secret.') }));

/** What the IssuerSpec of the reference's cert-manager adds to the package's. */
function issuer(spec: PropertySchema): PropertySchema {
  return edited(
    spec,
    (s) => optional(s, 'vault.auth.kubernetes.secretRef'),
    (s) =>
      withProperties(s, 'vault.auth.kubernetes', {
        serviceAccountRef: object('The ServiceAccount whose token cert-manager requests to authenticate with Vault. Not together with secretRef.', {
          name: required(text('The name of the ServiceAccount, in the namespace of the issuer (cert-manager\'s own for a ClusterIssuer).')),
          audiences: texts('Audiences of the requested token beside the one cert-manager adds.', 'One audience.'),
        }),
      }),
    (s) =>
      withProperties(s, 'vault.auth', {
        clientCertificate: object('Authenticates with a TLS client certificate.', {
          mountPath: text('The Vault path the cert auth method is mounted at; /v1/auth/cert when unset.'),
          secretName: text('The Secret of type kubernetes.io/tls holding the client certificate; clientCertSecretRef and clientKeySecretRef when unset.'),
          name: text('The name of the Vault role to log in as.'),
        }),
      }),
    (s) =>
      withProperties(s, 'vault', {
        clientCertSecretRef: secretKey('The Secret key holding the client certificate for mutual TLS with Vault.'),
        clientKeySecretRef: secretKey('The Secret key holding the client key for mutual TLS with Vault.'),
        serverName: text('The name the Vault server certificate is verified against, and sent as SNI.'),
      }),
    (s) => withProperties(s, 'acme', { profile: text('The ACME profile the certificates are requested under, one the server offers.') }),
    (s) => withProperties(s, 'acme.solvers[].http01.ingress', { ingressClassName: text('The IngressClass of the Ingress cert-manager creates to solve the challenge. Not together with class or name.') }),
    (s) => withProperties(s, 'acme.solvers[].http01.ingress.podTemplate.spec', { imagePullSecrets: imagePullSecrets }),
    (s) => withProperties(s, 'acme.solvers[].http01.gatewayHTTPRoute', { podTemplate: s.properties!.acme.properties!.solvers.items!.properties!.http01.properties!.ingress.properties!.podTemplate }),
    (s) =>
      withProperties(s, 'acme.solvers[].dns01.route53', {
        auth: object('How cert-manager authenticates with Route53 other than by access keys.', {
          kubernetes: required(
            object('With a bound ServiceAccount token (AssumeRoleWithWebIdentity).', {
              serviceAccountRef: required(object('The ServiceAccount whose token is used.', { name: required(text('The name of the ServiceAccount.')), audiences: texts('Audiences of the token beside sts.amazonaws.com.', 'One audience.') })),
            }),
          ),
        }),
      }),
    (s) => withProperties(s, 'venafi.tpp', { caBundleSecretRef: secretKey('The Secret key holding the CA bundle of the TPP server. Not together with caBundle.') }),
    (s) => withProperties(s, 'ca', { issuingCertificateURLs: texts('The URLs of the CA certificate written into the certificates it signs (AIA).', 'One URL.') }),
  );
}

export const issuerSpec = once(() => issuer(certManagerV1.IssuerSpec()));

export const clusterIssuerSpec = once(() => issuer(certManagerV1.ClusterIssuerSpec()));
