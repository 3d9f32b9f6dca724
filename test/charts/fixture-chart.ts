import type { ChartFiles } from './chart-fixtures.js';

// A chart that exercises every reading of a rendered chart: hooks of several phases and weights
// (one in a comma list, ones that are dropped), a List, a cluster-scoped object, a custom resource
// placed by scopeOverrides, a CRD in crds/ (never rendered), a partial, NOTES and an empty template.

const job = (name: string, hook: string, weight?: string) =>
  [
    'apiVersion: batch/v1',
    'kind: Job',
    'metadata:',
    `  name: ${name}`,
    '  annotations:',
    `    helm.sh/hook: ${hook}`,
    ...(weight !== undefined ? [`    helm.sh/hook-weight: "${weight}"`] : []),
    'spec:',
    '  template:',
    '    spec:',
    '      restartPolicy: Never',
    '      containers:',
    `        - {name: run, image: "registry.example.com/tools:1.0"}`,
  ].join('\n');

export const platformChart: ChartFiles = {
  name: 'platform',
  version: '1.2.3',
  files: {
    'values.yaml': 'replicas: 1\nimage: registry.example.com/web:2.0\nfail: false\n',
    'templates/_helpers.tpl': '{{- define "platform.name" -}}{{ .Release.Name }}-web{{- end }}\n',
    'templates/NOTES.txt': 'Installed {{ .Release.Name }}.\n',
    'templates/empty.yaml': '{{- if .Values.never }}\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: never}\n{{- end }}\n',
    'templates/web.yaml': [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: {{ include "platform.name" . }}',
      'spec:',
      '  replicas: {{ .Values.replicas }}',
      '  selector: {matchLabels: {app: web}}',
      '  template:',
      '    metadata: {labels: {app: web}}',
      '    spec:',
      '      containers:',
      '        - {name: web, image: "{{ .Values.image }}"}',
      '---',
      'apiVersion: v1',
      'kind: Service',
      'metadata: {name: {{ include "platform.name" . }}}',
      'spec: {selector: {app: web}, ports: [{port: 80}]}',
    ].join('\n'),
    'templates/capabilities.yaml': [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: {{ .Release.Name }}-facts}',
      'data:',
      '  kube: {{ .Capabilities.KubeVersion.Version | quote }}',
      '  release: {{ .Release.Name | quote }}',
      '  namespace: {{ .Release.Namespace | quote }}',
      '{{- if .Values.token }}',
      '  hasToken: "true"',
      '{{- end }}',
      '{{- if .Values.fail }}',
      '{{- fail (printf "refusing token %v" .Values.token) }}',
      '{{- end }}',
    ].join('\n'),
    'templates/list.yaml': [
      'apiVersion: v1',
      'kind: List',
      'items:',
      '  - {apiVersion: v1, kind: ConfigMap, metadata: {name: listed-a}, data: {n: "1"}}',
      '  - {apiVersion: v1, kind: ConfigMap, metadata: {name: listed-b}, data: {n: "2"}}',
    ].join('\n'),
    'templates/cluster.yaml': 'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: {{ .Release.Name }}-reader}\nrules: []\n',
    'templates/widget.yaml': 'apiVersion: widgets.example.com/v1\nkind: Widget\nmetadata: {name: main-widget}\nspec: {size: 3}\n',
    'templates/hooks.yaml': [
      job('pre-late', 'pre-install', '5'),
      '---',
      job('pre-early', 'pre-install', '-1'),
      '---',
      job('post-check', 'post-install'),
      '---',
      job('upgrade-or-install', 'post-upgrade,pre-install', '-1'),
      '---',
      job('cleanup', 'pre-delete'),
      '---',
      job('custom', 'zz-custom'),
      '---',
      job('rollback-only', 'pre-rollback,post-delete'),
      '---',
      job('post-or-unknown', 'post-install,zz'),
    ].join('\n'),
    'charts/agent/Chart.yaml': 'apiVersion: v2\nname: agent\nversion: 0.1.0\n',
    'charts/agent/values.yaml': 'role: collector\n',
    'charts/agent/templates/config.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: agent-config}\ndata:\n  role: {{ .Values.role | quote }}\n  template: {{ .Template.Name | quote }}\n  base: {{ .Template.BasePath | quote }}\n',
    'templates/tests/smoke.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: smoke\n  annotations: {helm.sh/hook: test}\nspec: {containers: [{name: c, image: "registry.example.com/curl:8"}]}\n',
    'crds/gadget.yaml': [
      'apiVersion: apiextensions.k8s.io/v1',
      'kind: CustomResourceDefinition',
      'metadata: {name: gadgets.example.com}',
      'spec:',
      '  group: example.com',
      '  scope: Namespaced',
      '  names: {kind: Gadget, plural: gadgets}',
      '  versions: [{name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}]',
    ].join('\n'),
  },
};

/** A chart whose pod asks for a privileged container: refused under the default policy. */
export const privilegedChart: ChartFiles = {
  name: 'risky',
  version: '0.1.0',
  files: {
    'templates/pod.yaml': [
      'apiVersion: v1',
      'kind: Pod',
      'metadata: {name: risky}',
      'spec:',
      '  containers:',
      '    - name: c',
      '      image: registry.example.com/risky:1.0',
      '      securityContext: {privileged: true}',
    ].join('\n'),
  },
};

/** A chart that writes the component label with its own value, and on demand a hook inside a List. */
export const labelledChart: ChartFiles = {
  name: 'labelled',
  version: '0.1.0',
  files: {
    'templates/config.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: labelled\n  labels: {launcher.gokure.dev/component: someone-else}\n',
    'templates/list.yaml': [
      '{{- if .Values.hookedList }}',
      'apiVersion: v1',
      'kind: List',
      'items:',
      '  - apiVersion: v1',
      '    kind: ConfigMap',
      '    metadata: {name: hooked, annotations: {helm.sh/hook: pre-install}}',
      '{{- end }}',
    ].join('\n'),
  },
};
