import { gatewayNetworkingK8sIoV1 as v1 } from '../generated/gateway-api/index.js';
import { crdSpec } from '../shared/crd-spec.js';

// The spec schemas of the Gateway API kinds, gateway.networking.k8s.io/v1, generated from
// kubernetes-sigs/gateway-api's experimental-channel CRD manifests at v1.6.1
// (crds/gateway-api/provenance.json): the reference decodes into the Go types, which hold the
// experimental fields too.

export const gatewayClass = crdSpec(v1.GatewayClass);
export const gateway = crdSpec(v1.Gateway);
export const listenerSet = crdSpec(v1.ListenerSet);
export const httpRoute = crdSpec(v1.HTTPRoute);
export const grpcRoute = crdSpec(v1.GRPCRoute);
export const tcpRoute = crdSpec(v1.TCPRoute);
export const tlsRoute = crdSpec(v1.TLSRoute);
export const udpRoute = crdSpec(v1.UDPRoute);
export const referenceGrant = crdSpec(v1.ReferenceGrant);
export const backendTLSPolicy = crdSpec(v1.BackendTLSPolicy);
