import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, isKurelError } from 'kurel/plugin-api';
import { HandlerTester, type ComponentSpec, type PolicySpec } from 'kurel/plugin-api/testing';
import { applicationText } from '../../src/testing/application.js';
import traits from '../../plugins/builtin-traits/index.js';
import { kurelIn, scratchFolder } from './support.js';

// The HandlerTester, with the built-ins it loads by default (as a plugin author's test does),
// against `kurel build` on the Application it wraps the case in: the same bytes, the same refusal.
const scratch = scratchFolder('kurel-handler-tester-');
const tester = new HandlerTester(traits);

function cli(components: ComponentSpec[], policies: PolicySpec[] = []) {
  writeFileSync(join(scratch.dir, 'app.yaml'), applicationText(components, policies, 'default'));
  return kurelIn(scratch.dir, ['build', 'app.yaml']);
}

const web = (properties: Record<string, unknown>): ComponentSpec => ({ name: 'shop', type: 'webservice', properties: { image: 'ghcr.io/acme/shop:v1', port: 8080 }, traits: [{ type: 'scaler', properties }] });

describe('HandlerTester and the CLI', () => {
  it('build the same manifests', async () => {
    const component = web({ minReplicas: 2, maxReplicas: 4, enablePDB: true });
    const result = cli([component]);
    expect(result.status).toBe(0);
    expect((await tester.build([component])).yaml).toBe(result.stdout);
  });

  it('refuse with the same text', async () => {
    const component = web({ minReplicas: 3, maxReplicas: 2 });
    const result = cli([component]);
    expect(result.status).toBe(1);
    const refusal = await tester.build([component]).then(
      () => undefined,
      (error: unknown) => (isKurelError(error) ? error.diagnostics.map((diagnostic) => `Error: ${formatDiagnostic(diagnostic)}\n`).join('') : undefined),
    );
    expect(refusal).toMatch(/maxReplicas \(2\) must be >= minReplicas \(3\)/);
    expect(refusal).toBe(result.stderr);
  });

  it('print a lowering rule’s refusal and a policy’s refusal as the CLI does', async () => {
    const printed = (components: ComponentSpec[], policies: PolicySpec[] = []) =>
      tester.build(components, policies).then(
        () => undefined,
        (error: unknown) => (isKurelError(error) ? error.diagnostics.map((diagnostic) => `Error: ${formatDiagnostic(diagnostic)}\n`).join('') : undefined),
      );
    const lowering = [{ name: 'shop', type: 'webservice', properties: { image: 'ghcr.io/acme/shop:v1', volumes: [{ name: 'd', type: 'pvc', mountPath: '/d' }] } }];
    const lowered = cli(lowering);
    expect(lowered.status).toBe(1);
    expect(await printed(lowering)).toMatch(/lowering component "shop" \(type "webservice"\)/);
    expect(await printed(lowering)).toBe(lowered.stderr);
    const configmaps = [{ name: 'web', type: 'configmap', properties: { data: { a: 'b' } } }];
    const policies = [{ name: 'order', type: 'dependency', properties: { rules: [{ component: 'web', dependsOn: ['nobody'] }] } }];
    const refused = cli(configmaps, policies);
    expect(refused.status).toBe(1);
    expect(await printed(configmaps, policies)).toMatch(/nobody/);
    expect(await printed(configmaps, policies)).toBe(refused.stderr);
  });
});
