import { describe, expect, it } from 'vitest';
import { build } from '../../../src/engine/build.js';
import type { ComponentHandler, ComponentLoweringRule, DocumentInfo } from '../../../src/plugin-api/index.js';
import { configmap } from '../../../plugins/builtin-components/configmap.js';
import { plugin, refusal, registryOf } from './support.js';

// A rule may name the object of a member it emits apart from the member's component name (the oci
// rule's kustomizationName): the object takes the name, the member keeps the component's, and with
// it its label. A rule is also told the components of the document it lowers in.

const seen: DocumentInfo[] = [];

const renaming: ComponentLoweringRule = {
  position: 'component',
  type: 'renaming',
  description: 'Emits a configmap or a bare member whose object it names.',
  properties: { target: { type: 'string', description: 'The member type.' } },
  lower: ({ component, document }) => {
    seen.push(document);
    return { components: [{ name: component.name, type: String(component.properties.target ?? 'configmap'), properties: {}, objectName: `${component.name}-object` }] };
  },
};

const bare: ComponentHandler = {
  type: 'bare',
  description: 'A type that declares no object.',
  properties: {},
  render: (input) => ({ objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: input.name } }] }),
};

const registry = registryOf([plugin('test', { components: [configmap, bare], lowering: [renaming] })]);

function buildApp(components: string) {
  const text = ['apiVersion: launcher.gokure.dev/v1alpha1', 'kind: Application', 'metadata: {name: shop, namespace: default}', 'spec:', '  components:', components].join('\n');
  return build({ application: { file: 'app.yaml', text }, settings: { domain: 'launcher.gokure.dev', clusterId: 'local' } }, registry);
}

describe('a member object a rule names', () => {
  it('takes the rule name; the member keeps the component name in its label', () => {
    seen.length = 0;
    const result = buildApp('    - name: web\n      type: renaming\n    - name: api\n      type: configmap');
    expect(result.objects.map((o) => o.metadata.name)).toEqual(['web-object', 'api']);
    expect(result.objects[0].metadata.labels?.['launcher.gokure.dev/component']).toBe('web');
    expect(seen[0].components?.map((c) => `${c.name}:${c.type}`)).toEqual(['web:renaming', 'api:configmap']);
  });

  it('is refused on a member whose type declares no object', () => {
    const error = refusal(() => buildApp('    - name: web\n      type: renaming\n      properties: {target: bare}'));
    expect(error.message).toMatch(/^app\.yaml:\d+:\d+ .*component "web": lowering rule component\/renaming names the object of a member whose type "bare" declares no object$/);
  });
});
