import { type ComponentHandler, type GoEncoding, type JsonObject, type ObjectKindDeclaration } from 'kurel/plugin-api';
import { defineKind, goAlways, GO_OMIT_ZERO, GO_STRUCT } from 'kurel/plugin-kit';
import { enforceOperatorWorkloadPolicy } from './prometheus-policy.js';
import { crdProperties } from '../shared/crd-properties.js';
import {
  checkAlertmanagerVersion,
  checkOperatorNames,
  refuseDefaultedEmpty,
  refuseNegativeReplicas,
  refuseNonPositiveDurations,
  type ObjectNames,
} from './prometheus-checks.js';

import { alertmanagerOverlay, probeOverlay } from './prometheus-overlay.js';
import * as schemas from './prometheus-schemas.js';
import { prometheusOperatorHolders } from '../shared/metadata-holders.js';

// Prometheus operator kinds, monitoring.coreos.com/v1, as the reference's prometheus-operator
// v0.93 types. Prometheus and PrometheusAgent have no component type.
//
// The schemas are generated from the upstream CRD manifests at v0.93.0 (prometheus-schemas.ts),
// with the reference's departures in a named overlay (prometheus-overlay.ts).
//
// Not held here: the environment policy the reference applies to the Alertmanager and ThanosRuler
// pods (images, resources, storage, replicas): the plugin API gives a handler no policy.

const API_VERSION = 'monitoring.coreos.com/v1';

const EXTERNAL_LABELS = "The external labels added to every series and alert the ruler yields (the spec's labels). Not Kubernetes labels: the labels property sets the object's own.";

type GoFields = Record<string, GoEncoding>;

/** Each field of a struct, by its path under it; '' is the struct itself. */
const under = (at: string, fields: GoFields): GoFields => Object.fromEntries(Object.entries(fields).map(([path, go]) => [path ? `${at}.${path}` : at, go]));

/** An ephemeral volume's claim template: its metadata and spec are structs, and so are the spec's resources. */
const ephemeral: GoFields = { 'volumeClaimTemplate.metadata': GO_STRUCT, 'volumeClaimTemplate.spec': GO_STRUCT, 'volumeClaimTemplate.spec.resources': GO_STRUCT };

/** A StorageSpec: its claim template is a struct, written even beside emptyDir or ephemeral. */
const storage: GoFields = {
  ...under('volumeClaimTemplate', { '': GO_STRUCT, metadata: GO_STRUCT, spec: GO_STRUCT, 'spec.resources': GO_STRUCT, status: GO_STRUCT }),
  ...under('ephemeral', ephemeral),
};

const workloadGo: GoFields = {
  resources: GO_STRUCT,
  ...under('storage', storage),
  // A corev1 Container: its resources are a struct, written `{}` when absent.
  'containers[].resources': GO_STRUCT,
  'initContainers[].resources': GO_STRUCT,
  ...under('volumes[].ephemeral', ephemeral),
  paused: GO_OMIT_ZERO,
  listenLocal: GO_OMIT_ZERO,
};

/** A corev1 SecretKeySelector: its key is always written. */
const secretKey: GoFields = { '': GO_STRUCT, key: goAlways('') };

/** SafeTLSConfig: its ca and cert are structs (SecretOrConfigMap). */
const safeTLS: GoFields = { ca: GO_STRUCT, cert: GO_STRUCT };

/** The HTTP client settings of a scrape or remote write endpoint. */
const httpClient: GoFields = {
  ...under('tlsConfig', safeTLS),
  ...under('basicAuth.username', secretKey),
  ...under('basicAuth.password', secretKey),
  'oauth2.clientId': GO_STRUCT,
  ...under('oauth2.clientSecret', secretKey),
  'oauth2.tokenUrl': goAlways(''),
  ...under('oauth2.tlsConfig', safeTLS),
};

/** A list of scrape endpoints, written without omitempty (null when absent). */
const endpoints = (field: string): GoFields => ({ [field]: goAlways(null), [`${field}[].honorLabels`]: GO_OMIT_ZERO, ...under(`${field}[]`, httpClient) });

/** WebTLSConfig: its cert and client CA are structs. */
const webTLS: GoFields = { 'web.tlsConfig.cert': GO_STRUCT, 'web.tlsConfig.client_ca': GO_STRUCT };

const names = (input: { objectName: string; name: string }): ObjectNames => ({ object: input.objectName, component: input.name });

