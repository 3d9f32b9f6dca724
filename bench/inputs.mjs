// Inputs the scaling benchmark and the regression guard build: N web services (the peer
// benchmark's shape: a webservice with an expose trait, rendered as Deployment, Service and
// Ingress), a ConfigMap of K keys, the same services as a helm chart, and 20 MB files.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const APP_HEAD = 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata:\n  name: bench\n  namespace: default\nspec:\n  components:\n';

/** The ClusterProfile the web services build against: expose renders an nginx Ingress. */
export const PROFILE = 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata:\n  name: bench\nspec:\n  capabilities:\n    expose:\n      rendering:\n        controllerType: ingress\n        ingressClassName: nginx\n';

const service = (i) =>
  `  - name: web-${i}\n    type: webservice\n    properties:\n      image: ghcr.io/example/web:v1.0.${i}\n      port: 8080\n      serviceAccountName: default\n    traits:\n    - type: expose\n      properties:\n        hostnames:\n        - web-${i}.example.com\n`;

/** An Application of `n` web services, written as the peer benchmark writes it. */
export function webServices(n) {
  let text = APP_HEAD;
  for (let i = 1; i <= n; i++) text += service(i);
  return text;
}

const value = (i, bytes) => `v${i}-`.padEnd(bytes, 'x');

/** An Application of one `configmap` component holding `keys` keys of `valueBytes`-character values. */
export function configMapKeys(keys, valueBytes = 200) {
  let text = `${APP_HEAD}  - name: settings\n    type: configmap\n    properties:\n      data:\n`;
  for (let i = 0; i < keys; i++) text += `        key${String(i).padStart(7, '0')}: "${value(i, valueBytes)}"\n`;
  return text;
}

/** An Application of one `passthrough` component carrying a ConfigMap of `keys` keys. */
export function passthroughConfigMap(keys, valueBytes = 200) {
  let text = `${APP_HEAD}  - name: settings\n    type: passthrough\n    properties:\n      object:\n        apiVersion: v1\n        kind: ConfigMap\n        metadata:\n          name: settings\n        data:\n`;
  for (let i = 0; i < keys; i++) text += `          key${String(i).padStart(7, '0')}: "${value(i, valueBytes)}"\n`;
  return text;
}

/**
 * A `passthrough` ConfigMap of about `bytes` bytes of short values, each under `tag` (`k1: !!str v1`):
 * some 620,000 keys in 20 MB.
 */
export function taggedConfigMapOfBytes(bytes, tag = '!!str') {
  const head = `${APP_HEAD}  - name: settings\n    type: passthrough\n    properties:\n      object:\n        apiVersion: v1\n        kind: ConfigMap\n        metadata:\n          name: settings\n        data:\n`;
  const lines = [head];
  for (let i = 0, length = head.length; length < bytes; i++) {
    const line = `          k${i}: ${tag} v${i}\n`;
    lines.push(line);
    length += line.length;
  }
  return lines.join('');
}

/** A `passthrough` ConfigMap of about `bytes` bytes of short values in a flow map, an entry a line (`k1: v1,`): some 750,000 keys in 20 MB. */
export function flowConfigMapOfBytes(bytes) {
  const head = `${APP_HEAD}  - name: settings\n    type: passthrough\n    properties:\n      object:\n        apiVersion: v1\n        kind: ConfigMap\n        metadata:\n          name: settings\n        data: {\n`;
  const lines = [head];
  for (let i = 0, length = head.length; length < bytes; i++) {
    const line = `          k${i}: v${i},\n`;
    lines.push(line);
    length += line.length;
  }
  lines.push('        }\n');
  return lines.join('');
}

/**
 * A `passthrough` ConfigMap of about `bytes` bytes of short values in a flow map, an entry a line,
 * every tenth value named (`k1: &a1 v1,`) and every tenth an alias of the one named before it
 * (`k2: *a1,`): some 700,000 keys in 20 MB, 70,000 of them aliases, within the default limit of
 * nodes aliases may add.
 */
