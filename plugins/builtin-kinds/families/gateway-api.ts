import { type ComponentHandler, type HandlerContext, type JsonObject } from 'kurel/plugin-api';
import { defineKind, dottedPath, GO_OMIT_ZERO } from 'kurel/plugin-kit';
import { crdProperties } from '../shared/crd-properties.js';
import * as schemas from './gateway-api-schemas.js';

/** A route's backend reference, as far as the checks read it. */
interface BackendRef {
  group?: string;
  kind?: string;
  port?: number;
}

/** A route that carries no HTTP: its rules and their backends. */
interface BackendRoute {
  rules?: Array<{ backendRefs?: BackendRef[] }>;
}

// Gateway API kinds, gateway.networking.k8s.io/v1, as the reference's gateway-api v1.6 types.
//
// The schemas are generated from the upstream CRD manifests (gateway-api-schemas.ts); the checks
// below hold what the API server's expression rules ask and the schema cannot say.

const API_VERSION = 'gateway.networking.k8s.io/v1';

/** Refuses an empty list the API requires at least one entry of (`[]` would be dropped by the Go type, or written empty). */
function atLeastOne<T>(value: T[] | undefined, path: (string | number)[], why: string, ctx: HandlerContext): asserts value is T[] {
  if (value === undefined || value.length === 0) ctx.fail(`${dottedPath(path)}: required (${why})`, path);
}

/**
 * The rules of a route that carries no HTTP: at least one, each with at least one backend, and a
 * Service backend (no group and kind, or the core group and Service) with its port, as the API
 * server's expression rule asks once it has filled the defaults.
 */
function checkBackendRules(spec: BackendRoute, ctx: HandlerContext): void {
  atLeastOne(spec.rules, ['rules'], 'the rules of the route, which name the backends traffic is sent to', ctx);
  spec.rules.forEach((rule, index) => {
    atLeastOne(rule.backendRefs, ['rules', index, 'backendRefs'], 'at least one backend the rule sends traffic to', ctx);
    rule.backendRefs.forEach((ref, refIndex) => {
      const service = (ref.group === undefined || ref.group === '') && (ref.kind === undefined || ref.kind === 'Service');
      if (service && ref.port === undefined) {
        ctx.fail(
          `rules[${index}].backendRefs[${refIndex}].port: required (the port of the Service: a backend is a Service unless its group and kind say otherwise)`,
          ['rules', index, 'backendRefs', refIndex, 'port'],
        );
      }
    });
  });
}

export const kinds: ComponentHandler<unknown>[] = [
  defineKind<JsonObject>({
    type: 'gatewayclass',
    description: 'A GatewayClass: the controller that runs the Gateways of this class, and its parameters.',
    apiVersion: API_VERSION,
    kind: 'GatewayClass',
    scope: 'cluster',
    ...crdProperties(schemas.gatewayClass),
  }),
  defineKind<{ listeners?: JsonObject[] }>({
    type: 'gateway',
    description: 'A Gateway: the listeners, addresses and infrastructure of one load balancer of a GatewayClass. Not the capability gateway the routing traits attach to.',
    apiVersion: API_VERSION,
    kind: 'Gateway',
    scope: 'namespaced',
    // The controller copies it onto the load balancer's pods and Service.
    metadataHolders: [{ path: ['spec', 'infrastructure'], holder: 'spec.infrastructure' }],
    ...crdProperties(schemas.gateway, { go: { defaultScope: GO_OMIT_ZERO } }),
    check: (spec, _input, ctx) => atLeastOne(spec.listeners, ['listeners'], 'at least one listener of the Gateway', ctx),
  }),
  defineKind<{ listeners?: Array<{ port?: number }> }>({
    type: 'listenerset',
    description: 'A ListenerSet: listeners added to an existing Gateway that allows them.',
    apiVersion: API_VERSION,
    kind: 'ListenerSet',
    scope: 'namespaced',
    ...crdProperties(schemas.listenerSet),
    check(spec, _input, ctx) {
      atLeastOne(spec.listeners, ['listeners'], 'at least one listener to add to the Gateway', ctx);
      spec.listeners.forEach((listener, index) => {
        if (listener.port === 0) ctx.fail(`listeners[${index}].port: required (the network port the listener is bound on)`, ['listeners', index, 'port']);
      });
    },
  }),
  defineKind<JsonObject>({
    type: 'httproute',
    description: 'An HTTPRoute, as authored: no parent is synthesized and no NetworkPolicy follows it (the httproute trait does both).',
    apiVersion: API_VERSION,
    kind: 'HTTPRoute',
    scope: 'namespaced',
    ...crdProperties(schemas.httpRoute),
  }),
  defineKind<JsonObject>({
    type: 'grpcroute',
    description: 'A GRPCRoute, as authored: parents and backends are references as written.',
    apiVersion: API_VERSION,
    kind: 'GRPCRoute',
    scope: 'namespaced',
    ...crdProperties(schemas.grpcRoute),
  }),
  defineKind<BackendRoute>({
    type: 'tcproute',
    description: 'A TCPRoute: TCP traffic of a listener sent to backends.',
    apiVersion: API_VERSION,
    kind: 'TCPRoute',
    scope: 'namespaced',
    ...crdProperties(schemas.tcpRoute),
    check: (spec, _input, ctx) => checkBackendRules(spec, ctx),
  }),
  defineKind<BackendRoute & { hostnames?: string[] }>({
    type: 'tlsroute',
    description: 'A TLSRoute: TLS connections of a listener, matched by SNI host name, sent to backends.',
    apiVersion: API_VERSION,
    kind: 'TLSRoute',
    scope: 'namespaced',
    ...crdProperties(schemas.tlsRoute),
    check(spec, _input, ctx) {
      atLeastOne(spec.hostnames, ['hostnames'], 'the SNI host names the route matches', ctx);
      checkBackendRules(spec, ctx);
    },
  }),
  defineKind<BackendRoute>({
    type: 'udproute',
    description: 'A UDPRoute: UDP traffic of a listener sent to backends.',
    apiVersion: API_VERSION,
    kind: 'UDPRoute',
    scope: 'namespaced',
    ...crdProperties(schemas.udpRoute),
    check: (spec, _input, ctx) => checkBackendRules(spec, ctx),
  }),
  defineKind<{ from?: JsonObject[]; to?: JsonObject[] }>({
    type: 'referencegrant',
    description: "A ReferenceGrant: lets objects of other namespaces refer to this namespace's objects. Emitted in the build namespace.",
    apiVersion: API_VERSION,
    kind: 'ReferenceGrant',
    scope: 'namespaced',
    ...crdProperties(schemas.referenceGrant),
    check(spec, _input, ctx) {
      atLeastOne(spec.from, ['from'], 'the kinds and namespaces the references may come from', ctx);
      atLeastOne(spec.to, ['to'], 'the kinds of this namespace the references may name', ctx);
    },
  }),
  defineKind<{ targetRefs?: JsonObject[] }>({
    type: 'backendtlspolicy',
    description: 'A BackendTLSPolicy: how a Gateway validates the certificate of the backends it targets.',
    apiVersion: API_VERSION,
    kind: 'BackendTLSPolicy',
    scope: 'namespaced',
    ...crdProperties(schemas.backendTLSPolicy),
    check: (spec, _input, ctx) => atLeastOne(spec.targetRefs, ['targetRefs'], 'at least one backend the policy applies to', ctx),
  }),
];