export const kinds: ComponentHandler<unknown>[] = [
  defineKind<JsonObject>({
    type: 'servicemonitor',
    description: 'A ServiceMonitor: how Prometheus scrapes the endpoints of the Services its selector picks.',
    apiVersion: API_VERSION,
    kind: 'ServiceMonitor',
    scope: 'namespaced',
    ...crdProperties(schemas.serviceMonitor, { go: { namespaceSelector: GO_STRUCT, selector: GO_STRUCT, ...endpoints('endpoints') } }),
  }),
  defineKind<JsonObject>({
    type: 'podmonitor',
    description: 'A PodMonitor: how Prometheus scrapes the Pods its selector picks.',
    apiVersion: API_VERSION,
    kind: 'PodMonitor',
    scope: 'namespaced',
    ...crdProperties(schemas.podMonitor, { go: { namespaceSelector: GO_STRUCT, selector: GO_STRUCT, ...endpoints('podMetricsEndpoints') } }),
  }),
  defineKind<JsonObject>({
    type: 'prometheus-probe',
    description: 'A Probe: static targets or Ingresses Prometheus probes through a prober such as the blackbox exporter.',
    apiVersion: API_VERSION,
    kind: 'Probe',
    scope: 'namespaced',
    ...crdProperties(schemas.probe, {
      overlay: probeOverlay,
      go: { targets: GO_STRUCT, 'targets.ingress.selector': GO_STRUCT, 'targets.ingress.namespaceSelector': GO_STRUCT, prober: GO_STRUCT, ...httpClient },
    }),
  }),
  defineKind<JsonObject>({
    type: 'prometheusrule',
    description: 'A PrometheusRule: groups of alerting and recording rules.',
    apiVersion: API_VERSION,
    kind: 'PrometheusRule',
    scope: 'namespaced',
    ...crdProperties(schemas.prometheusRule, { go: { 'groups[].rules': goAlways(null) } }),
  }),
  defineKind<JsonObject>({
    type: 'alertmanager',
    description: 'An Alertmanager the Prometheus operator runs as a StatefulSet.',
    apiVersion: API_VERSION,
    kind: 'Alertmanager',
    scope: 'namespaced',
    metadataHolders: prometheusOperatorHolders(),
    ...crdProperties(schemas.alertmanager, {
      overlay: alertmanagerOverlay,
      go: {
        ...workloadGo,
        alertmanagerConfigMatcherStrategy: GO_STRUCT,
        forceEnableClusterMode: GO_OMIT_ZERO,
        ...webTLS,
        ...under('clusterTLS.server', { '': GO_STRUCT, cert: GO_STRUCT, client_ca: GO_STRUCT }),
        ...under('clusterTLS.client', { '': GO_STRUCT, ca: GO_STRUCT, cert: GO_STRUCT }),
      },
    }),
    check(spec, input, ctx) {
      refuseDefaultedEmpty(spec, { portName: '"web"', retention: '"120h"' }, ctx);
      refuseNonPositiveDurations(spec, ['retention', 'clusterGossipInterval', 'clusterPushpullInterval', 'clusterPeerTimeout'], ctx);
      refuseNegativeReplicas(spec, 'the Prometheus operator runs 0 replicas for it; write 0', ctx);
      checkAlertmanagerVersion(spec, ctx);
      checkOperatorNames(spec, names(input), 'alertmanager', 'db', 'Alertmanager', ctx);
      enforceOperatorWorkloadPolicy(spec, ctx);
    },
    // The reference's own golden output carries no version, though it reads it for the checks.
    content({ version: _version, ...spec }) {
      return spec;
    },
  }),
  defineKind<JsonObject>({
    type: 'thanosruler',
    description: 'A ThanosRuler the Prometheus operator runs as a StatefulSet. Its external labels (the spec\'s labels) are the externalLabels property.',
    apiVersion: API_VERSION,
    kind: 'ThanosRuler',
    scope: 'namespaced',
    metadataHolders: prometheusOperatorHolders(),
    ...crdProperties(schemas.thanosRuler, {
      renamed: { externalLabels: { field: 'labels', description: EXTERNAL_LABELS } },
      go: { ...workloadGo, ...webTLS, ...under('grpcServerTlsConfig', safeTLS), ...under('remoteWrite[]', httpClient) },
    }),
    check(spec, input, ctx) {
      refuseDefaultedEmpty(spec, { portName: '"web"', evaluationInterval: '"15s"', retention: '"24h"' }, ctx);
      refuseNegativeReplicas(spec, 'the Prometheus operator copies it into the StatefulSet, which the API refuses with fewer than 0; write 0 or more', ctx);
      checkOperatorNames(spec, names(input), 'thanos-ruler', 'data', 'ThanosRuler', ctx);
      enforceOperatorWorkloadPolicy(spec, ctx);
    },
    content({ externalLabels, ...spec }) {
      // The schema types excludedFromEnforcement as a list of objects.
      for (const reference of (spec.excludedFromEnforcement ?? []) as JsonObject[]) {
        if (reference.group === undefined || reference.group === '') reference.group = 'monitoring.coreos.com';
      }
      return externalLabels === undefined ? spec : { ...spec, labels: externalLabels };
    },
  }),
];

/** The operator's kinds with no component type, which authors reach through object, manifests or a chart: their pods' metadata is read as the others'. */
export const objectKinds: ObjectKindDeclaration[] = [
  { apiVersion: API_VERSION, kind: 'Prometheus', metadataHolders: prometheusOperatorHolders() },
  { apiVersion: 'monitoring.coreos.com/v1alpha1', kind: 'PrometheusAgent', metadataHolders: prometheusOperatorHolders() },
];