export function anchoredFlowConfigMapOfBytes(bytes) {
  const head = `${APP_HEAD}  - name: settings\n    type: passthrough\n    properties:\n      object:\n        apiVersion: v1\n        kind: ConfigMap\n        metadata:\n          name: settings\n        data: {\n`;
  const lines = [head];
  for (let i = 0, length = head.length; length < bytes; i++) {
    const value = i % 10 === 1 ? `&a${i} v${i}` : i % 10 === 2 ? `*a${i - 1}` : `v${i}`;
    const line = `          k${i}: ${value},\n`;
    lines.push(line);
    length += line.length;
  }
  lines.push('        }\n');
  return lines.join('');
}

/**
 * A `configmap` component of about `bytes` bytes whose every value is a timestamp
 * (`k1: !!timestamp 2001-12-14`), which a ConfigMap's data refuses: an error for each of some
 * 480,000 keys in 20 MB, each placed at its key.
 */
export function timestampConfigMapOfBytes(bytes) {
  return linesOfBytes(`${APP_HEAD}  - name: settings\n    type: configmap\n    properties:\n      data:\n`, (i) => `          k${i}: !!timestamp 2001-12-14\n`, bytes);
}

/**
 * A `webservice` component of about `bytes` bytes whose every property but its image is one a
 * web service does not have (`extra1: 1`): some 950,000 in 20 MB, each refused with the fields
 * it may have.
 */
export function unsupportedFieldsOfBytes(bytes) {
  return linesOfBytes(`${APP_HEAD}  - name: web\n    type: webservice\n    properties:\n      image: x/web:v1\n`, (i) => `      extra${i}: 1\n`, bytes);
}

/** A `webservice` component of about `bytes` bytes of traits of types nothing registers (1,000,000 in 20 MB): refused at the first. */
export function unknownTraitsOfBytes(bytes) {
  return linesOfBytes(`${APP_HEAD}  - name: web\n    type: webservice\n    properties: {image: x/web:v1}\n    traits:\n`, (i) => `    - type: nosuch${i}\n`, bytes);
}

/** `head` and the lines `line` gives for 0, 1, 2, … until there are about `bytes` bytes. */
function linesOfBytes(head, line, bytes) {
  const lines = [head];
  for (let i = 0, length = head.length; length < bytes; i++) {
    const next = line(i);
    lines.push(next);
    length += next.length;
  }
  return lines.join('');
}

/** A ConfigMap Application of about `bytes` bytes (200-character values). */
export function configMapOfBytes(bytes) {
  return configMapKeys(Math.floor((bytes - 200) / 226));
}

/** An Application of about `bytes` bytes of small components, one per line. */
export function componentsOfBytes(bytes) {
  const line = (i) => `  - {name: c${i}, type: configmap, properties: {data: {a: "1"}}}\n`;
  let text = APP_HEAD;
  for (let i = 0; text.length < bytes; i++) text += line(i);
  return text;
}

/**
 * An Application of `n` web services written as JSON tools print it (two-space indent, one
 * scalar a line), about 440 bytes a service.
 */
export function webServicesJson(n) {
  const component = (i) => ({
    name: `web-${i}`,
    type: 'webservice',
    properties: { image: `ghcr.io/example/web:v1.0.${i}`, port: 8080, serviceAccountName: 'default' },
    traits: [{ type: 'expose', properties: { hostnames: [`web-${i}.example.com`] } }],
  });
  const application = { apiVersion: 'launcher.gokure.dev/v1alpha1', kind: 'Application', metadata: { name: 'bench', namespace: 'default' }, spec: { components: Array.from({ length: n }, (_, i) => component(i + 1)) } };
  return `${JSON.stringify(application, null, 2)}\n`;
}

/** A `passthrough` ConfigMap of about `bytes` bytes written as JSON tools print it (200-character values). */
export function passthroughConfigMapJsonOfBytes(bytes) {
  const data = {};
  for (let i = 0; i < Math.floor(bytes / 226); i++) data[`key${String(i).padStart(7, '0')}`] = value(i, 200);
  const object = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' }, data };
  const application = { apiVersion: 'launcher.gokure.dev/v1alpha1', kind: 'Application', metadata: { name: 'bench', namespace: 'default' }, spec: { components: [{ name: 'settings', type: 'passthrough', properties: { object } }] } };
  return `${JSON.stringify(application, null, 2)}\n`;
}

