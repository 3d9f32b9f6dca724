import { describe, expect, it } from 'vitest';
import { buildFetching, type ChartRenderRequest } from '../../../src/engine/build.js';
import { isKurelError } from '../../../src/plugin-api/diagnostics.js';
import { application, importedProfile, registry } from './support.js';

// What the engine hands the chart renderer about the cluster, and the serving check holding what
// a chart rendered like any other component's objects.

const chart = '{name: edge, type: helmtemplate, properties: {source: {url: "https://charts.example.com"}, chart: routed, version: 1.0.0}}';
const ROUTE = '---\n# Source: routed/templates/route.yaml\napiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: web}\nspec: {}\n';

async function render(profile?: { file: string; text: string }) {
  const asked: ChartRenderRequest[] = [];
  const input = { application: application(chart), ...(profile ? { profile } : {}), settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } };
  const build = buildFetching(input, registry, async () => ({}), async (requests) => {
    asked.push(...requests);
    return Object.fromEntries(requests.map((request) => [request.component, ROUTE]));
  });
  return { build: build.then((result) => result, (error: unknown) => (isKurelError(error) ? error : Promise.reject(error))), asked };
}

describe('charts and the cluster of the profile', () => {
  it('hands the renderer the recorded kube version and every served API', async () => {
    const { build, asked } = await render(importedProfile('kind-v1.35-gateway-api'));
    await build;
    expect(asked[0].cluster.kubeVersion).toBe('v1.35.0');
    expect(asked[0].cluster.apiVersions).toContain('gateway.networking.k8s.io/v1/HTTPRoute');
    expect(asked[0].cluster.apiVersions).toContain('v1/ConfigMap');
  });

  it('hands it nothing to declare where the profile declares no APIs', async () => {
    const { build, asked } = await render();
    await build;
    expect(asked[0].cluster).toEqual({ apiVersions: [] });
  });

  it('refuses an object a chart rendered that the cluster does not serve', async () => {
    const { build } = await render(importedProfile('kind-v1.35'));
    const refusal = await build;
    expect(isKurelError(refusal)).toBe(true);
    expect((refusal as { diagnostics: Array<{ code: string; message: string }> }).diagnostics[0]).toMatchObject({
      code: 'KUREL_API_NOT_SERVED',
      message: expect.stringContaining('component "edge": gateway.networking.k8s.io/v1 HTTPRoute "web" is not served'),
    });
  });
});
