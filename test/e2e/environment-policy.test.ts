import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { kurelIn, scratchFolder } from './support.js';

// The environment policy a kurel config sets (YAML limits, or a TypeScript config's accessors),
// enforced through the real CLI, each refusal with its class.

const scratch = scratchFolder('kurel-policy-');

const APP = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
    - name: web
      type: webservice
      properties: {image: ghcr.io/acme/web:1.0.0, port: 8080}
      traits:
        - type: scaler
          properties: {minReplicas: 2, maxReplicas: 5}
`;

beforeAll(() => {
  writeFileSync(join(scratch.dir, 'app.yaml'), APP);
});

function run(command: 'build' | 'validate', config: { file: string; text: string }, extra: string[] = []) {
  for (const stale of ['.kurelrc.yaml', 'kurel.config.ts']) rmSync(join(scratch.dir, stale), { force: true });
  writeFileSync(join(scratch.dir, config.file), config.text);
  return kurelIn(scratch.dir, [command, 'app.yaml', ...extra]);
}

describe('an environment policy from the kurel config', () => {
  it('refuses a scaler over a YAML policy maxReplicas as a replica-maximum violation of the component', () => {
    const result = run('build', { file: '.kurelrc.yaml', text: 'policy:\n  maxReplicas: 3\n' });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Error: app\.yaml:\d+:\d+ spec\.components\[0\]\.traits\[0\]\.properties\.maxReplicas: component "web": replicas 5 exceeds enforced maximum 3\n$/);
  });

  it('reports the class in validate --format json', () => {
    const result = run('validate', { file: '.kurelrc.yaml', text: 'policy:\n  maxReplicas: 3\n' }, ['--format', 'json']);
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.valid).toBe(false);
    expect(report.diagnostics[0]).toMatchObject({ code: 'KUREL_POLICY_VIOLATION', component: 'web', refusalClass: 'replica-maximum', message: 'component "web": replicas 5 exceeds enforced maximum 3' });
  });

  it('takes the policy from a TypeScript config as accessor functions', () => {
    const text = 'export default { policy: { maxReplicas: () => 4, defaultCPURequest: () => "250m" } };\n';
    expect(run('build', { file: 'kurel.config.ts', text }).stderr).toContain('component "web": replicas 5 exceeds enforced maximum 4');
    const allowed = run('build', { file: 'kurel.config.ts', text: text.replace('() => 4', '() => 5') });
    expect(allowed.status, allowed.stderr).toBe(0);
    const deployment = parseAllDocuments(allowed.stdout).map((doc) => doc.toJS()).find((object) => object.kind === 'Deployment');
    expect(deployment.spec.template.spec.containers[0].resources.requests.cpu).toBe('250m');
  });

  it('builds the application unchanged under a policy it keeps to', () => {
    const governed = run('build', { file: '.kurelrc.yaml', text: 'policy:\n  maxReplicas: 5\n' });
    const plain = run('build', { file: '.kurelrc.yaml', text: 'plugins: []\n' });
    expect(governed.status, governed.stderr).toBe(0);
    expect(governed.stdout).toBe(plain.stdout);
  });
});
