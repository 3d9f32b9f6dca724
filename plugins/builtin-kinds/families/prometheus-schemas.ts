import type { PropertySchema } from 'kurel/plugin-api';
import { editAt, edited, optional, requiredAt, withEnumValues, withoutProperties, withProperties } from '../shared/schema-edit.js';
import { flag, object, stringMap } from '../shared/property-builders.js';
import { monitoringV1 } from '../schemas/prometheus-operator/index.js';
import { once } from '../shared/lazy.js';
import {
  alertmanagerSettings,
  endpointSettings,
  keepFiringFor,
  podEndpointSettings,
  podSettings,
  remoteWriteSpec,
  ruleGroupSettings,
  scrapeSettings,
  selectorMechanism,
  serviceDiscoveryRole,
  thanosRulerSettings,
} from './prometheus-additions.js';

// The spec schemas of the Prometheus operator kinds: @kubernetes-models/prometheus-operator 4.4.4,
// brought to the reference's prometheus-operator v0.94 where the package lags.

/** The package leaves the metadata of an ephemeral volume's claim template open: the API takes labels and annotations. */
const claimTemplateMetadata = object("Labels and annotations copied to the ephemeral volume's claim.", {
  labels: stringMap('Labels of the claim.'),
  annotations: stringMap('Annotations of the claim.'),
});

function closedClaimTemplates(schema: PropertySchema): PropertySchema {
  const at = ['storage.ephemeral.volumeClaimTemplate.metadata', 'volumes[].ephemeral.volumeClaimTemplate.metadata'];
  return at.reduce((out, path) => editAt(out, path, () => claimTemplateMetadata), schema);
}

export const serviceMonitor = once(() =>
  edited(
    withProperties(monitoringV1.ServiceMonitorSpec(), '', { ...scrapeSettings, selectorMechanism, serviceDiscoveryRole }),
    (s) => withProperties(s, 'endpoints[]', endpointSettings),
  ),
);

/** The reference emits a PodMonitor without podMetricsEndpoints (as null): the package requires them. */
export const podMonitor = once(() =>
  edited(
    withProperties(monitoringV1.PodMonitorSpec(), '', { ...scrapeSettings, selectorMechanism }),
    (s) => withProperties(s, 'podMetricsEndpoints[]', podEndpointSettings),
    (s) => optional(s, 'podMetricsEndpoints'),
  ),
);

export const probe = once(() =>
  edited(
    withProperties(monitoringV1.ProbeSpec(), '', { ...scrapeSettings, followRedirects: flag('Whether a scrape follows HTTP 3xx redirects.') }),
    (s) => requiredAt(s, 'prober'),
  ),
);

export const prometheusRule = once(() =>
  edited(
    withProperties(monitoringV1.PrometheusRuleSpec(), 'groups[]', ruleGroupSettings),
    (s) => withProperties(s, 'groups[].rules[]', { keep_firing_for: keepFiringFor }),
  ),
);

/** baseImage, tag and sha are left out: the reference refuses them (the image is named by image). */
export const alertmanager = once(() =>
  edited(
    closedClaimTemplates(monitoringV1.AlertmanagerSpec()),
    (s) => withoutProperties(s, '', ['baseImage', 'tag', 'sha']),
    (s) => {
      const webTLS = monitoringV1.AlertmanagerSpec().properties!.web.properties!.tlsConfig;
      const safeTLS = monitoringV1.PodMonitorSpec().properties!.podMetricsEndpoints.items!.properties!.tlsConfig;
      return withProperties(s, '', { ...podSettings, ...alertmanagerSettings(webTLS, safeTLS) });
    },
    (s) => withEnumValues(s, 'alertmanagerConfigMatcherStrategy.type', ['OnNamespaceExceptForAlertmanagerNamespace']),
  ),
);

export const thanosRuler = once(() =>
  withProperties(closedClaimTemplates(monitoringV1.ThanosRulerSpec()), '', {
    ...podSettings,
    ...thanosRulerSettings(
      withoutProperties(monitoringV1.AlertmanagerSpec().properties!.web, '', ['getConcurrency', 'timeout']),
      monitoringV1.AlertmanagerSpec().properties!.volumeMounts,
      remoteWriteSpec(monitoringV1.ServiceMonitorSpec().properties!.endpoints.items!),
    ),
  }),
);
