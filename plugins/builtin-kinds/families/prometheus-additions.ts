import type { PropertiesSchema, PropertySchema } from 'kurel/plugin-api';
import { flag, integer, list, object, oneOf, required, stringMap, text, texts } from '../shared/property-builders.js';

// Prometheus operator fields the reference's prometheus-operator (v0.94) has and
// @kubernetes-models/prometheus-operator 4.4.4 lacks, written from the API's documented shape.

const requires = (version: string) => ` Requires Prometheus ${version} or later.`;

/** The per-scrape settings ServiceMonitor, PodMonitor and Probe share. */
export const scrapeSettings: PropertiesSchema = {
  scrapeProtocols: texts(
    'The protocols to negotiate during a scrape, most preferred first; Prometheus\'s default when unset.' + requires('v2.49.0'),
    'One protocol: PrometheusProto, OpenMetricsText0.0.1, OpenMetricsText1.0.0, PrometheusText0.0.4 or PrometheusText1.0.0.',
  ),
  fallbackScrapeProtocol: text('The protocol used when a scrape returns a missing or invalid Content-Type; one of the scrapeProtocols values.' + requires('v3.0.0')),
  scrapeClassicHistograms: flag('Whether a classic histogram also exposed as a native histogram is scraped.' + requires('v2.45.0')),
  scrapeNativeHistograms: flag('Whether native histograms are scraped.' + requires('v3.8.0')),
  nativeHistogramBucketLimit: integer('A native histogram with more buckets has them merged to stay within this limit.' + requires('v2.45.0')),
  nativeHistogramMinBucketFactor: { types: ['number', 'string'], description: 'Buckets are merged where the growth factor from one to the next is below this; a Kubernetes quantity.' + requires('v2.50.0') },
  convertClassicHistogramsToNHCB: flag('Whether classic histograms are converted into native histograms with custom buckets.' + requires('v3.0.0')),
  keepDroppedTargets: integer('The per-scrape limit on the targets dropped by relabeling that are kept in memory; 0 means no limit.' + requires('v2.47.0')),
  bodySizeLimit: text('The largest uncompressed response body a scrape accepts, in bytes with a power-of-two unit ("16MiB").' + requires('v2.28.0')),
  scrapeClass: text('The name of the scrape class to apply, one the selecting Prometheus defines.'),
};

export const selectorMechanism = oneOf('How targets are selected: RelabelConfig (relabelings filter the discovered targets) or RoleSelector.' + requires('v2.17.0'), ['RelabelConfig', 'RoleSelector']);

/** The endpoint fields of ServiceMonitor and PodMonitor endpoints the package lacks. */
export const endpointSettings: PropertiesSchema = {
  trackTimestampsStaleness: flag('Whether Prometheus tracks the staleness of metrics with an explicit timestamp; no effect where honorTimestamps is false.' + requires('v2.48.0')),
  noProxy: text('Hosts, IP addresses and domains reached without the proxy, comma-separated.' + requires('v2.43.0')),
  proxyFromEnvironment: flag('Whether the proxy is read from the environment (HTTP_PROXY, HTTPS_PROXY, NO_PROXY).' + requires('v2.43.0')),
  proxyConnectHeader: {
    type: 'object',
    description: 'Headers sent to the proxy on CONNECT requests, each a list of Secret keys.' + requires('v2.43.0'),
    additionalProperties: list('The Secret keys of one header.', object('One Secret key.', { name: text('The name of the Secret.'), key: required(text('The key in the Secret.')), optional: flag('Whether the Secret may be missing.') })),
  },
};

export const podEndpointSettings: PropertiesSchema = {
  ...endpointSettings,
  portNumber: integer('The number of the Pod port scraped, where it has no name. Not together with port.'),
};

export const serviceDiscoveryRole = oneOf('How the Services are discovered: Endpoints or EndpointSlice; the Prometheus object\'s choice when unset.', ['Endpoints', 'EndpointSlice']);

