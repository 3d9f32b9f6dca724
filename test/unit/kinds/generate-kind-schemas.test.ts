import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { type PropertySchema } from '../../../src/plugin-api/index.js';
import { validateProperties } from '../../../src/plugin-api/kit/index.js';
// @ts-expect-error: a plain ES module script without declarations
import { generate } from '../../../scripts/generate-kind-schemas.mjs';
// @ts-expect-error: a plain ES module script without declarations
import { integrityOf, parseSpec, unpackTarballs } from '../../../scripts/kind-schemas/package-tarballs.mjs';

type Modules = Record<string, Record<string, () => PropertySchema>>;

/** A few .d.ts files copied from the kubernetes-models 5.1.0 tarballs (README there). */
const fixtureModels = fileURLToPath(new URL('../../fixtures/kind-models', import.meta.url));

/** Folders this file made under the system's temporary folder, removed when it is done. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new folder under the system's temporary folder, removed after the file's tests. */
function temporaryFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Generates the modules of a request, compiles them and imports them. */
async function load(request: Record<string, unknown>): Promise<Modules> {
  const files: Map<string, string> = generate(request, fixtureModels);
  const dir = temporaryFolder('kind-schemas-');
  for (const [name, content] of files) {
    const js = ts.transpileModule(content, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    writeFileSync(join(dir, name.replace(/\.ts$/, '.js')), js);
  }
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  return (await import(pathToFileURL(join(dir, 'index.js')).href)) as Modules;
}

describe('generate-kind-schemas', () => {
  it('writes descriptions, required members, enums and strict objects for a small type', async () => {
    const modules = await load({ package: 'kubernetes-models', types: ['v1/ContainerPort'] });
    const port = modules.coreV1.ContainerPort();
    expect(port.type).toBe('object');
    expect(port.description).toMatch(/^ContainerPort represents a network port/);
    expect(port.properties!.containerPort).toMatchObject({ type: 'integer', required: true });
    expect(port.properties!.containerPort.description).toMatch(/Number of port to expose/);
    expect(port.properties!.protocol).toMatchObject({ type: 'string', enum: ['SCTP', 'TCP', 'UDP'] });
    expect(port.properties!.hostPort.required).toBeUndefined();
    expect(port.additionalProperties).toBeUndefined();
    const unknown = validateProperties({ port: port }, { port: { containerPort: 80, hostPortt: 1 } });
    expect(unknown.issues.map((i) => i.path)).toEqual([['port', 'hostPortt']]);
    const missing = validateProperties({ port: port }, { port: { name: 'http' } });
    expect(missing.issues[0].message).toBe('"containerPort" is required');
  });

  it('builds each definition once and shares it, drops the root type fields, reads maps and int-or-string', async () => {
    const modules = await load({ package: 'kubernetes-models', types: ['rbac.authorization.k8s.io/v1/RoleBinding', 'policy/v1/PodDisruptionBudgetSpec'] });
    const binding = modules.rbacV1.RoleBinding();
    expect(Object.keys(binding.properties!).sort()).toEqual(['roleRef', 'subjects']);
    expect(binding.properties!.subjects.items).toBe(modules.rbacV1.Subject());
    expect(binding.properties!.roleRef.properties).toBe(modules.rbacV1.RoleRef().properties);
    const pdb = modules.policyV1.PodDisruptionBudgetSpec();
    expect(pdb.properties!.maxUnavailable.types).toEqual(['integer', 'string']);
    expect(pdb.properties!.selector.properties).toBe(modules.metaV1.LabelSelector().properties);
    const matchLabels = modules.metaV1.LabelSelector().properties!.matchLabels;
    expect(matchLabels).toMatchObject({ type: 'object', additionalProperties: { type: 'string' } });
  });

  it('gives Go zero values as defaults instead of required members when asked', async () => {
    const modules = await load({ package: 'kubernetes-models', required: 'zero-default', types: ['rbac.authorization.k8s.io/v1/RoleBinding'], defaults: { 'Subject.name': null } });
    const roleRef = modules.rbacV1.RoleBinding().properties!.roleRef;
    expect(roleRef.required).toBeUndefined();
    // v1.36 marks RoleRef.apiGroup optional: only the request's defaults can say Go writes it.
    expect(roleRef.default).toEqual({ kind: '', name: '' });
    expect(modules.rbacV1.Subject().properties!.name.default).toBeNull();
    expect(modules.rbacV1.Subject().properties!.kind.default).toBe('');
  });

  it('gives a default to an optional member and none to an omitempty required one, as the request says', async () => {
    const modules = await load({
      package: 'kubernetes-models',
      required: 'zero-default',
      types: ['rbac.authorization.k8s.io/v1/RoleBinding'],
      defaults: { 'RoleRef.apiGroup': '' },
      omitEmpty: ['Subject.kind'],
    });
    expect(modules.rbacV1.RoleBinding().properties!.roleRef.default).toEqual({ apiGroup: '', kind: '', name: '' });
    const subject = modules.rbacV1.Subject().properties!;
    expect(subject.kind.default).toBeUndefined();
    expect(subject.kind.required).toBeUndefined();
    expect(subject.name.default).toBe('');
  });

  it('names the package version it read in the header', () => {
    const files: Map<string, string> = generate({ package: 'kubernetes-models', types: ['v1/ContainerPort'] }, fixtureModels);
    expect(files.get('index.ts')).toMatch(/^\/\/ Generated by scripts\/generate-kind-schemas\.mjs from the \.d\.ts models of kubernetes-models@5\.1\.0\./);
  });

  it('refuses a type the package does not declare', () => {
    expect(() => generate({ package: 'kubernetes-models', types: ['v1/NoSuchType'] }, fixtureModels)).toThrow('no declaration file for "v1/NoSuchType" in kubernetes-models');
  });
});

describe('package tarballs', () => {
  it('computes the integrity npm records (sha512, base64)', () => {
    expect(integrityOf(Buffer.from(''))).toBe('sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==');
  });

  it('reads a scoped name@version and refuses a spec without a version', () => {
    expect(parseSpec('@kubernetes-models/apimachinery@3.0.2')).toEqual({ name: '@kubernetes-models/apimachinery', version: '3.0.2' });
    expect(() => parseSpec('kubernetes-models')).toThrow('"kubernetes-models": a tarball is named as name@version');
  });

  it('uses an unpacked package whose recorded integrity matches, without the registry', () => {
    const cache = temporaryFolder('kind-models-');
    mkdirSync(join(cache, 'node_modules/pkg'), { recursive: true });
    writeFileSync(join(cache, 'node_modules/pkg/.kurel-integrity'), 'pkg@1.0.0 sha512-abc');
    expect(unpackTarballs(['pkg@1.0.0'], cache, { 'pkg@1.0.0': 'sha512-abc' })).toEqual([{ name: 'pkg', version: '1.0.0', integrity: 'sha512-abc' }]);
  });
});
