import type { ComponentHandler } from 'kurel/plugin-api';
import { enforceOperatorWorkloadPolicy } from './prometheus-policy.js';
import { always, nested, OMIT_ZERO, struct, type GoShape } from '../shared/go-encoding.js';
import { specKind, type Json } from '../shared/spec-kind.js';
import {
  checkAlertmanagerVersion,
  checkOperatorNames,
  refuseDefaultedEmpty,
  refuseNegativeReplicas,
  refuseNonPositiveDurations,
} from './prometheus-checks.js';
import { alertmanagerOverlay, probeOverlay } from './prometheus-overlay.js';
import * as schemas from './prometheus-schemas.js';

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

/** A corev1 Container: its resources are a struct, written `{}` when absent. */
const container = nested({ resources: struct() });

/** An ephemeral volume's claim template: its metadata and spec are structs, and so are the spec's resources. */
const ephemeral = nested({ volumeClaimTemplate: nested({ metadata: struct(), spec: struct({ resources: struct() }) }) });

/** A StorageSpec: its claim template is a struct, written even beside emptyDir or ephemeral. */
const storage = nested({
  volumeClaimTemplate: struct({ metadata: struct(), spec: struct({ resources: struct() }), status: struct() }),
  ephemeral,
});

const workloadGo: GoShape = {
  resources: struct(),
  storage,
  containers: container,
  initContainers: container,
  volumes: nested({ ephemeral }),
  paused: OMIT_ZERO,
  listenLocal: OMIT_ZERO,
};

/** A corev1 SecretKeySelector: its key is always written. */
const secretKey = struct({ key: always('') });

/** SafeTLSConfig: its ca and cert are structs (SecretOrConfigMap). */
const safeTLS = nested({ ca: struct(), cert: struct() });

/** The HTTP client settings of a scrape or remote write endpoint. */
const httpClient: GoShape = {
  tlsConfig: safeTLS,
  basicAuth: nested({ username: secretKey, password: secretKey }),
  oauth2: nested({ clientId: struct(), clientSecret: secretKey, tokenUrl: always(''), tlsConfig: safeTLS }),
};

/** A scrape endpoint; the list is written without omitempty (null when absent). */
const endpoints = always(null, { honorLabels: OMIT_ZERO, ...httpClient });

/** WebTLSConfig: its cert and client CA are structs. */
const webTLS = nested({ cert: struct(), client_ca: struct() });

export const kinds: ComponentHandler<any>[] = [
  specKind({
    type: 'servicemonitor',
    description: 'A ServiceMonitor: how Prometheus scrapes the endpoints of the Services its selector picks.',
    apiVersion: API_VERSION,
    kind: 'ServiceMonitor',
    scope: 'namespaced',
    spec: schemas.serviceMonitor,
    go: { namespaceSelector: struct(), selector: struct(), endpoints },
  }),
  specKind({
    type: 'podmonitor',
    description: 'A PodMonitor: how Prometheus scrapes the Pods its selector picks.',
    apiVersion: API_VERSION,
    kind: 'PodMonitor',
    scope: 'namespaced',
    spec: schemas.podMonitor,
    go: { namespaceSelector: struct(), selector: struct(), podMetricsEndpoints: endpoints },
  }),
  specKind({
    type: 'prometheus-probe',
    description: 'A Probe: static targets or Ingresses Prometheus probes through a prober such as the blackbox exporter.',
    apiVersion: API_VERSION,
    kind: 'Probe',
    scope: 'namespaced',
    spec: schemas.probe,
    overlay: probeOverlay,
    go: { targets: struct({ ingress: nested({ selector: struct(), namespaceSelector: struct() }) }), prober: struct(), ...httpClient },
  }),
  specKind({
    type: 'prometheusrule',
    description: 'A PrometheusRule: groups of alerting and recording rules.',
    apiVersion: API_VERSION,
    kind: 'PrometheusRule',
    scope: 'namespaced',
    spec: schemas.prometheusRule,
    go: { groups: nested({ rules: always(null) }) },
  }),
  specKind({
    type: 'alertmanager',
    description: 'An Alertmanager the Prometheus operator runs as a StatefulSet.',
    apiVersion: API_VERSION,
    kind: 'Alertmanager',
    scope: 'namespaced',
    spec: schemas.alertmanager,
    overlay: alertmanagerOverlay,
    go: {
      ...workloadGo,
      alertmanagerConfigMatcherStrategy: struct(),
      forceEnableClusterMode: OMIT_ZERO,
      web: nested({ tlsConfig: webTLS }),
      clusterTLS: nested({ server: struct({ cert: struct(), client_ca: struct() }), client: struct({ ca: struct(), cert: struct() }) }),
    },
    check(spec, ctx, names) {
      refuseDefaultedEmpty(spec, { portName: '"web"', retention: '"120h"' }, ctx);
      refuseNonPositiveDurations(spec, ['retention', 'clusterGossipInterval', 'clusterPushpullInterval', 'clusterPeerTimeout'], ctx);
      refuseNegativeReplicas(spec, 'the Prometheus operator runs 0 replicas for it; write 0', ctx);
      checkAlertmanagerVersion(spec, ctx);
      checkOperatorNames(spec, names, 'alertmanager', 'db', 'Alertmanager', ctx);
      enforceOperatorWorkloadPolicy(spec, ctx);
    },
    // The reference's own golden output carries no version, though it reads it for the checks.
    fill(spec) {
      delete spec.version;
    },
  }),
  specKind({
    type: 'thanosruler',
    description: 'A ThanosRuler the Prometheus operator runs as a StatefulSet. Its external labels (the spec\'s labels) are the externalLabels property.',
    apiVersion: API_VERSION,
    kind: 'ThanosRuler',
    scope: 'namespaced',
    spec: schemas.thanosRuler,
    renamed: { externalLabels: { field: 'labels', description: EXTERNAL_LABELS } },
    go: { ...workloadGo, web: nested({ tlsConfig: webTLS }), grpcServerTlsConfig: safeTLS, remoteWrite: nested(httpClient) },
    check(spec, ctx, names) {
      refuseDefaultedEmpty(spec, { portName: '"web"', evaluationInterval: '"15s"', retention: '"24h"' }, ctx);
      refuseNegativeReplicas(spec, 'the Prometheus operator copies it into the StatefulSet, which the API refuses with fewer than 0; write 0 or more', ctx);
      checkOperatorNames(spec, names, 'thanos-ruler', 'data', 'ThanosRuler', ctx);
      enforceOperatorWorkloadPolicy(spec, ctx);
    },
    fill(spec) {
      for (const reference of (spec.excludedFromEnforcement ?? []) as Json[]) {
        if (reference.group === undefined || reference.group === '') reference.group = 'monitoring.coreos.com';
      }
    },
  }),
];
