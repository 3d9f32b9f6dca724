import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { validateProperties, type PropertySchema } from '../../../src/plugin-api/index.js';
// @ts-expect-error: a plain ES module script without declarations
import { generate } from '../../../scripts/generate-kind-schemas.mjs';

type Modules = Record<string, Record<string, () => PropertySchema>>;

/** Generates the modules of a request, compiles them and imports them. */
async function load(request: Record<string, unknown>): Promise<Modules> {
  const files: Map<string, string> = generate(request);
  const dir = mkdtempSync(join(tmpdir(), 'kind-schemas-'));
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
    expect(roleRef.default).toEqual({ apiGroup: '', kind: '', name: '' });
    expect(modules.rbacV1.Subject().properties!.name.default).toBeNull();
    expect(modules.rbacV1.Subject().properties!.kind.default).toBe('');
  });

  it('reads the inline types of a CRD package', async () => {
    const modules = await load({ package: '@kubernetes-models/cert-manager', types: ['cert-manager.io/v1/Certificate#spec'] });
    const spec = modules.certManagerV1.CertificateSpec();
    expect(spec.properties!.issuerRef.properties!.name).toMatchObject({ type: 'string', required: true });
    expect(spec.properties!.secretName.required).toBe(true);
    expect(spec.properties!.additionalOutputFormats.items!.properties!.type.enum).toEqual(['DER', 'CombinedPEM']);
  });
});
