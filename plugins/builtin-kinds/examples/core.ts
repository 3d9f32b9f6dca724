import type { ExampleTable } from './with-examples.js';

// Examples of the core Kubernetes kinds.

const container = { name: 'app', image: 'ghcr.io/example/app:v1.4.2', ports: [{ name: 'http', containerPort: 8080 }], resources: { requests: { cpu: '100m', memory: '128Mi' } } };
const podTemplate = { metadata: { labels: { app: 'example' } }, spec: { containers: [container] } };

export const coreExamples: ExampleTable = {
  pod: { containers: [container], restartPolicy: 'Always' },
  replicaset: { replicas: 2, selector: { matchLabels: { app: 'example' } }, template: podTemplate },
  replicationcontroller: { replicas: 2, selector: { app: 'example' }, template: podTemplate },
  podtemplate: { template: podTemplate },
  persistentvolumeclaim: { size: '10Gi', storageClassName: 'standard', accessModes: ['ReadWriteOnce'] },
  persistentvolume: { capacity: { storage: '50Gi' }, accessModes: ['ReadWriteMany'], persistentVolumeReclaimPolicy: 'Retain', storageClassName: 'nfs', nfs: { server: 'nfs.example.internal', path: '/exports/shared' } },
  namespace: {},
  limitrange: { limits: [{ type: 'Container', default: { cpu: '500m', memory: '512Mi' }, defaultRequest: { cpu: '100m', memory: '128Mi' } }] },
  resourcequota: { hard: { 'requests.cpu': '4', 'requests.memory': '8Gi', pods: '20' } },
  storageclass: { provisioner: 'ebs.csi.aws.com', parameters: { type: 'gp3' }, reclaimPolicy: 'Delete', volumeBindingMode: 'WaitForFirstConsumer', allowVolumeExpansion: true },
  volumeattributesclass: { driverName: 'ebs.csi.aws.com', parameters: { iops: '4000', throughput: '250' } },
  priorityclass: { value: 100000, globalDefault: false, description: 'Customer-facing services, scheduled before batch work.' },
  runtimeclass: { handler: 'runsc' },
  ingressclass: { controller: 'k8s.io/ingress-nginx' },
  csidriver: { attachRequired: true, podInfoOnMount: false, volumeLifecycleModes: ['Persistent'] },
  servicecidr: { cidrs: ['10.96.0.0/16'] },
  endpointslice: { addressType: 'IPv4', endpoints: [{ addresses: ['10.0.12.7'], conditions: { ready: true } }], ports: [{ name: 'http', port: 8080, protocol: 'TCP' }] },
  poddisruptionbudget: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } },
  horizontalpodautoscaler: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
    minReplicas: 2,
    maxReplicas: 10,
    metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
  },
  ingress: {
    ingressClassName: 'nginx',
    rules: [{ host: 'shop.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } }] } }],
  },
  networkpolicy: { podSelector: { matchLabels: { app: 'db' } }, policyTypes: ['Ingress'], ingress: [{ from: [{ podSelector: { matchLabels: { app: 'web' } } }], ports: [{ protocol: 'TCP', port: 5432 }] }] },
  apiservice: { group: 'metrics.k8s.io', version: 'v1beta1', groupPriorityMinimum: 100, versionPriority: 100, service: { name: 'metrics-server', namespace: 'kube-system' } },
  mutatingwebhookconfiguration: {
    webhooks: [
      {
        name: 'inject.example.com',
        admissionReviewVersions: ['v1'],
        sideEffects: 'None',
        clientConfig: { service: { name: 'injector', namespace: 'platform', path: '/mutate' } },
        rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] }],
      },
    ],
  },
  validatingwebhookconfiguration: {
    webhooks: [
      {
        name: 'policy.example.com',
        admissionReviewVersions: ['v1'],
        sideEffects: 'None',
        failurePolicy: 'Fail',
        clientConfig: { service: { name: 'policy', namespace: 'platform', path: '/validate' } },
        rules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] }],
      },
    ],
  },
  role: { rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'watch'] }] },
  rolebinding: { roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'config-reader' }, subjects: [{ kind: 'ServiceAccount', name: 'web' }] },
  clusterrole: { rules: [{ apiGroups: [''], resources: ['nodes'], verbs: ['get', 'list'] }] },
  clusterrolebinding: { roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'node-reader' }, subjects: [{ kind: 'ServiceAccount', name: 'agent', namespace: 'monitoring' }] },
};
