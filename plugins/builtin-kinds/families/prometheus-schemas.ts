import { monitoringCoreosComV1 as v1 } from '../generated/prometheus-operator/index.js';
import { crdSpec } from '../shared/crd-spec.js';

// The spec schemas of the Prometheus operator kinds, monitoring.coreos.com/v1, generated from
// prometheus-operator/prometheus-operator's CRD manifests at v0.93.0
// (crds/prometheus-operator/provenance.json). The reference's departures are in prometheus-overlay.ts.

export const serviceMonitor = crdSpec(v1.ServiceMonitor);
export const podMonitor = crdSpec(v1.PodMonitor);
export const probe = crdSpec(v1.Probe);
export const prometheusRule = crdSpec(v1.PrometheusRule);
export const alertmanager = crdSpec(v1.Alertmanager);
export const thanosRuler = crdSpec(v1.ThanosRuler);
