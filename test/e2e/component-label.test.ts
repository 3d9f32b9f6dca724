import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { kurelIn, scratchFolder } from './support.js';

// The component label through the CLI: written on what a component owns, refused where another
// value is already written, by a document or by a kind component's labels property.

const scratch = scratchFolder('kurel-label-');

function build(components: string) {
  writeFileSync(join(scratch.dir, 'app.yaml'), `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop, namespace: shop}\nspec:\n  components:\n${components}`);
  return kurelIn(scratch.dir, ['build', 'app.yaml']);
}

describe('the component label through the CLI', () => {
  it('labels a manifests Deployment, read from a List, and its pod template, leaving its selector', () => {
    const result = build(`    - name: web
      type: manifests
      properties:
        inline: |
          apiVersion: v1
          kind: List
          items:
            - apiVersion: apps/v1
              kind: Deployment
              metadata: {name: web}
              spec:
                selector: {matchLabels: {app: web}}
                template:
                  metadata: {labels: {app: web}}
                  spec: {containers: [{name: web, image: nginx:1.27}]}
`);
    expect(result.status, result.stderr).toBe(0);
    const [deployment] = parseAllDocuments(result.stdout).map((document) => document.toJS());
    expect(deployment.metadata.labels).toEqual({ 'launcher.gokure.dev/component': 'web' });
    expect(deployment.spec.template.metadata.labels).toEqual({ app: 'web', 'launcher.gokure.dev/component': 'web' });
    expect(deployment.spec.selector.matchLabels).toEqual({ app: 'web' });
  });

  it("refuses a passthrough object's pod template holding another component's value", () => {
    const result = build(`    - name: web
      type: passthrough
      properties:
        object:
          apiVersion: apps/v1
          kind: Deployment
          metadata: {name: web}
          spec:
            selector: {matchLabels: {app: web}}
            template:
              metadata: {labels: {app: web, launcher.gokure.dev/component: db}}
              spec: {containers: [{name: web, image: nginx:1.27}]}
`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Deployment "web": spec.template.metadata.labels["launcher.gokure.dev/component"]: "db" is not the component label of component "web" ("web"): launcher sets that label on everything the component generates, and the NetworkPolicies generated for the component select by it; remove the label, or write that value',
    );
  });

  it("refuses a kind component's labels property holding another value under the key, naming the property", () => {
    const result = build(`    - name: settings
      type: configmap
      properties:
        data: {a: b}
        labels: {launcher.gokure.dev/component: web}
`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('app.yaml:');
    expect(result.stderr).toContain(
      'component "settings": labels["launcher.gokure.dev/component"]: "web" is not the component label of component "settings" ("settings"): launcher sets that label on everything the component generates, and the NetworkPolicies generated for the component select by it; remove the label, or write that value',
    );
  });
});
