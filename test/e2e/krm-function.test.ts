import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { kurelIn, repo } from './support.js';

// `kurel fn`, the KRM function, driven as an orchestrator drives it: a ResourceList on stdin, the
// list on stdout, diagnostics on stderr, exit 1 when a result is an error.

const fixtures = join(repo, 'test/fixtures/krm');
const validList = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(join(fixtures, 'resource-list.schema.json'), 'utf8')));

function fn(input: string, cwd = repo) {
  const run = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'fn'], { cwd, input, encoding: 'utf8', timeout: 60_000 });
  const output = parse(run.stdout);
  return { status: run.status, stderr: run.stderr, output, valid: validList(output) };
}

const indent = (text: string) => text.replace(/^(?=.)/gm, '  ');
const ITEM = '  - apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: kept}\n    data: {a: b}\n';
const resourceList = (functionConfig: string, items = ITEM) => `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${items}functionConfig:\n${indent(functionConfig)}`;
const objects = (stream: string) => parseAllDocuments(stream).map((document) => document.toJS());
const shopApp = readFileSync(join(repo, 'examples/shop/app.yaml'), 'utf8');
const withProfile = (profile: string) => shopApp.replace('  name: shop\n', `  name: shop\n  annotations: {kurel.dev/profile: ${profile}}\n`);

