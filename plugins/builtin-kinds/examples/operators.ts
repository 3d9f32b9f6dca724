import type { ExampleTable } from './with-examples.js';

// Examples of the operator kinds: CloudNativePG, Cilium and External Secrets.

const cluster = { name: 'orders-db' };
const vaultProvider = {
  vault: {
    server: 'https://vault.example.internal:8200',
    path: 'secret',
    version: 'v2',
    auth: { kubernetes: { mountPath: 'kubernetes', role: 'shop' } },
  },
};

export const operatorExamples: ExampleTable = {
  'cnpg-cluster': { instances: 3, imageName: 'ghcr.io/cloudnative-pg/postgresql:16.4', storage: { size: '20Gi', storageClass: 'standard' }, bootstrap: { initdb: { database: 'orders', owner: 'orders' } } },
  'cnpg-pooler': { cluster, instances: 2, type: 'rw', pgbouncer: { poolMode: 'transaction', parameters: { max_client_conn: '500' } } },
  'cnpg-database': { cluster, name: 'reporting', owner: 'reporting' },
  'cnpg-objectstore': {
    configuration: {
      destinationPath: 's3://example-pg-backups/orders',
      s3Credentials: { accessKeyId: { name: 'backup-s3', key: 'ACCESS_KEY_ID' }, secretAccessKey: { name: 'backup-s3', key: 'SECRET_ACCESS_KEY' } },
      wal: { compression: 'gzip' },
    },
    retentionPolicy: '30d',
  },
  'cnpg-backup': { cluster, method: 'volumeSnapshot' },
  'cnpg-scheduledbackup': { cluster, schedule: '0 0 2 * * *', backupOwnerReference: 'self', method: 'volumeSnapshot' },
  'cnpg-imagecatalog': { images: [{ major: 16, image: 'ghcr.io/cloudnative-pg/postgresql:16.4' }, { major: 17, image: 'ghcr.io/cloudnative-pg/postgresql:17.0' }] },
  'cnpg-clusterimagecatalog': { images: [{ major: 16, image: 'ghcr.io/cloudnative-pg/postgresql:16.4' }] },
  'cnpg-databaserole': { cluster, name: 'analyst', login: true, inRoles: ['pg_read_all_data'], passwordSecret: { name: 'analyst-password' } },
  'cnpg-publication': { cluster, name: 'orders-pub', dbname: 'orders', target: { allTables: true } },
  'cnpg-subscription': { cluster: { name: 'reporting-db' }, name: 'orders-sub', dbname: 'orders', publicationName: 'orders-pub', externalClusterName: 'orders-db' },
  'cilium-networkpolicy': {
    spec: {
      endpointSelector: { matchLabels: { app: 'db' } },
      ingress: [{ fromEndpoints: [{ matchLabels: { app: 'web' } }], toPorts: [{ ports: [{ port: '5432', protocol: 'TCP' }] }] }],
    },
  },
  'cilium-clusterwidenetworkpolicy': {
    spec: {
      endpointSelector: {},
      egress: [{ toEndpoints: [{ matchLabels: { 'k8s:io.kubernetes.pod.namespace': 'kube-system', 'k8s:k8s-app': 'kube-dns' } }], toPorts: [{ ports: [{ port: '53', protocol: 'ANY' }] }] }],
    },
  },
  'cilium-bgpadvertisement': { advertisements: [{ advertisementType: 'Service', service: { addresses: ['LoadBalancerIP'] }, selector: { matchLabels: { announce: 'bgp' } } }] },
  'cilium-bgpclusterconfig': {
    nodeSelector: { matchLabels: { 'bgp-speaker': 'true' } },
    bgpInstances: [{ name: 'edge', localASN: 64512, peers: [{ name: 'tor-switch', peerASN: 64501, peerAddress: '10.0.0.1', peerConfigRef: { name: 'tor-switch' } }] }],
  },
  'cilium-bgpnodeconfigoverride': { bgpInstances: [{ name: 'edge', routerID: '10.0.0.21', peers: [{ name: 'tor-switch', localAddress: '10.0.0.21' }] }] },
  'cilium-bgppeerconfig': { timers: { holdTimeSeconds: 9, keepAliveTimeSeconds: 3 }, gracefulRestart: { enabled: true }, families: [{ afi: 'ipv4', safi: 'unicast', advertisements: { matchLabels: { announce: 'bgp' } } }] },
  'cilium-cidrgroup': { externalCIDRs: ['203.0.113.0/24', '198.51.100.0/24'] },
  'cilium-loadbalancerippool': { blocks: [{ cidr: '192.0.2.128/25' }] },
  'cilium-egressgatewaypolicy': {
    selectors: [{ podSelector: { matchLabels: { app: 'payments' } } }],
    destinationCIDRs: ['0.0.0.0/0'],
    egressGateway: { nodeSelector: { matchLabels: { egress: 'true' } }, egressIP: '10.0.5.10' },
  },
  'cilium-localredirectpolicy': {
    redirectFrontend: { serviceMatcher: { serviceName: 'kube-dns', namespace: 'kube-system' } },
    redirectBackend: { localEndpointSelector: { matchLabels: { 'k8s-app': 'node-local-dns' } }, toPorts: [{ port: '53', name: 'dns', protocol: 'UDP' }] },
  },
  'cilium-nodeconfig': { nodeSelector: { matchLabels: { 'node-role.kubernetes.io/edge': '' } }, defaults: { 'enable-bpf-masquerade': 'true' } },
  externalsecret: {
    secretStoreRef: { name: 'vault', kind: 'ClusterSecretStore' },
    refreshInterval: '1h',
    target: { name: 'db-credentials' },
    data: [{ secretKey: 'password', remoteRef: { key: 'shop/db', property: 'password' } }],
  },
  clusterexternalsecret: {
    namespaceSelectors: [{ matchLabels: { 'registry-access': 'true' } }],
    externalSecretSpec: {
      secretStoreRef: { name: 'vault', kind: 'ClusterSecretStore' },
      target: { name: 'registry-credentials' },
      data: [{ secretKey: '.dockerconfigjson', remoteRef: { key: 'platform/registry', property: 'dockerconfigjson' } }],
    },
  },
  secretstore: { provider: vaultProvider },
  clustersecretstore: { provider: vaultProvider },
};
