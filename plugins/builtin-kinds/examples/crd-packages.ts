import type { ExampleTable } from './with-examples.js';

// Examples of the Gateway API, cert-manager and Prometheus operator kinds.

const gatewayParent = { name: 'public', namespace: 'gateways' };
const backend = (name: string, port: number) => ({ name, port });

export const crdPackageExamples: ExampleTable = {
  gatewayclass: { controllerName: 'gateway.envoyproxy.io/gatewayclass-controller', description: 'The Envoy Gateway of the platform.' },
  gateway: {
    gatewayClassName: 'envoy',
    listeners: [
      { name: 'http', protocol: 'HTTP', port: 80 },
      { name: 'https', protocol: 'HTTPS', port: 443, hostname: '*.example.com', tls: { mode: 'Terminate', certificateRefs: [{ kind: 'Secret', name: 'wildcard-example-com' }] } },
    ],
  },
  listenerset: {
    parentRef: { name: 'public', kind: 'Gateway', group: 'gateway.networking.k8s.io' },
    listeners: [{ name: 'shop-https', protocol: 'HTTPS', port: 443, hostname: 'shop.example.com', tls: { mode: 'Terminate', certificateRefs: [{ kind: 'Secret', name: 'shop-example-com' }] } }],
  },
  httproute: {
    parentRefs: [gatewayParent],
    hostnames: ['shop.example.com'],
    rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/' } }], backendRefs: [backend('web', 80)] }],
  },
  grpcroute: {
    parentRefs: [gatewayParent],
    hostnames: ['api.example.com'],
    rules: [{ matches: [{ method: { service: 'orders.v1.OrderService' } }], backendRefs: [backend('orders', 9090)] }],
  },
  tcproute: { parentRefs: [{ ...gatewayParent, sectionName: 'postgres' }], rules: [{ backendRefs: [backend('db', 5432)] }] },
  tlsroute: { parentRefs: [{ ...gatewayParent, sectionName: 'tls-passthrough' }], hostnames: ['mqtt.example.com'], rules: [{ backendRefs: [backend('broker', 8883)] }] },
  udproute: { parentRefs: [{ ...gatewayParent, sectionName: 'dns' }], rules: [{ backendRefs: [backend('coredns', 53)] }] },
  referencegrant: {
    from: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', namespace: 'shop' }],
    to: [{ group: '', kind: 'Service', name: 'web' }],
  },
  backendtlspolicy: {
    targetRefs: [{ group: '', kind: 'Service', name: 'web' }],
    validation: { hostname: 'web.shop.svc.cluster.local', caCertificateRefs: [{ group: '', kind: 'ConfigMap', name: 'internal-ca' }] },
  },
  certificate: {
    secretName: 'shop-example-com-tls',
    dnsNames: ['shop.example.com'],
    issuerRef: { name: 'letsencrypt', kind: 'ClusterIssuer' },
    privateKey: { algorithm: 'ECDSA', size: 256 },
  },
  issuer: { ca: { secretName: 'internal-ca-key-pair' } },
  clusterissuer: {
    acme: {
      server: 'https://acme-v02.api.letsencrypt.org/directory',
      email: 'platform@example.com',
      privateKeySecretRef: { name: 'letsencrypt-account-key' },
      solvers: [{ http01: { ingress: { ingressClassName: 'nginx' } } }],
    },
  },
  servicemonitor: { selector: { matchLabels: { app: 'web' } }, endpoints: [{ port: 'metrics', interval: '30s', path: '/metrics' }] },
  podmonitor: { selector: { matchLabels: { app: 'worker' } }, podMetricsEndpoints: [{ port: 'metrics', interval: '30s' }] },
  'prometheus-probe': {
    prober: { url: 'blackbox-exporter.monitoring.svc:9115' },
    module: 'http_2xx',
    targets: { staticConfig: { static: ['https://shop.example.com/healthz'] } },
  },
  prometheusrule: {
    groups: [
      {
        name: 'web.rules',
        rules: [
          {
            alert: 'WebHighErrorRate',
            expr: 'sum(rate(http_requests_total{job="web",code=~"5.."}[5m])) / sum(rate(http_requests_total{job="web"}[5m])) > 0.05',
            for: '10m',
            labels: { severity: 'page' },
            annotations: { summary: 'More than 5% of requests to web fail.' },
          },
        ],
      },
    ],
  },
  alertmanager: { replicas: 3, alertmanagerConfigSelector: { matchLabels: { alertmanagerConfig: 'platform' } } },
  thanosruler: {
    replicas: 2,
    queryEndpoints: ['dnssrv+_http._tcp.thanos-query.monitoring.svc'],
    ruleSelector: { matchLabels: { role: 'thanos-rules' } },
  },
};
