import type { PropertySchema } from 'kurel/plugin-api';
import { edited, withEnumValues, withProperties } from '../shared/schema-edit.js';
import { once } from '../shared/lazy.js';
import { object, required } from '../shared/property-builders.js';
import { gatewayV1, gatewayV1alpha2, gatewayV1beta1 } from '../schemas/gateway-api/index.js';
import {
  allowedListeners,
  backendTLSPolicySpec,
  corsFilter,
  defaultScope,
  externalAuthFilter,
  gatewayTLS,
  infrastructureParameters,
  mirrorShare,
  retry,
  ruleName,
  sessionPersistence,
  useDefaultGateways,
} from './gateway-api-additions.js';

// The spec schemas of the Gateway API kinds: @kubernetes-models/gateway-api 0.5.1, brought to the
// reference's gateway.networking.k8s.io/v1 (gateway-api v1.6) where the package lags.

const route = (schema: PropertySchema): PropertySchema => withProperties(schema, '', { useDefaultGateways });

/** HTTPRoute and GRPCRoute filters, at the rule and at each backend. */
function withFilters(schema: PropertySchema, http: boolean): PropertySchema {
  let out = schema;
  for (const at of ['rules[].filters[]', 'rules[].backendRefs[].filters[]']) {
    out = withProperties(out, `${at}.requestMirror`, mirrorShare);
    if (!http) continue;
    out = withProperties(out, at, { cors: corsFilter, externalAuth: externalAuthFilter });
    out = withEnumValues(out, `${at}.type`, ['CORS', 'ExternalAuth']);
    out = withEnumValues(out, `${at}.requestRedirect.statusCode`, [303, 307, 308]);
  }
  return out;
}

export const gatewayClass = once(() => gatewayV1.GatewayClassSpec());

export const gateway = once(() =>
  edited(
    withProperties(gatewayV1.GatewaySpec(), '', { allowedListeners, tls: gatewayTLS, defaultScope }),
    (s) => withProperties(s, 'infrastructure', { parametersRef: infrastructureParameters }),
  ),
);

/** ListenerSet: the package has none; its listeners are a Gateway's. */
export const listenerSet = once(() =>
  object('The spec of a ListenerSet: the Gateway it attaches to and the listeners it adds.', {
    parentRef: required(
      object('The Gateway the listeners attach to.', {
        group: { type: 'string', description: 'The API group of the parent; gateway.networking.k8s.io when unset.' },
        kind: { type: 'string', description: 'The kind of the parent; Gateway when unset.' },
        name: { type: 'string', required: true, description: 'The name of the Gateway.' },
        namespace: { type: 'string', description: "The Gateway's namespace; the ListenerSet's own when unset." },
      }),
    ),
    listeners: {
      ...gatewayV1.GatewaySpec().properties!.listeners,
      required: true,
      description: 'The listeners added to the Gateway, at least one and at most 64, each of a unique name and a unique combination of port, protocol and hostname.',
    },
  }),
);

export const httpRoute = once(() =>
  withFilters(withProperties(route(gatewayV1.HTTPRouteSpec()), 'rules[]', { name: ruleName, retry, sessionPersistence }), true),
);

export const grpcRoute = once(() => withFilters(withProperties(route(gatewayV1alpha2.GRPCRouteSpec()), 'rules[]', { name: ruleName, sessionPersistence }), false));

export const tcpRoute = once(() => withProperties(route(gatewayV1alpha2.TCPRouteSpec()), 'rules[]', { name: ruleName }));

export const tlsRoute = once(() => withProperties(route(gatewayV1alpha2.TLSRouteSpec()), 'rules[]', { name: ruleName }));

export const udpRoute = once(() => withProperties(route(gatewayV1alpha2.UDPRouteSpec()), 'rules[]', { name: ruleName }));

export const referenceGrant = once(() => gatewayV1beta1.ReferenceGrantSpec());

export const backendTLSPolicy = once(() => backendTLSPolicySpec(gatewayV1alpha2.BackendTLSPolicySpec()));
