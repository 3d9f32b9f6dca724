import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/engine/build.js';
import builtinComponents from '../../plugins/builtin-components/index.js';
import builtinKinds from '../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../plugins/builtin-policies/index.js';
import builtinTraits from '../../plugins/builtin-traits/index.js';
import { registryOf } from '../unit/engine/support.js';
import { type Policy } from '../../src/plugin-api/index.js';
import { NOOP_POLICY } from '../../src/plugin-api/kit/index.js';
import { referenceExamples } from './shared.js';

// The reference's daemonset and statefulset examples, built with the minimal profile.
const EXAMPLES = referenceExamples;

function buildExample(file: string, policy?: Policy) {
  const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);
  const read = (path: string) => ({ file: path, text: readFileSync(join(EXAMPLES, path), 'utf8') });
  return build({ application: read(file), profile: read('cluster-profiles/minimal.yaml'), settings: { domain: 'launcher.gokure.dev', clusterId: 'local', policy } }, registry);
}

describe('the reference daemonset and statefulset examples', () => {
  // The example mounts a host path, which the default policy refuses: it builds where a policy allows host paths.
  it('12-daemonset builds one DaemonSet mounting /proc from the host, under a policy that allows host paths', () => {
    const { objects } = buildExample('12-daemonset.yaml', { ...NOOP_POLICY, allowHostPathVolumes: () => true });
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['DaemonSet/agent']);
    const pod = (objects[0].spec as any).template.spec;
    expect(pod.volumes).toEqual([{ name: 'host-proc', hostPath: { path: '/proc' } }]);
    expect(pod.containers[0].volumeMounts).toEqual([{ name: 'host-proc', mountPath: '/host/proc', readOnly: true }]);
    expect(pod.containers[0].resources).toEqual({ requests: { cpu: '50m', memory: '64Mi' }, limits: { cpu: '200m', memory: '128Mi' } });
    expect((objects[0].spec as any).template.metadata.labels).toEqual({ app: 'agent', 'launcher.gokure.dev/component': 'agent' });
  });

  it('12-daemonset is refused under the default policy, which allows no host path', () => {
    expect(() => buildExample('12-daemonset.yaml')).toThrow(/component "agent": volume "host-proc": hostPath volumes are not allowed by environment policy/);
  });

  it('13-statefulset builds one StatefulSet with a port named tcp and a claim template', () => {
    const { objects } = buildExample('13-statefulset.yaml');
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['StatefulSet/app']);
    const spec = objects[0].spec as any;
    expect(spec.replicas).toBe(3);
    expect(spec.template.spec.containers[0].ports).toEqual([{ name: 'tcp', containerPort: 8080, protocol: 'TCP' }]);
    expect(spec.template.spec.containers[0].volumeMounts).toEqual([{ name: 'data', mountPath: '/data' }]);
    expect(spec.volumeClaimTemplates).toEqual([
      { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '20Gi' } }, storageClassName: 'standard' } },
    ]);
  });
});