/** Pod-level fields the operator copies into the StatefulSet's pods. */
export const podSettings: PropertiesSchema = {
  schedulerName: text('The scheduler that places the pods; the default scheduler when unset.'),
  dnsPolicy: oneOf('The DNS policy of the pods.', ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None']),
  dnsConfig: object('The DNS configuration of the pods.', {
    nameservers: texts('DNS server addresses.', 'One address.'),
    searches: texts('DNS search domains.', 'One domain.'),
    options: list('DNS resolver options.', object('One option.', { name: required(text('The name of the option.')), value: text('Its value.') })),
  }),
  enableServiceLinks: flag("Whether the namespace's Services are injected into the pods' environment."),
  serviceName: text('The governing Service of the StatefulSet, one of the namespace selecting the pods; the operator creates its own when unset.'),
  podManagementPolicy: oneOf('How the StatefulSet creates and deletes pods when it scales: Parallel (the operator\'s default) or OrderedReady.', ['OrderedReady', 'Parallel']),
  updateStrategy: object('How the StatefulSet replaces its pods on a change.', {
    type: required(oneOf('RollingUpdate or OnDelete.', ['RollingUpdate', 'OnDelete'])),
    rollingUpdate: object('The rolling update.', {
      maxUnavailable: { types: ['integer', 'string'], description: 'How many pods may be unavailable during the update, a number or a percentage.' },
    }),
  }),
  terminationGracePeriodSeconds: integer('How many seconds the pods are given to stop; the operator\'s 120 when unset.'),
  hostUsers: flag("false runs the pods in a user namespace of their own, not the host's."),
  persistentVolumeClaimRetentionPolicy: object('Whether the claims of the StatefulSet are deleted when it is deleted or scaled down.', {
    whenDeleted: oneOf('Retain (the default) or Delete.', ['Retain', 'Delete']),
    whenScaled: oneOf('Retain (the default) or Delete.', ['Retain', 'Delete']),
  }),
};

export const additionalArgs = list('Further command-line arguments of the main container, passed as they are.', object('One argument.', { name: required(text('The name of the argument, without dashes.')), value: text('Its value.') }));

/** Alertmanager fields beside the pod settings. */
export function alertmanagerSettings(webTLS: PropertySchema, safeTLS: PropertySchema): PropertiesSchema {
  return {
    clusterLabel: text("The identifier of the Alertmanager cluster; set only where the cluster includes instances outside this object."),
    clusterPeerName: text("The name this instance advertises to its peers; the pod's name when unset."),
    hostNetwork: flag("true runs the pods in the node's network namespace."),
    limits: object('The limits Alertmanager runs with.' + ' Requires Alertmanager v0.28.0 or later.', {
      maxSilences: integer('The largest number of active and pending silences.'),
      maxPerSilenceBytes: text('The largest size of one silence, in bytes with a unit ("1KiB").'),
    }),
    clusterTLS: object('Mutual TLS of the gossip protocol. Requires Alertmanager v0.24.0 or later.', {
      server: required({ ...webTLS, description: 'The TLS configuration of the gossip server side.' }),
      client: required({ ...safeTLS, description: 'The TLS configuration of the gossip client side.' }),
    }),
    automountServiceAccountToken: flag('Whether a service account token is mounted into the pods.'),
    enableFeatures: texts('The Alertmanager feature flags to enable. Requires Alertmanager v0.27.0 or later.', 'One feature flag.'),
    additionalArgs,
  };
}

const duration = (what: string) => text(`${what} A number and a unit: ms, s, m, h, d, w or y.`);

/** ThanosRuler fields beside the pod settings. */
export function thanosRulerSettings(web: PropertySchema, volumeMounts: PropertySchema, remoteWrite: PropertySchema): PropertiesSchema {
  return {
    volumeMounts: { ...volumeMounts, description: 'Further volume mounts of the thanos-ruler container.' },
    resendDelay: duration('The least time before an alert is sent to Alertmanager again.'),
    ruleOutageTolerance: duration('The longest outage of the query endpoints after which the for state of an alert is still restored.'),
    ruleQueryOffset: duration('The default query offset of a rule group.'),
    ruleConcurrentEval: integer('How many rules may be evaluated at once.'),
    ruleGracePeriod: duration('The least time between an alert and the restored for state, for alerts with a longer for.'),
    web: { ...web, description: "The web server's settings: tlsConfig and httpConfig." },
    remoteWrite: { ...remoteWrite, description: 'The remote write endpoints the ruler sends its series to; with one, it keeps no data of its own.' },
    enableFeatures: texts('The Thanos Ruler feature flags to enable.', 'One feature flag.'),
  };
}

export const externalLabels = stringMap('The external labels added to every series and alert the ruler yields (the spec\'s labels). Not Kubernetes labels: the labels property sets the object\'s own.');

export const ruleGroupSettings: PropertiesSchema = {
  labels: stringMap('Labels added to every rule of the group.'),
  query_offset: text('How far in the past the rules of the group are evaluated.'),
};

export const keepFiringFor = text('How long an alert keeps firing once its condition is gone.');

/**
 * One remote write endpoint (RemoteWriteSpec), from the HTTP client pieces of a ServiceMonitor
 * endpoint: the package's ThanosRuler has no remoteWrite, and its Prometheus, which has an older
 * one, would bring the whole Prometheus spec along.
 */
export function remoteWriteSpec(endpoint: PropertySchema): PropertySchema {
  const client = endpoint.properties!;
  const secretKey = client.bearerTokenSecret;
  return list(
    'The remote write endpoints the ruler sends its series to; with one, it keeps no data of its own.',
    object('One remote write endpoint.', {
      url: required(text('The URL of the endpoint.')),
      name: text('The name of the endpoint, unique among them; in metrics and logs.'),
      messageVersion: oneOf('The remote write protocol: V1.0 or V2.0.', ['V1.0', 'V2.0']),
      sendExemplars: flag('Whether exemplars are sent.'),
      sendNativeHistograms: flag('Whether native histograms are sent.'),
      remoteTimeout: text('The timeout of a request to the endpoint ("30s").'),
      headers: stringMap('Custom HTTP headers sent with each request.'),
      writeRelabelConfigs: { ...client.relabelings, description: 'The relabeling rules applied to the series before they are sent.' },
      oauth2: client.oauth2,
      basicAuth: client.basicAuth,
      authorization: client.authorization,
      bearerTokenFile: text('The file in the container holding the bearer token. Deprecated: use authorization.'),
      bearerToken: text('The bearer token, written into the object. Deprecated: use authorization.'),
      sigv4: object('AWS Signature Version 4 request signing.', {
        region: text('The AWS region.'),
        accessKey: { ...secretKey, description: 'The Secret key holding the AWS access key id.' },
        secretKey: { ...secretKey, description: 'The Secret key holding the AWS secret access key.' },
        profile: text('The named AWS profile.'),
        roleArn: text('The AWS role to assume.'),
        useFIPSSTSEndpoint: flag('Whether the FIPS STS endpoint is used.'),
      }),
      tlsConfig: client.tlsConfig,
      proxyUrl: text('The URL of the HTTP proxy.'),
      ...endpointSettings,
      followRedirects: flag('Whether requests follow HTTP 3xx redirects.'),
      enableHTTP2: flag('Whether HTTP/2 is used.'),
      queueConfig: object('The tuning of the sending queue.', {
        capacity: integer('How many samples are buffered per shard.'),
        minShards: integer('The least number of shards.'),
        maxShards: integer('The largest number of shards.'),
        maxSamplesPerSend: integer('The largest number of samples per request.'),
        batchSendDeadline: text('The longest time a sample waits in the buffer.'),
        maxRetries: integer('The largest number of retries of a batch.'),
        minBackoff: text('The initial retry delay.'),
        maxBackoff: text('The largest retry delay.'),
        retryOnRateLimit: flag('Whether a 429 answer is retried.'),
        sampleAgeLimit: text('Samples older than this are dropped.'),
      }),
      metadataConfig: object('How metric metadata is sent.', {
        send: flag('Whether metric metadata is sent.'),
        sendInterval: text('How often metadata is sent.'),
        maxSamplesPerSend: integer('The largest number of metadata entries per request.'),
      }),
      roundRobinDNS: flag('Whether the endpoint host is resolved anew for each connection, round robin.'),
    }),
  );
}
