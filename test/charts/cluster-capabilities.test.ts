import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { importedProfile } from '../unit/api-resources/support.js';
import { packageCharts, serveRepository, testHelm } from './chart-fixtures.js';
import { kurel } from './run-kurel.js';

// A chart's own .Capabilities checks see the cluster the ClusterProfile records, as the build's
// serving check does: the real helm, given the profile's kube version and served APIs.

const routeChart = {
  name: 'routed',
  version: '0.1.0',
  files: {
    'templates/facts.yaml': [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: facts}',
      'data:',
      '  kube: {{ .Capabilities.KubeVersion.Version | quote }}',
      '  gatewayApi: {{ .Capabilities.APIVersions.Has "gateway.networking.k8s.io/v1/HTTPRoute" | quote }}',
    ].join('\n'),
    'templates/route.yaml': [
      '{{- if .Capabilities.APIVersions.Has "gateway.networking.k8s.io/v1/HTTPRoute" }}',
      'apiVersion: gateway.networking.k8s.io/v1',
      'kind: HTTPRoute',
      'metadata: {name: web}',
      'spec: {parentRefs: [{name: public}]}',
      '{{- end }}',
    ].join('\n'),
  },
};

let helm = '';
let dir = '';
let server: Awaited<ReturnType<typeof serveRepository>>;

beforeAll(async () => {
  helm = testHelm();
  dir = mkdtempSync(join(tmpdir(), 'kurel-chart-caps-'));
  packageCharts(helm, dir, [routeChart]);
  server = await serveRepository(dir);
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function build(name: string, profile: string | undefined, extra: string[] = []) {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  const component = `    - name: edge\n      type: helmtemplate\n      properties:\n        source: {url: "${server.url}"}\n        chart: routed\n        version: 0.1.0\n`;
  writeFileSync(join(folder, 'app.yaml'), `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop, namespace: shop}\nspec:\n  components:\n${component}`);
  writeFileSync(join(folder, '.kurelrc.json'), '{}');
  if (profile) writeFileSync(join(folder, 'cluster.yaml'), importedProfile(profile).text.replace('kubeVersion: v1.35.0', 'kubeVersion: v1.34.2'));
  const result = await kurel(folder, ['build', 'app.yaml', ...(profile ? ['--profile', 'cluster.yaml'] : []), ...extra], { KUREL_HELM: helm, KUREL_CACHE_DIR: join(folder, 'cache') });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  const objects = parseAllDocuments(result.stdout).map((document) => document.toJS());
  return { kinds: objects.map((object) => object.kind), facts: objects.find((object) => object.metadata.name === 'facts').data };
}

describe('a chart sees the cluster of the ClusterProfile', () => {
  it('renders the HTTPRoute its own check gates where the profile serves Gateway API, at the recorded kube version', async () => {
    expect(await build('gateway', 'kind-v1.35-gateway-api')).toEqual({ kinds: ['ConfigMap', 'HTTPRoute'], facts: { kube: 'v1.34.2', gatewayApi: 'true' } });
  });

  it('leaves it out where the profile does not serve it, so the serving check has nothing to refuse', async () => {
    expect(await build('plain', 'kind-v1.35')).toEqual({ kinds: ['ConfigMap'], facts: { kube: 'v1.34.2', gatewayApi: 'false' } });
  });

  it("keeps helm's defaults without declared APIs, and lets --kube-version win over the profile", async () => {
    expect((await build('none', undefined)).facts).toEqual({ kube: 'v1.35.0', gatewayApi: 'false' });
    expect((await build('flag', 'kind-v1.35-gateway-api', ['--kube-version', 'v1.33.0'])).facts.kube).toBe('v1.33.0');
  });
});
