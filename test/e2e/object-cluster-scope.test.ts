import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kurelIn, scratchFolder } from './support.js';

// Seed, ObjectKindPolicy: "A policy that does not implement it allows every kind and
// cluster-scoped objects, as does NoopPolicy, and the check does not run." The generic `object`
// component and the typed `clusterrole` answer alike, with no policy and under one that says no.

const scratch = scratchFolder('kurel-object-scope-');

const APP = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
    - name: generic
      type: object
      properties:
        kind: ClusterRole
        rules: [{apiGroups: [""], resources: [pods], verbs: [get]}]
    - name: typed
      type: clusterrole
      properties:
        rules: [{apiGroups: [""], resources: [pods], verbs: [get]}]
`;

const clusterRole = (name: string) => `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  labels:
    launcher.gokure.dev/component: ${name}
  name: ${name}
rules:
- apiGroups:
  - ""
  resources:
  - pods
  verbs:
  - get
`;

function buildIn(folder: string, config?: string, app = APP) {
  const dir = join(scratch.dir, folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'app.yaml'), app);
  if (config !== undefined) writeFileSync(join(dir, '.kurelrc.yaml'), config);
  return kurelIn(dir, ['build', 'app.yaml']);
}

describe('a cluster-scoped kind through the object component', () => {
  it('builds with no policy, as the typed kind does', () => {
    const result = buildIn('no-policy');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${clusterRole('generic')}---\n${clusterRole('typed')}`);
  });

  it('builds under a policy that implements no object kind rules', () => {
    const result = buildIn('limits-only', 'policy:\n  maxReplicas: 3\n');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${clusterRole('generic')}---\n${clusterRole('typed')}`);
  });

  it('is refused, as the typed kind is and in the same words, where the policy does not allow cluster-scoped objects', () => {
    const closed = 'policy:\n  allowClusterScopedObjects: false\n';
    const generic = buildIn('closed', closed);
    expect(generic.status).not.toBe(0);
    expect(generic.stderr).toContain(
      'component "generic": ClusterRole "generic" (rbac.authorization.k8s.io/ClusterRole): the kind is cluster-scoped, and the object kind policy does not allow cluster-scoped objects',
    );
    const typed = buildIn('closed-typed', closed, APP.replace(/ {4}- name: generic[\s\S]*?(?= {4}- name: typed)/, ''));
    expect(typed.status).not.toBe(0);
    expect(typed.stderr).toContain(
      'component "typed": ClusterRole "typed" (rbac.authorization.k8s.io/ClusterRole): the kind is cluster-scoped, and the object kind policy does not allow cluster-scoped objects',
    );
  });
});
