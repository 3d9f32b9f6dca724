import type { PropertySchema } from 'kurel/plugin-api';
import { flag, integer, list, object, oneOf, required, stringMap, text, texts } from '../shared/property-builders.js';

// Gateway API fields the reference's gateway-api (v1.6) has and @kubernetes-models/gateway-api
// 0.5.1 lacks, written from the API's documented shape.

export const ruleName = text('The name of the rule, unique within the route; policies and status name the rule by it. A section name: lower-case letters, digits, "-" and ".".');

export const useDefaultGateways = oneOf(
  "The scope of default Gateways the route also attaches to: All (every Gateway whose defaultScope is All) or None. An experimental-channel field.",
  ['All', 'None'],
);

/** A reference to a backend, as an external authorization filter names its service. */
const backendObjectReference = object('The backend the filter sends its requests to, by group, kind, name, namespace and port.', {
  group: text('The API group of the backend; empty is the core group.'),
  kind: text('The kind of the backend; Service when unset.'),
  name: required(text('The name of the backend.')),
  namespace: text("The backend's namespace; the route's own when unset. Another namespace needs a ReferenceGrant there."),
  port: integer('The port of the backend; required when it is a Service.'),
});

export const corsFilter = object('CORS: answers cross-origin requests and their preflight requests for the routes of the rule. Used with the filter type CORS.', {
  allowOrigins: texts('The origins allowed to make requests ("https://example.com", "https://*.example.com", or "*").', 'One origin: a scheme, a host and an optional port; a "*" label stands for any.'),
  allowCredentials: flag('Whether the response allows credentials (cookies, authorization headers, client certificates).'),
  allowMethods: texts('The HTTP methods allowed in a cross-origin request, or "*".', 'One method (GET, POST, …) or "*".'),
  allowHeaders: texts('The request headers allowed in a cross-origin request, or "*".', 'One header name or "*".'),
  exposeHeaders: texts('The response headers a cross-origin client may read, or "*".', 'One header name or "*".'),
  maxAge: integer('How many seconds a client may cache the answer to a preflight request; 5 when unset.'),
});

export const externalAuthFilter = object('ExternalAuth: asks an external authorization service about each request before it is sent on. Used with the filter type ExternalAuth.', {
  protocol: required(oneOf('The protocol of the authorization service: HTTP or GRPC (the Envoy ext_authz protocols).', ['HTTP', 'GRPC'])),
  backendRef: required(backendObjectReference),
  grpc: object('Settings of a GRPC authorization service.', {
    allowedHeaders: texts('The request headers sent to the authorization service; all when unset.', 'One header name.'),
  }),
  http: object('Settings of an HTTP authorization service.', {
    path: text('The path prefix of the authorization request.'),
    allowedHeaders: texts('The request headers sent to the authorization service, beside the ones always sent.', 'One header name.'),
    allowedResponseHeaders: texts("The headers of the authorization service's answer copied onto the request sent on.", 'One header name.'),
  }),
  forwardBody: object('Whether and how much of the request body is sent to the authorization service.', {
    maxSize: integer('The largest body, in bytes, sent to the authorization service; 0 sends none.'),
  }),
});

export const mirrorShare = {
  percent: integer('The percentage of requests mirrored, 0 to 100. Not together with fraction.'),
  fraction: object('The share of requests mirrored, as a fraction. Not together with percent.', {
    numerator: required(integer('The numerator of the share.')),
    denominator: integer('The denominator of the share; 100 when unset.'),
  }),
};

export const retry = object('How requests the backends fail are retried.', {
  codes: list('The HTTP status codes a request is retried on (500 to 599).', integer('One status code.')),
  attempts: integer('How many times a request is retried at most.'),
  backoff: text('The least time between two attempts, as a Gateway API duration ("100ms").'),
});

export const sessionPersistence = object('How requests of one session are sent to the same backend.', {
  sessionName: text('The name of the session cookie or header.'),
  absoluteTimeout: text('How long a session lasts, as a Gateway API duration ("1h").'),
  idleTimeout: text('How long a session lasts without requests, as a Gateway API duration ("30m").'),
  type: oneOf('How the session is carried: Cookie (the default) or Header.', ['Cookie', 'Header']),
  cookieConfig: object('The session cookie.', {
    lifetimeType: oneOf('Permanent (the cookie carries the absolute timeout) or Session (it ends with the browser session).', ['Permanent', 'Session']),
  }),
});

