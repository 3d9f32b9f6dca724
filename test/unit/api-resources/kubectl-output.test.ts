import { describe, expect, it } from 'vitest';
import { servedFromKubectl, compareVersionPriority } from '../../../src/engine/api-resources/kubectl-output.js';
import { importProfile } from '../../../src/engine/api-resources/import-profile.js';
import { parseProfile } from '../../../src/engine/documents/profile.js';
import { parseSingleSource } from '../../../src/engine/yaml/source.js';
import { isServed } from '../../../src/engine/documents/served.js';
import { firstDiagnostic } from '../engine/support.js';
import { recorded } from './support.js';

const HEADING = 'NAME         SHORTNAMES   APIVERSION   NAMESPACED   KIND\n';

describe('reading recorded kubectl output', () => {
  it('takes each kind with its scope and version, and every version api-versions lists', () => {
    const served = servedFromKubectl(recorded('kind-v1.35/api-resources.txt'), recorded('kind-v1.35/api-versions.txt'));
    const autoscaling = served.groups.get('autoscaling')!;
    expect(autoscaling.versions).toEqual(['v2', 'v1']);
    expect(autoscaling.preferredVersion).toBe('v2');
    expect(autoscaling.kinds.get('HorizontalPodAutoscaler')).toEqual({ scope: 'Namespaced', version: 'v2' });
    expect(served.groups.get('')!.kinds.get('Namespace')?.scope).toBe('Cluster');
    // A row with an empty SHORTNAMES cell is read by its column offsets.
    expect(served.groups.get('')!.kinds.get('Binding')?.scope).toBe('Namespaced');
    expect(served.groups.has('gateway.networking.k8s.io')).toBe(false);
  });

  it('keeps a kind listed below its group preferred version at that version', () => {
    const served = servedFromKubectl(recorded('kind-v1.35-gateway-api/api-resources.txt'), recorded('kind-v1.35-gateway-api/api-versions.txt'));
    const gateway = served.groups.get('gateway.networking.k8s.io')!;
    expect(gateway.preferredVersion).toBe('v1');
    expect(gateway.versions).toEqual(['v1', 'v1beta1']);
    expect(gateway.kinds.get('ReferenceGrant')).toEqual({ scope: 'Namespaced', version: 'v1beta1' });
    expect(isServed(served, 'gateway.networking.k8s.io/v1', 'HTTPRoute')).toBe(true);
    expect(isServed(served, 'gateway.networking.k8s.io/v1beta1', 'ReferenceGrant')).toBe(true);
    expect(isServed(served, 'gateway.networking.k8s.io/v1', 'ReferenceGrant')).toBe(false);
  });

  it('reads plain api-resources output without api-versions', () => {
    const served = servedFromKubectl({ file: 'r.txt', text: `${HEADING}deployments  deploy       apps/v1      true         Deployment\n` });
    expect(served.groups.get('apps')).toMatchObject({ versions: ['v1'], preferredVersion: 'v1' });
  });

  it('refuses misaligned rows, a foreign heading and a bad api-versions line at file:line:col', () => {
    const misaligned = firstDiagnostic(() => servedFromKubectl({ file: 'r.txt', text: `${HEADING}deployments deploy apps/v1 true Deployment\n` }));
    expect(misaligned).toMatchObject({ code: 'KUREL_INPUT', file: 'r.txt', line: 2, column: 27 });
    expect(misaligned.message).toContain('is not an apiVersion; the columns must line up with the heading');
    expect(firstDiagnostic(() => servedFromKubectl({ file: 'r.txt', text: 'NAME   READY\npod-a  1/1\n' })).message).toBe(
      'the heading has no APIVERSION column: is this the output of kubectl api-resources?',
    );
    const versions = firstDiagnostic(() => servedFromKubectl(recorded('kind-v1.35/api-resources.txt'), { file: 'v.txt', text: 'apps/v1\nNAME READY\n' }));
    expect(versions).toMatchObject({ file: 'v.txt', line: 2, column: 1 });
  });

  it('orders versions as Kubernetes prefers them', () => {
    expect(['v1alpha1', 'v1beta2', 'v2', 'v1', 'v2beta1'].sort(compareVersionPriority)).toEqual(['v2', 'v1', 'v2beta1', 'v1beta2', 'v1alpha1']);
  });
});

