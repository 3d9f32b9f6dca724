{{- define "status.labels" -}}
app.kubernetes.io/name: status-page
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}
