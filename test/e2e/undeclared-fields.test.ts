import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { kurelIn, scratchFolder } from './support.js';

// A workload or claim a manifests component carries that sets a field its Go type does not declare
// is refused (the policy checks cannot see the field); another kind is kept as written; a top-level
// `items` array on what is no list is refused; a list's items are each held to the rule.

const scratch = scratchFolder('kurel-undeclared-');

const app = (inline: string) => `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
    - name: raw
      type: manifests
      properties:
        inline: |
${inline
  .split('\n')
  .map((line) => (line ? `          ${line}` : line))
  .join('\n')}
`;

const deployment = (extra: string) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: thing}
spec:
  selector: {matchLabels: {app: thing}}
  template:
    metadata: {labels: {app: thing}}
    spec:
      containers: [{name: thing, image: ghcr.io/acme/thing:1.0.0}]
${extra}`;

function build(inline: string) {
  rmSync(join(scratch.dir, '.kurelrc.yaml'), { force: true });
  writeFileSync(join(scratch.dir, 'app.yaml'), app(inline));
  return kurelIn(scratch.dir, ['build', 'app.yaml']);
}

describe('manifests objects with fields their Go type does not declare', () => {
  it('refuses a Deployment setting spec.template.spec.fieldOfALaterVersion, naming the document, the object and the path', () => {
    const result = build(deployment('      fieldOfALaterVersion: x\n'));
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'component "raw": inline: document 1 (Deployment "thing"): Deployment "shop/thing": undeclared field spec.template.spec.fieldOfALaterVersion: the apps/v1 Deployment type this build reads the object with does not declare it, so the object cannot be checked against environment policy',
    );
  });

  it('names every field in the plural, array positions included', () => {
    const result = build(deployment('      fieldOfALaterVersion: x\n').replace('image: ghcr.io/acme/thing:1.0.0}', 'image: ghcr.io/acme/thing:1.0.0, later: true}'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('undeclared fields spec.template.spec.containers[0].later, spec.template.spec.fieldOfALaterVersion: the apps/v1 Deployment type this build reads the object with does not declare them,');
  });

  it('refuses a claim with a field its Go type does not declare, under the refusal class unreadable-object', () => {
    writeFileSync(join(scratch.dir, 'app.yaml'), app('apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: data}\nspec:\n  resources: {requests: {storage: 1Gi}}\n  laterField: 1\n'));
    const result = kurelIn(scratch.dir, ['validate', '--format', 'json', 'app.yaml']);
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout).diagnostics[0]).toMatchObject({ component: 'raw', refusalClass: 'unreadable-object' });
    expect(JSON.parse(result.stdout).diagnostics[0].message).toContain('PersistentVolumeClaim "shop/data": undeclared field spec.laterField: the v1 PersistentVolumeClaim type');
  });

  it('keeps a ConfigMap with a field its Go type lacks as written', () => {
    const result = build('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: loose}\ndata: {a: b}\nnotAField: kept\n');
    expect(result.status, result.stderr).toBe(0);
    const configMap = parseAllDocuments(result.stdout).map((d) => d.toJS() as any).find((o) => o?.kind === 'ConfigMap');
    expect(configMap).toMatchObject({ data: { a: 'b' }, notAField: 'kept' });
  });

  it('refuses a Service with a top-level items array', () => {
    const result = build('apiVersion: v1\nkind: Service\nmetadata: {name: listy}\nspec: {ports: [{port: 80}]}\nitems: [{apiVersion: v1, kind: ConfigMap, metadata: {name: hidden}}]\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Service "shop/listy": the v1 Service type declares no `items` field, and written out with one the object is a list whose items would be applied in its place; remove the field');
  });

  it('refuses an items array on an object of a kind no scheme registers that is no list', () => {
    const result = build('apiVersion: widgets.example.com/v1\nkind: Widget\nmetadata: {name: w, namespace: shop}\nitems: [{apiVersion: v1, kind: ConfigMap, metadata: {name: hidden}}]\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Widget "shop/w": an `items` array on an object of a kind that is no list (widgets.example.com/v1 Widget) is read as a list by what applies the output');
  });

  it('holds each item of a list to the rule, naming its position', () => {
    const item = deployment('      fieldOfALaterVersion: x\n').split('\n').map((line, i) => (line ? `${i === 0 ? '  - ' : '    '}${line}` : line)).join('\n');
    const result = build(`apiVersion: v1\nkind: List\nitems:\n  - {apiVersion: v1, kind: ConfigMap, metadata: {name: fine}}\n${item}`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('inline: document 1, item 2 (Deployment "thing"): Deployment "shop/thing": undeclared field spec.template.spec.fieldOfALaterVersion');
  });

  it('refuses a passthrough Deployment with such a field at the line of the field', () => {
    const application = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
    - name: thing
      type: passthrough
      properties:
        object:
${deployment('      fieldOfALaterVersion: x\n')
  .split('\n')
  .map((line) => (line ? `          ${line}` : line))
  .join('\n')}`;
    writeFileSync(join(scratch.dir, 'app.yaml'), application);
    const result = kurelIn(scratch.dir, ['build', 'app.yaml']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'Error: app.yaml:19:17 spec.components[0].properties.object.spec.template.spec.fieldOfALaterVersion: component "thing": Deployment "shop/thing": undeclared field spec.template.spec.fieldOfALaterVersion: the apps/v1 Deployment type this build reads the object with does not declare it, so the object cannot be checked against environment policy\n',
    );
  });
});