describe('kurel fn', () => {
  it("keeps the specification example's items as they came and refuses its functionConfig kind in a result", () => {
    const input = readFileSync(join(fixtures, 'spec-example-input.yaml'), 'utf8');
    const { status, stderr, output, valid } = fn(input);
    expect(status).toBe(1);
    expect(valid).toBe(true);
    expect(output.items).toEqual(parse(input).items);
    expect(output.results).toEqual([
      expect.objectContaining({ severity: 'error', message: expect.stringMatching(/^<stdin>:8:3 functionConfig\.kind: unknown functionConfig kind "FulfillmentCenter"/), resourceRef: { apiVersion: 'foo-corp.com/v1', kind: 'FulfillmentCenter', name: 'staging' }, field: { path: 'kind' } }),
    ]);
    expect(stderr).toMatch(/^Error: <stdin>:8:3 functionConfig\.kind: unknown functionConfig kind/);
  });

  it('adds the objects kurel build makes of an Application, with the profile its annotation names, after the items', () => {
    const profile = 'examples/shop/profiles/prod.yaml';
    const { status, output, valid } = fn(resourceList(withProfile(profile)));
    expect(status).toBe(0);
    expect(valid).toBe(true);
    const built = kurelIn(repo, ['build', 'examples/shop/app.yaml', '--profile', profile]);
    expect(built.status).toBe(0);
    expect(output.items).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kept' }, data: { a: 'b' } }, ...objects(built.stdout)]);
  });

  it('builds a KurelPackage for its environment, spec.set over the environment values', () => {
    const pkg = 'apiVersion: kurel.dev/v1alpha1\nkind: KurelPackage\nmetadata: {name: checkout}\nspec:\n  path: examples/fleet/checkout\n  environment: staging\n';
    const plain = fn(resourceList(pkg, '  []\n'));
    expect(plain.status).toBe(0);
    const built = kurelIn(repo, ['build', 'examples/fleet/checkout', '--environment', 'staging']);
    expect(plain.output.items).toEqual(objects(built.stdout));
    const scaled = fn(resourceList(`${pkg}  set:\n    replicas: 4\n`, '  []\n'));
    expect(scaled.status).toBe(0);
    expect(scaled.output.items.find((item: { kind: string }) => item.kind === 'Deployment').spec.replicas).toBe(4);
  });

  it('refuses to run without a ResourceList on standard input', () => {
    const run = spawnSync(process.execPath, [join(repo, 'bin/kurel'), 'fn'], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('Error: kurel fn reads a ResourceList on standard input: pipe one into it, as an orchestrator of KRM functions does\n');
  });

  it('answers YAML that does not parse with an empty list and a positioned error', () => {
    const { status, stderr, output, valid } = fn('apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: [\n');
    expect(status).toBe(1);
    expect(valid).toBe(true);
    expect(output).toEqual({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [], results: [expect.objectContaining({ severity: 'error', message: expect.stringMatching(/^<stdin>:\d+:\d+: YAML syntax error: /), tags: { code: 'KUREL_YAML_SYNTAX' } })] });
    expect(stderr).toMatch(/^Error: <stdin>:\d+:\d+: YAML syntax error: /);
  });

  it('refuses a document that is not a ResourceList', () => {
    const { status, output, stderr } = fn('apiVersion: v1\nkind: List\nitems: []\n');
    expect(status).toBe(1);
    expect(output.results).toEqual([expect.objectContaining({ severity: 'error', message: '<stdin>:2:1 kind: expected kind ResourceList, the KRM functions input, got "List"', tags: { code: 'KUREL_ENVELOPE' } })]);
    expect(stderr).toContain('Error: <stdin>:2:1 kind: expected kind ResourceList');
  });

  it('refuses a list without a functionConfig, keeping its items', () => {
    const { status, output } = fn(`apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${ITEM}`);
    expect(status).toBe(1);
    expect(output.items).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kept' }, data: { a: 'b' } }]);
    expect(output.results[0].message).toMatch(/has no functionConfig: kurel fn builds an Application/);
  });

  it("carries a build's error in a result on the Application's field, and adds no object", () => {
    const { status, stderr, output, valid } = fn(resourceList(shopApp));
    expect(status).toBe(1);
    expect(valid).toBe(true);
    expect(output.items).toHaveLength(1);
    const line = resourceList(shopApp).split('\n').findIndex((text) => text.includes('- type: expose')) + 2;
    expect(output.results).toEqual([
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(new RegExp(`^<stdin>:${line}:13 spec\\.components\\[2\\]\\.traits\\[0\\]\\.properties: lowering trait "expose" .*capability "expose" not found in ClusterProfile`)),
        resourceRef: { apiVersion: 'launcher.gokure.dev/v1alpha1', kind: 'Application', name: 'shop', namespace: 'shop' },
        field: { path: 'spec.components[2].traits[0].properties' },
      }),
    ]);
    expect(stderr).toContain(`Error: <stdin>:${line}:13 spec.components[2].traits[0].properties: lowering trait "expose"`);
  });

  it("names the package's file and field of a package build's error, and spec.set's own place", () => {
    const pkg = (set: string) => `apiVersion: kurel.dev/v1alpha1\nkind: KurelPackage\nmetadata: {name: checkout}\nspec:\n  path: examples/fleet/checkout\n  set: {${set}}\n`;
    const typo = fn(resourceList(pkg('replicas: many'), '  []\n'));
    expect(typo.status).toBe(1);
    expect(typo.valid).toBe(true);
    expect(typo.output.items).toEqual([]);
    expect(typo.output.results).toEqual([
      expect.objectContaining({ message: '<stdin>:11:11 replicas: parameter "replicas" (type integer): "many" is not a valid integer', resourceRef: { apiVersion: 'kurel.dev/v1alpha1', kind: 'KurelPackage', name: 'checkout' }, field: { path: 'spec.set.replicas' } }),
    ]);
    // spec.set needs a kurel.yaml declaring parameters: a bare application has none.
    const bare = fn(resourceList(pkg('image: x').replace('examples/fleet/checkout', 'examples/webservice'), '  []\n'));
    expect(bare.status).toBe(1);
    expect(bare.output.results).toEqual([expect.objectContaining({ message: expect.stringMatching(/^<stdin> functionConfig\.spec\.set: spec\.set needs a package: no kurel\.yaml/), tags: { code: 'KUREL_PARAMETER' }, field: { path: 'spec.set' } })]);
    const missing = fn(resourceList(pkg('image: x').replace('examples/fleet/checkout', 'examples/fleet/nowhere'), '  []\n'));
    expect(missing.status).toBe(1);
    expect(missing.output.results[0]).toEqual(expect.objectContaining({ severity: 'error', message: expect.stringContaining('examples/fleet/nowhere'), file: { path: 'examples/fleet/nowhere' } }));
  });
});
