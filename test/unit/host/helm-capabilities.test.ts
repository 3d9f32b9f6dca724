import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterApis } from '../../../src/engine/api-resources/cluster-apis.js';
import { chartCapabilities } from '../../../src/engine/api-resources/chart-capabilities.js';
import { parseProfile } from '../../../src/engine/documents/profile.js';
import { parseSingleSource } from '../../../src/engine/yaml/source.js';
import { helmCapabilityArgs } from '../../../src/host/charts/helm-capabilities.js';
import { importedProfile, registry } from '../api-resources/support.js';

// A chart's own .Capabilities checks, rendered by the real helm with the flags the profile gives.

const repo = fileURLToPath(new URL('../../../', import.meta.url));
let helm = '';
let dir = '';

beforeAll(() => {
  helm = process.env.KUREL_HELM ?? join(execFileSync(join(repo, 'scripts/install-k8s-tools.sh'), { encoding: 'utf8' }).trim(), 'helm');
  dir = mkdtempSync(join(tmpdir(), 'kurel-helm-caps-'));
  mkdirSync(join(dir, 'chart/templates'), { recursive: true });
  writeFileSync(join(dir, 'chart/Chart.yaml'), 'apiVersion: v2\nname: caps\nversion: 0.1.0\n');
  writeFileSync(
    join(dir, 'chart/templates/caps.yaml'),
    [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: caps}',
      'data:',
      '  kube: {{ .Capabilities.KubeVersion.Version | quote }}',
      '  route: {{ .Capabilities.APIVersions.Has "gateway.networking.k8s.io/v1/HTTPRoute" | quote }}',
      '  hpa: {{ .Capabilities.APIVersions.Has "autoscaling/v2/HorizontalPodAutoscaler" | quote }}',
      '',
    ].join('\n'),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const capabilitiesOf = (cluster: string) => chartCapabilities(clusterApis(parseProfile(parseSingleSource(importedProfile(cluster), 'profile file')), registry));

function render(args: string[]): Record<string, string> {
  const env = { ...process.env, HELM_CACHE_HOME: join(dir, 'cache'), HELM_CONFIG_HOME: join(dir, 'config'), HELM_DATA_HOME: join(dir, 'data') };
  return parse(execFileSync(helm, ['template', 'r', join(dir, 'chart'), ...args], { encoding: 'utf8', env })).data;
}

describe('helm capability flags from the ClusterProfile', () => {
  it('gives no flag where the profile declares nothing', () => {
    expect(helmCapabilityArgs({ apiVersions: [] })).toEqual([]);
    expect(helmCapabilityArgs({ apiVersions: [] }, { pinned: 'v1.35.0' })).toEqual(['--kube-version', 'v1.35.0']);
  });

  it("makes a chart's .Capabilities agree with the recorded cluster", () => {
    const gateway = helmCapabilityArgs(capabilitiesOf('kind-v1.35-gateway-api'), { pinned: 'v1.30.0' });
    expect(gateway.slice(0, 2)).toEqual(['--kube-version', 'v1.35.0']);
    expect(render(gateway)).toEqual({ kube: 'v1.35.0', route: 'true', hpa: 'true' });
    expect(render(helmCapabilityArgs(capabilitiesOf('kind-v1.35')))).toEqual({ kube: 'v1.35.0', route: 'false', hpa: 'true' });
  });

  it('lets the --kube-version flag win over the recorded version, and that over the pinned one', () => {
    expect(render(helmCapabilityArgs(capabilitiesOf('kind-v1.35'), { flag: 'v1.33.4', pinned: 'v1.30.0' })).kube).toBe('v1.33.4');
  });
});
