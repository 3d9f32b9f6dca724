import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { kurelIn, repo, scratchFolder } from './support.js';

// Inputs built to exhaust time, memory or stack are refused at once, at their position, with the
// config key that raises the limit; raised, the same input is answered.

const scratch = scratchFolder('kurel-limits-');

const HEAD = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
`;

function run(application: string, config = '', command = 'build') {
  rmSync(join(scratch.dir, '.kurelrc.yaml'), { force: true });
  if (config) writeFileSync(join(scratch.dir, '.kurelrc.yaml'), config);
  writeFileSync(join(scratch.dir, 'app.yaml'), application);
  return kurelIn(scratch.dir, [command, 'app.yaml']);
}

function helmWithValues(values: string): string {
  return `${HEAD}    - name: chart
      type: helm
      properties:
        chart: podinfo
        version: 6.5.0
        source: {url: "https://stefanprodan.github.io/podinfo"}
        values:
${values}`;
}

describe('input limits through the CLI', () => {
  it('refuses a 9-level billion-laughs under a helm component\'s values at once, at the alias', () => {
    let values = '          l0: &l0 [lol]\n';
    for (let level = 1; level <= 9; level++) values += `          l${level}: &l${level} [${Array.from({ length: 10 }, () => `*l${level - 1}`).join(', ')}]\n`;
    const result = run(helmWithValues(values));
    expect(result.status).toBe(1);
    // In the text's order, levels 1 to 4 add 23,450 nodes, and each *l4 on l5's line (18) 21,111:
    // the fourth, at column 35, takes the document past 100,000.
    expect(result.stderr).toBe('Error: app.yaml:18:35: alias *l4 expands the document past its limit: over the limit of 100000 nodes added by aliases; raise limits.aliasNodes in the kurel config to allow it\n');
  });

  it('refuses a 5,000-deep flow mapping as a nesting limit, with no stack overflow text', () => {
    const result = run(helmWithValues(`          deep: ${'{a: '.repeat(5000)}1${'}'.repeat(5000)}\n`));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Error: app\.yaml:13:\d+: a map or list nested 101 levels deep: over the limit of 100 levels of nesting; raise limits\.nestingDepth/);
    expect(result.stderr).not.toMatch(/stack|at .*\.js/i);
  });

  it('refuses a 20 MB file before reading it whole, at the byte where it crosses the limit', () => {
    const keys = Array.from({ length: 90_000 }, (_, index) => `          key${index}: "${'x'.repeat(200)}"\n`).join('');
    const result = run(`${HEAD}    - name: settings\n      type: configmap\n      properties:\n        data:\n${keys}`);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Error: app\.yaml:\d+:\d+: \d+ bytes: over the limit of 16777216 bytes per input file; raise limits\.fileBytes in the kurel config to allow it\n$/);
  });

  it('refuses an Application with more components than the limit, at the first one past it', () => {
    const components = Array.from({ length: 30 }, (_, index) => `    - {name: c${index}, type: configmap, properties: {data: {a: "1"}}}\n`).join('');
    const refused = run(HEAD + components, 'limits:\n  components: 25\n');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe('Error: app.yaml:31:7 spec.components[25]: component 26: over the limit of 25 components per Application; raise limits.components in the kurel config to allow it\n');
    const raised = run(HEAD + components, 'limits:\n  components: 30\n');
    expect(raised.status, raised.stderr).toBe(0);
    expect(raised.stdout.match(/^kind: ConfigMap$/gm)).toHaveLength(30);
  });

  it('refuses a 20 MB file of 300,000 components at the first one past the limit, with limits.fileBytes raised', () => {
    const components = Array.from({ length: 300_000 }, (_, index) => `    - {name: c${index}, type: configmap, properties: {data: {a: "1"}}}\n`).join('');
    expect(Buffer.byteLength(HEAD + components)).toBeGreaterThan(20_000_000);
    const refused = run(HEAD + components, 'limits:\n  fileBytes: 33554432\n');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe('Error: app.yaml:20006:7 spec.components[20000]: component 20001: over the limit of 20000 components per Application; raise limits.components in the kurel config to allow it\n');
  });

  it('builds 2,000 web services, each exposed, under the default limits', () => {
    const service = (i: number) =>
      `    - name: web-${i}\n      type: webservice\n      properties: {image: "ghcr.io/example/web:v1.0.${i}", port: 8080, serviceAccountName: default}\n      traits:\n        - type: expose\n          properties: {hostnames: [web-${i}.example.com]}\n`;
    writeFileSync(join(scratch.dir, 'cluster.yaml'), 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata: {name: c}\nspec:\n  capabilities:\n    expose:\n      rendering: {controllerType: ingress, ingressClassName: nginx}\n');
    rmSync(join(scratch.dir, '.kurelrc.yaml'), { force: true });
    writeFileSync(join(scratch.dir, 'app.yaml'), HEAD + Array.from({ length: 2000 }, (_, i) => service(i + 1)).join(''));
    const result = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'build', 'app.yaml', '--profile', 'cluster.yaml'], { cwd: scratch.dir, encoding: 'utf8', timeout: 100_000, maxBuffer: 64 * 1024 * 1024 });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.match(/^kind: (Deployment|Service|Ingress)$/gm)).toHaveLength(6000);
  });

  it('answers inputs over a default once the config raises that limit', () => {
    const deep = `          deep: ${'{a: '.repeat(150)}1${'}'.repeat(150)}\n`;
    expect(run(helmWithValues(deep), 'limits:\n  nestingDepth: 200\n', 'validate').status).toBe(0);
    const config = 'limits:\n  nestingDepth: 5000\n';
    const tooFar = run(helmWithValues(deep), config, 'validate');
    expect(tooFar.status).toBe(1);
    expect(tooFar.stderr).toContain('limits.nestingDepth may be at most 400');
  });
});
