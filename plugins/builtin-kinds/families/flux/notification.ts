import { type ComponentHandler, type JsonObject } from 'kurel/plugin-api';
import { defineKind } from 'kurel/plugin-kit';
import { bool, duration, list, str, stringMap, strings, struct, goTypedProperties } from '../../shared/go-typed-schemas.js';
import { localRef } from './common.js';
import { notificationToolkitFluxcdIoV1beta3 } from '../../generated/flux-notification-controller/index.js';
import { notificationToolkitFluxcdIoV1 } from '../../generated/flux-notification-controller/index.js';
import { crdSpec } from '../../shared/crd-spec.js';

// The Flux notification API (notification.toolkit.fluxcd.io: Alert and Provider v1beta3, Receiver
// v1). What an author may write is generated from fluxcd/notification-controller's CRDs
// (crds/flux-notification-controller); the Go fields below say how the specs print.

const required = { emit: 'always', required: true } as const;

const objectRef = (description: string, extra: Record<string, ReturnType<typeof str>> = {}) =>
  struct(description, {
    apiVersion: str('The API version of the objects.'),
    kind: str('The kind of the objects (GitRepository, Kustomization, HelmRelease, …).', required),
    name: str('The name of the object; * for every object of the kind.', required),
    namespace: str("The namespace of the objects; the object's own when empty."),
    matchLabels: stringMap('Labels the objects must carry (with name *).'),
    ...extra,
  });

const alert = defineKind<JsonObject>({
  type: 'fluxcd-alert',
  description: 'A Flux Alert: which events of which Flux objects are sent to a Provider.',
  apiVersion: 'notification.toolkit.fluxcd.io/v1beta3',
  kind: 'Alert',
  scope: 'flux',
  ...goTypedProperties({
    providerRef: localRef('The Provider the events are sent to.', { emit: 'value', required: true }),
    eventSeverity: str('The least severity sent: info or error; info when empty.', { enum: ['info', 'error'] }),
    eventSources: list('The objects whose events are sent.', objectRef('An event source.'), required),
    inclusionList: strings('Regular expressions an event message must match to be sent.'),
    eventMetadata: stringMap('Metadata added to every event.'),
    exclusionList: strings('Regular expressions whose matching event messages are not sent.'),
    summary: str('Deprecated (use eventMetadata): a summary added to every event.'),
    suspend: bool('Whether sending is suspended.'),
  }, crdSpec(notificationToolkitFluxcdIoV1beta3.Alert)),
});

const provider = defineKind<JsonObject>({
  type: 'fluxcd-provider',
  description: 'A Flux notification Provider: where alerts are sent (Slack, Teams, a Git forge commit status, a webhook, …).',
  apiVersion: 'notification.toolkit.fluxcd.io/v1beta3',
  kind: 'Provider',
  scope: 'flux',
  ...goTypedProperties({
    type: str('The provider type (slack, msteams, discord, generic, generic-hmac, github, gitlab, …).', required),
    interval: duration('Deprecated: not used.', { pointer: true }),
    channel: str('The channel the alerts are posted to.'),
    username: str('The bot user name the alerts are posted as.'),
    address: str('The endpoint the alerts are sent to.'),
    timeout: duration('The timeout of sending one alert.', { pointer: true, hours: false }),
    proxy: str('Deprecated (use proxySecretRef): the HTTP/S proxy address.'),
    proxySecretRef: localRef('The Secret holding the proxy settings.'),
    secretRef: localRef('The Secret holding the token, address or credentials.'),
    certSecretRef: localRef('The Secret holding the TLS client certificate and CA.'),
    suspend: bool('Whether sending is suspended.'),
    commitStatusExpr: str('A CEL expression building the commit status identifier (Git providers).'),
    serviceAccountName: str('The ServiceAccount whose identity authenticates to the provider.'),
  }, crdSpec(notificationToolkitFluxcdIoV1beta3.Provider)),
});

const receiver = defineKind<JsonObject>({
  type: 'fluxcd-receiver',
  description: 'A Flux Receiver: a webhook that triggers the reconciliation of Flux objects.',
  apiVersion: 'notification.toolkit.fluxcd.io/v1',
  kind: 'Receiver',
  scope: 'flux',
  ...goTypedProperties({
    type: str('The webhook sender (generic, generic-hmac, generic-oidc, github, gitlab, bitbucket, harbor, dockerhub, quay, gcr, nexus, acr, cdevents).', required),
    interval: duration('How often the Receiver checks its secret and resources.', { pointer: true }),
    events: strings('The sender events that trigger a reconciliation; all when empty.'),
    resources: list(
      'The objects reconciled when a request is accepted.',
      objectRef('An object to reconcile.', { filter: str('A CEL expression (on res and req) each object must match.') }),
      required,
    ),
    resourceFilter: str('A CEL expression (on res and req) every object must match.'),
    secretRef: localRef('The Secret holding the webhook token.'),
    oidcProviders: list(
      'The OIDC issuers whose tokens authenticate a request (generic-oidc).',
      struct('An OIDC provider.', {
        issuerURL: str('The issuer URL.', required),
        audience: str('The audience the token must be issued for.'),
        variables: list(
          'CEL variables computed from the token claims.',
          struct('A variable.', { name: str('The variable name.', required), expression: str('The CEL expression (on claims) computing it.', required) }),
        ),
        validations: list(
          'CEL checks the token must pass.',
          struct('A check.', { expression: str('The CEL expression (on claims and vars).', required), message: str('The message when it fails.') }),
        ),
      }),
    ),
    suspend: bool('Whether the receiver is suspended.'),
  }, crdSpec(notificationToolkitFluxcdIoV1.Receiver)),
});

export const notification: ComponentHandler<unknown>[] = [alert, provider, receiver];