const labelSelector = object('A label selector: matchLabels and matchExpressions.', {
  matchLabels: stringMap('Labels an object must carry.'),
  matchExpressions: list(
    'Label requirements an object must meet.',
    object('One requirement.', {
      key: required(text('The label key.')),
      operator: required(text('In, NotIn, Exists or DoesNotExist.')),
      values: texts('The values of In and NotIn.', 'One value.'),
    }),
  ),
});

export const allowedListeners = object('Which ListenerSets may attach their listeners to this Gateway; none when unset.', {
  namespaces: object('The namespaces the ListenerSets may be in.', {
    from: oneOf('All, Selector, Same or None (the default).', ['All', 'Selector', 'Same', 'None']),
    selector: labelSelector,
  }),
});

const frontendValidation = object('How client certificates are validated.', {
  caCertificateRefs: list(
    'The objects holding the CA certificates a client certificate is validated against.',
    object('One object: group, kind, name and namespace.', {
      group: required(text('The API group of the object; empty is the core group.')),
      kind: required(text('The kind of the object, such as ConfigMap.')),
      name: required(text('The name of the object.')),
      namespace: text("The object's namespace; the Gateway's own when unset."),
    }),
  ),
  mode: oneOf('AllowValidOnly (the default) or AllowInsecureFallback.', ['AllowValidOnly', 'AllowInsecureFallback']),
});

export const gatewayTLS = object('TLS settings of the whole Gateway: its client certificate towards backends and the validation of client certificates.', {
  backend: object('TLS towards the backends.', {
    clientCertificateRef: object('The Secret holding the client certificate the Gateway presents to backends.', {
      group: text('The API group of the object; empty is the core group.'),
      kind: text('The kind of the object; Secret when unset.'),
      name: required(text('The name of the object.')),
      namespace: text("The object's namespace; the Gateway's own when unset."),
    }),
  }),
  frontend: object('Client certificate validation on the listeners.', {
    default: required(object('The validation of every port without its own.', { validation: frontendValidation })),
    perPort: list(
      'The validation of single ports.',
      object('One port.', {
        port: required(integer('The port.')),
        tls: required(object('Its validation.', { validation: frontendValidation })),
      }),
    ),
  }),
});

export const infrastructureParameters = object('The implementation-specific object configuring this Gateway beyond its GatewayClass.', {
  group: required(text('The API group of the object.')),
  kind: required(text('The kind of the object.')),
  name: required(text('The name of the object, in the Gateway\'s namespace.')),
});

export const defaultScope = oneOf('Makes the Gateway a default Gateway: routes whose useDefaultGateways is All attach to it. An experimental-channel field.', ['All', 'None']);

/** gateway.networking.k8s.io/v1 BackendTLSPolicy's spec; the package holds the v1alpha2 one only. */
export function backendTLSPolicySpec(alpha: PropertySchema): PropertySchema {
  const targetRef = alpha.properties!.targetRef.properties!;
  const tls = alpha.properties!.tls.properties!;
  const { namespace: _namespace, ...localTarget } = targetRef;
  return object('The spec of a BackendTLSPolicy: the backends it applies to and how their certificates are validated.', {
    targetRefs: required(list('The backends of the policy\'s namespace the policy applies to, usually Services; at least one.', object('One backend.', localTarget))),
    validation: required(
      object('How the Gateway validates the certificate a backend presents.', {
        caCertificateRefs: { ...tls.caCertRefs, description: 'The objects holding the PEM CA certificates a backend certificate is validated against. Not together with wellKnownCACertificates.' },
        wellKnownCACertificates: { ...tls.wellKnownCACerts, description: 'System: validate against the CA certificates of the system. Not together with caCertificateRefs.' },
        hostname: required(text('The name the Gateway sends as SNI and, unless subjectAltNames is set, matches the certificate against.')),
        subjectAltNames: list(
          'The subject alternative names the backend certificate must hold one of.',
          object('One name.', {
            type: required(oneOf('Hostname or URI.', ['Hostname', 'URI'])),
            hostname: text('The DNS name, with type Hostname.'),
            uri: text('The URI, with type URI.'),
          }),
        ),
      }),
    ),
    options: stringMap('Implementation-specific TLS settings, as the controller defines them.'),
  });
}