/** An Application whose `spec.components` is flow lists nested `depth` deep: two bytes a level. */
export function nestedFlowLists(depth) {
  return `${APP_HEAD.slice(0, -'  components:\n'.length)}  components: ${'['.repeat(depth)}${']'.repeat(depth)}\n`;
}

/** An Application with no components and, under a key it may not have, a block list of `items` one-character items: four bytes an item. */
export function longListUnderUnknownKey(items) {
  return `${APP_HEAD}  - name: web\n    type: webservice\n    properties:\n      image: nginx:1.27\nunknown:\n${'- 1\n'.repeat(items)}`;
}

/** A helm chart rendering the same `n` services as `webServices(n)`, object for object. */
export function writeHelmChart(dir, n) {
  mkdirSync(join(dir, 'templates'), { recursive: true });
  writeFileSync(join(dir, 'Chart.yaml'), 'apiVersion: v2\nname: bench\ndescription: N web services\ntype: application\nversion: 0.1.0\n');
  let values = 'namespace: default\ningressClassName: nginx\nserviceAccountName: default\nservices:\n';
  for (let i = 1; i <= n; i++) values += `- name: web-${i}\n  image: ghcr.io/example/web:v1.0.${i}\n  port: 8080\n  host: web-${i}.example.com\n`;
  writeFileSync(join(dir, 'values.yaml'), values);
  const labels = (indent) => `${indent}labels:\n${indent}  app: {{ .name }}\n${indent}  launcher.gokure.dev/component: {{ .name }}\n`;
  const range = (body) => `{{- range .Values.services }}\n---\n${body}{{- end }}\n`;
  writeFileSync(
    join(dir, 'templates/deployment.yaml'),
    range(
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n${labels('  ')}  name: {{ .name }}\n  namespace: {{ $.Values.namespace }}\nspec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: {{ .name }}\n  strategy: {}\n  template:\n    metadata:\n${labels('      ')}    spec:\n      containers:\n      - image: {{ .image | quote }}\n        name: {{ .name }}\n        ports:\n        - containerPort: {{ .port }}\n          name: http\n          protocol: TCP\n        resources:\n          limits:\n            memory: 128Mi\n          requests:\n            cpu: 100m\n            memory: 128Mi\n      serviceAccountName: {{ $.Values.serviceAccountName }}\n`,
    ),
  );
  writeFileSync(
    join(dir, 'templates/service.yaml'),
    range(`apiVersion: v1\nkind: Service\nmetadata:\n${labels('  ')}  name: {{ .name }}\n  namespace: {{ $.Values.namespace }}\nspec:\n  ports:\n  - name: http\n    port: {{ .port }}\n    protocol: TCP\n    targetPort: {{ .port }}\n  selector:\n    app: {{ .name }}\n  type: ClusterIP\n`),
  );
  writeFileSync(
    join(dir, 'templates/ingress.yaml'),
    range(
      `apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n${labels('  ')}  name: {{ .name }}-ingress\n  namespace: {{ $.Values.namespace }}\nspec:\n  ingressClassName: {{ $.Values.ingressClassName }}\n  rules:\n  - host: {{ .host | quote }}\n    http:\n      paths:\n      - backend:\n          service:\n            name: {{ .name }}\n            port:\n              number: {{ .port }}\n        path: /\n        pathType: Prefix\n`,
    ),
  );
}

/** An Application of `n` components, every other one refused: an unknown type, or a property of the wrong type. */
export function refusedComponents(n) {
  let text = APP_HEAD;
  for (let i = 0; i < n; i++) {
    text += i % 2 === 0 ? `  - name: c${i}\n    type: workr\n    properties: {image: x/c:v1}\n` : `  - name: c${i}\n    type: worker\n    properties: {image: x/c:v1, replicas: two}\n`;
  }
  return text;
}