describe('importProfile', () => {
  const base = { apiResources: recorded('kind-v1.35/api-resources.txt'), apiVersions: recorded('kind-v1.35/api-versions.txt') };

  it('writes a profile that reads back to what the cluster serves, with the kube version', () => {
    const text = importProfile({ ...base, kubeVersion: 'v1.35.0', name: 'kind' });
    const profile = parseProfile(parseSingleSource({ file: 'p.yaml', text }, 'profile file'));
    expect(profile.name).toBe('kind');
    expect(profile.kubeVersion).toBe('v1.35.0');
    expect(profile.served?.groups.get('autoscaling')).toEqual(servedFromKubectl(base.apiResources, base.apiVersions).groups.get('autoscaling'));
    expect(profile.bindings.size).toBe(0);
  });

  it('keeps the capabilities of a given profile and replaces its API resources', () => {
    const existing = { file: 'prod.yaml', text: 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata: {name: prod}\nspec:\n  capabilities:\n    expose: {rendering: {controllerType: gateway}}\n' };
    const profile = parseProfile(parseSingleSource({ file: 'p.yaml', text: importProfile({ ...base, profile: existing }) }, 'profile file'));
    expect(profile.name).toBe('prod');
    expect(profile.bindings.get('expose')).toEqual({ controllerType: 'gateway' });
    expect(profile.served?.groups.size).toBe(21);
  });

  it('refuses a bad --kube-version and empty output', () => {
    expect(firstDiagnostic(() => importProfile({ ...base, kubeVersion: 'latest' }))).toMatchObject({ code: 'KUREL_FLAG', message: '--kube-version: "latest" is not a Kubernetes version (v1.35.0)' });
    expect(firstDiagnostic(() => importProfile({ apiResources: { file: 'empty.txt', text: HEADING } }))).toMatchObject({ code: 'KUREL_INPUT', file: 'empty.txt' });
  });
});

describe('spec.apiResources in a ClusterProfile', () => {
  const HEAD = 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata: {name: p}\nspec:\n';
  const failure = (spec: string) => firstDiagnostic(() => parseProfile(parseSingleSource({ file: 'cluster.yaml', text: `${HEAD}${spec}` }, 'profile file')));

  it('refuses each malformed entry at its path', () => {
    expect(failure('  apiResources:\n  - {group: apps, versions: [v1], preferredVersion: v2}\n')).toMatchObject({
      code: 'KUREL_PROFILE',
      path: 'spec.apiResources[0].preferredVersion',
      message: '"v2" is not among the group\'s versions (v1)',
    });
    expect(failure('  apiResources:\n  - {group: apps, versions: [v1], kinds: [{kind: Deployment, scope: Global}]}\n')).toMatchObject({ path: 'spec.apiResources[0].kinds[0].scope' });
    expect(failure('  apiResources:\n  - {group: apps, versions: [v1]}\n  - {group: apps, versions: [v1]}\n').message).toBe('group "apps" is listed twice');
    expect(failure('  apiResources:\n  - {group: apps, versions: [one]}\n').path).toBe('spec.apiResources[0].versions[0]');
    expect(failure('  apiResources:\n  - {group: apps, versions: [v1], kinds: [{kind: Deployment, scope: Namespaced, version: v2}]}\n').path).toBe('spec.apiResources[0].kinds[0].version');
    expect(failure('  kubeVersion: "1.x"\n')).toMatchObject({ path: 'spec.kubeVersion' });
  });
});
