import { describe, expect, it } from 'vitest';
import { clusterApis, isKubernetesGroup } from '../../../src/engine/api-resources/cluster-apis.js';
import { parseProfile } from '../../../src/engine/documents/profile.js';
import { parseSingleSource } from '../../../src/engine/yaml/source.js';
import { importedProfile, registry } from './support.js';

const profileOf = (file: { file: string; text: string }) => parseProfile(parseSingleSource(file, 'profile file'));
const undeclared = clusterApis({}, registry);
const kind = clusterApis(profileOf(importedProfile('kind-v1.35')), registry);
const gateway = clusterApis(profileOf(importedProfile('kind-v1.35-gateway-api')), registry);

describe('apiVersion negotiation', () => {
  it('gives a stable built-in kind its pinned version where the cluster says nothing', () => {
    expect(undeclared.declared).toBe(false);
    expect(undeclared.negotiate('HorizontalPodAutoscaler')).toEqual({ apiVersion: 'autoscaling/v2' });
    expect(undeclared.negotiate('Role')).toEqual({ apiVersion: 'rbac.authorization.k8s.io/v1' });
  });

  it("gives a built-in kind the cluster's preferred version over the pinned one", () => {
    expect(kind.negotiate('HorizontalPodAutoscaler')).toEqual({ apiVersion: 'autoscaling/v2' });
    const older = profileOf({
      file: 'old.yaml',
      text: 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata: {name: old}\nspec:\n  apiResources:\n  - {group: autoscaling, versions: [v1], kinds: [{kind: HorizontalPodAutoscaler, scope: Namespaced}]}\n',
    });
    expect(clusterApis(older, registry).negotiate('HorizontalPodAutoscaler')).toEqual({ apiVersion: 'autoscaling/v1' });
  });

  it('fails closed on a custom resource kind where the cluster says nothing', () => {
    const answer = undeclared.negotiate('HTTPRoute');
    expect(answer.apiVersion).toBeUndefined();
    expect(answer.problem).toContain('custom resource of group gateway.networking.k8s.io');
    expect(answer.problem).toContain('kurel pins "gateway.networking.k8s.io/v1"');
  });

  it('takes the version the cluster serves a custom resource kind at, and the pinned one for the serving check to refuse where it serves none', () => {
    expect(gateway.negotiate('HTTPRoute')).toEqual({ apiVersion: 'gateway.networking.k8s.io/v1' });
    expect(gateway.negotiate('ReferenceGrant')).toEqual({ apiVersion: 'gateway.networking.k8s.io/v1beta1' });
    expect(kind.negotiate('HTTPRoute')).toEqual({ apiVersion: 'gateway.networking.k8s.io/v1' });
  });

  it('takes a kind only the cluster knows from the group serving it, and names manifests where nobody knows it', () => {
    expect(kind.negotiate('PriorityLevelConfiguration')).toEqual({ apiVersion: 'flowcontrol.apiserver.k8s.io/v1' });
    for (const cluster of [undeclared, kind]) expect(cluster.negotiate('Widget').problem).toContain('carry the object as written with a manifests component');
  });

  it('asks for an apiVersion where several groups serve the kind', () => {
    expect(kind.negotiate('Event').problem).toBe('kind "Event" is served by several groups ("v1", "events.k8s.io/v1"); set apiVersion to choose one');
  });

  it('answers scopes from the cluster, else from the pinned kinds, and lists served versions for helm', () => {
    expect(kind.scopeOf('v1', 'Namespace')).toBe('Cluster');
    expect(undeclared.scopeOf('rbac.authorization.k8s.io/v1', 'ClusterRole')).toBe('Cluster');
    expect(undeclared.scopeOf('example.com/v1', 'Widget')).toBeUndefined();
    expect(undeclared.apiVersions()).toEqual([]);
    expect(kind.apiVersions()).toContain('autoscaling/v1/HorizontalPodAutoscaler');
    expect(gateway.apiVersions()).toContain('gateway.networking.k8s.io/v1beta1/ReferenceGrant');
    expect(gateway.apiVersions()).not.toContain('gateway.networking.k8s.io/v1/ReferenceGrant');
    expect(kind.kubeVersion).toBe('v1.35.0');
  });

  it('tells the API server’s own groups from CRD groups named like them', () => {
    expect(['', 'apps', 'networking.k8s.io', 'rbac.authorization.k8s.io'].every(isKubernetesGroup)).toBe(true);
    expect(['gateway.networking.k8s.io', 'cluster.x-k8s.io', 'cert-manager.io'].some(isKubernetesGroup)).toBe(false);
  });
});
