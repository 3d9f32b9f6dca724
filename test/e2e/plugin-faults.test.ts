import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KUREL_API_VERSION } from '../../src/plugin-api/version.js';
import { repo, scratchFolder } from './support.js';

// Whatever a plugin throws becomes one diagnostic naming the plugin, the element type, the
// component and the authored position; exit 1, no stack unless KUREL_DEBUG=1.

const scratch = scratchFolder('kurel-faults-');

/** A plugin whose every function throws `thrown` (JavaScript source). */
const faultyPlugin = (thrown: string) => `export default {
  meta: { name: 'acme-faulty', version: '2.1.0', kurelApi: '^${KUREL_API_VERSION}' },
  components: [{ type: 'faulty', description: 'Throws.', properties: { size: { type: 'integer', description: 'Size.' } }, render() { throw ${thrown}; } }],
  traits: [{ type: 'faulty-trait', description: 'Throws.', capability: {}, properties: {}, apply() { throw ${thrown}; } }],
  policies: [{ type: 'faulty-policy', description: 'Throws.', properties: {}, apply() { throw ${thrown}; } }],
  lowering: [{ position: 'component', type: 'faulty-role', description: 'Throws.', properties: {}, contract: { version: 'v1' }, lower() { throw ${thrown}; } }],
};
`;

const app = (component: string) => `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
${component}`;

const FAULTY = app('    - name: web\n      type: faulty\n      properties: {size: 1}\n');

function run(thrown: string, application: string, command: string[] = ['build'], env: Record<string, string> = {}) {
  writeFileSync(join(scratch.dir, 'faulty.mjs'), faultyPlugin(thrown));
  writeFileSync(join(scratch.dir, '.kurelrc.json'), JSON.stringify({ plugins: ['./faulty.mjs'] }));
  writeFileSync(join(scratch.dir, 'app.yaml'), application);
  const environment = { ...process.env, ...env };
  if (!('KUREL_DEBUG' in env)) delete environment.KUREL_DEBUG;
  return spawnSync(process.execPath, [join(repo, 'bin/kurel'), ...command, 'app.yaml'], { cwd: scratch.dir, encoding: 'utf8', timeout: 60_000, env: environment });
}

describe('a plugin that throws', () => {
  it('an Error in a component handler: one line naming plugin@version, type, component and position; exit 1; no stack', () => {
    const result = run("new TypeError('cannot read size of undefined')", FAULTY);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'Error: app.yaml:8:7 spec.components[0].properties: component "web": plugin acme-faulty@2.1.0 failed in component type "faulty" (render): it threw TypeError: cannot read size of undefined\n',
    );
  });

  it('a string, a number and null are named as what they are', () => {
    expect(run("'oops'", FAULTY).stderr).toContain('plugin acme-faulty@2.1.0 failed in component type "faulty" (render): it threw the string "oops"\n');
    expect(run('42', FAULTY).stderr).toContain('it threw the value 42\n');
    expect(run('null', FAULTY).stderr).toContain('it threw null\n');
  });

  it('in a trait, a policy and a lowering rule, each at its own element', () => {
    const trait = run("new Error('trait broke')", app('    - name: web\n      type: webservice\n      properties: {image: ghcr.io/a/b:1.0.0, port: 80}\n      traits:\n        - type: faulty-trait\n'));
    expect(trait.status).toBe(1);
    expect(trait.stderr).toMatch(/^Error: app\.yaml:10:11 spec\.components\[0\]\.traits\[0\]\.properties: .*plugin acme-faulty@2\.1\.0 failed in trait type "faulty-trait" \(apply\): it threw Error: trait broke\n$/);
    const policy = run("new Error('policy broke')", `${FAULTY}  policies:\n    - name: p\n      type: faulty-policy\n`);
    expect(policy.stderr).toMatch(/spec\.policies\[0\]\.properties: policy "p": plugin acme-faulty@2\.1\.0 failed in policy type "faulty-policy" \(apply\): it threw Error: policy broke\n$/);
    const rule = run("new Error('rule broke')", app('    - name: web\n      type: faulty-role\n'));
    expect(rule.status).toBe(1);
    expect(rule.stderr).toMatch(/^Error: app\.yaml:6:7 spec\.components\[0\]\.properties: lowering component "web".*plugin acme-faulty@2\.1\.0 failed in component lowering rule "faulty-role" \(lower\): it threw Error: rule broke\n$/);
    for (const result of [trait, policy, rule]) expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('shows the stack under KUREL_DEBUG=1', () => {
    const result = run("new Error('deep')", FAULTY, ['build'], { KUREL_DEBUG: '1' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/it threw Error: deep\nError: deep\n\s+at /);
  });

  it('validate --format json prints valid JSON with the fault as a diagnostic of its own code', () => {
    const result = run("new RangeError('bad')", FAULTY, ['validate', '--format', 'json']);
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.valid).toBe(false);
    expect(report.diagnostics).toHaveLength(1);
    expect(report.diagnostics[0]).toMatchObject({ code: 'KUREL_PLUGIN_FAULT', component: 'web', plugin: 'acme-faulty', line: 8, column: 7 });
  });

  it('validate --format json prints valid JSON when the flags themselves are refused', () => {
    const result = run("'x'", FAULTY, ['validate', '--format', 'json', '--no-such-flag']);
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ valid: false, diagnostics: [{ code: 'KUREL_FLAG' }] });
  });

  it('a plugin that throws while loading is named, exit 1, no stack', () => {
    rmSync(join(scratch.dir, 'faulty.mjs'), { force: true });
    writeFileSync(join(scratch.dir, 'throws.mjs'), "throw new Error('no licence');\n");
    writeFileSync(join(scratch.dir, '.kurelrc.json'), JSON.stringify({ plugins: ['./throws.mjs'] }));
    const result = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'validate', '--format', 'json', 'app.yaml'], { cwd: scratch.dir, encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout).diagnostics[0]).toMatchObject({ code: 'KUREL_PLUGIN_LOAD', message: 'plugin "./throws.mjs" failed to load: no licence' });
  });
});
