import { builtinTester, rendered } from '../../support/engine.js';
import { describe, expect, it } from 'vitest';
import { kinds } from '../../../plugins/builtin-kinds/families/escape-hatches.js';
import { handlerOf, meta } from './support.js';

const tester = builtinTester('kinds', { namespace: 'shop' });
const passthrough = handlerOf(kinds, 'passthrough');
const manifests = handlerOf(kinds, 'manifests');
const crd = handlerOf(kinds, 'crd');

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
`;

describe('passthrough', () => {
  it('emits the object as declared, named after the component and placed in the build namespace', async () => {
    await tester.runComponent(passthrough.type, [
      {
        name: 'limits',
        properties: { object: { apiVersion: 'v1', kind: 'LimitRange', spec: { limits: [{ type: 'Container' }] } } },
        objects: [{ apiVersion: 'v1', kind: 'LimitRange', metadata: meta('limits', 'shop'), spec: { limits: [{ type: 'Container' }] } }],
      },
      {
        name: 'own',
        properties: { object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'other', labels: { tier: 'a' } }, data: { a: '1' } } },
        objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'other', labels: { tier: 'a', 'launcher.gokure.dev/component': 'own' } }, data: { a: '1' } }],
      },
    ]);
  });

  it('takes the API scope of a known kind, and clusterScoped for any other', async () => {
    const ns = async (properties: Record<string, unknown>) => (await rendered(tester, passthrough.type, 'thing', properties)).objects[0].metadata.namespace;
    expect((await ns({ object: { apiVersion: 'v1', kind: 'Namespace' } }))).toBeUndefined();
    expect((await ns({ object: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole' }, clusterScoped: false }))).toBeUndefined();
    expect((await ns({ object: { apiVersion: 'example.com/v1', kind: 'Widget' } }))).toBe('shop');
    expect((await ns({ object: { apiVersion: 'example.com/v1', kind: 'Widget' }, clusterScoped: true }))).toBeUndefined();
  });

  it('refuses a list, an object without kind, and objectName', async () => {
    await tester.runComponent(passthrough.type, [
      { properties: { object: { apiVersion: 'v1', kind: 'List', items: [] } }, error: { property: ['object', 'kind'], message: /a list \(kind "List"\) is refused/ } },
      { properties: { object: { apiVersion: 'v1' } }, error: { property: ['object'], message: /"kind" is required/ } },
      { properties: { objectName: 'x', object: { apiVersion: 'v1', kind: 'ConfigMap' } }, error: { property: ['objectName'], message: /unsupported field "objectName"/ } },
    ]);
  });
});

describe('manifests', () => {
  it('places namespaced objects without a namespace in the build namespace, and expands lists', async () => {
    const inline = `apiVersion: v1
kind: ConfigMap
metadata: {name: a}
data: {enabled: yes, date: 2024-01-01}
---
apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: Namespace, metadata: {name: team}}
- {apiVersion: example.com/v1, kind: Widget, metadata: {name: w, namespace: team}}
---
`;
    const objects = (await rendered(tester, manifests.type, 'bundle', { inline })).objects;
    expect(objects).toEqual([
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('a', 'shop', 'bundle'), data: { enabled: true, date: '2024-01-01' } },
      { apiVersion: 'v1', kind: 'Namespace', metadata: meta('team', null, 'bundle') },
      { apiVersion: 'example.com/v1', kind: 'Widget', metadata: meta('w', 'team', 'bundle') },
    ]);
  });

  it('fails closed on an object of unknown scope without a namespace, unless scopeOverrides places it', async () => {
    const inline = 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n';
    await tester.runComponent(manifests.type, [{ properties: { inline }, error: { property: ['inline'], message: /Widget "w" \(example.com\/v1\) has no namespace and its scope is unknown/ } }]);
    const namespaced = await rendered(tester, manifests.type, 'b', { inline, scopeOverrides: [{ apiVersion: 'example.com/v1', kind: 'Widget', scope: 'Namespaced' }] });
    expect(namespaced.objects[0].metadata).toEqual(meta('w', 'shop', 'b'));
    const cluster = await rendered(tester, manifests.type, 'b', { inline, scopeOverrides: [{ apiVersion: 'example.com/v1', kind: 'Widget', scope: 'Cluster' }] });
    expect(cluster.objects[0].metadata).toEqual(meta('w', null, 'b'));
  });

  it('reads url from what the host fetched, and declares the URL for it to fetch', async () => {
    expect(manifests.fetches?.({ url: 'https://example.com/a.yaml' })).toEqual(['https://example.com/a.yaml']);
    const fetching = builtinTester('kinds', { namespace: 'shop', fetched: { 'https://example.com/a.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: remote}\n' } });
    expect((await rendered(fetching, manifests.type, 'm', { url: 'https://example.com/a.yaml' })).objects).toEqual([
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('remote', 'shop', 'm') },
    ]);
  });

  it('refuses a url nothing fetched, both sources, bad YAML and an unknown field of a scope override', async () => {
    await tester.runComponent(manifests.type, [
      { properties: { url: 'https://example.com/a.yaml' }, error: { property: ['url'], message: /was not fetched before the build/ } },
      { properties: { url: 'https://example.com/a.yaml', inline: CRD }, error: { message: 'component "web": only one of inline or url may be set' } },
      { properties: {}, error: { message: 'component "web": one of inline or url is required' } },
      { properties: { inline: 'a: [1,\n' }, error: { property: ['inline'], message: /document 1 is not valid YAML/ } },
      // The documents are read one at a time; the refused one is told with its line and column in the whole string.
      {
        properties: { inline: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\nb: [1,\n' },
        error: { property: ['inline'], message: /document 2 is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a \] at line 6, column 1:/ },
      },
      // A key written twice is refused as the library refuses it, at the second key.
      {
        properties: { inline: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\ndata:\n  k: 1\n  k: 2\n' },
        error: { property: ['inline'], message: /document 2 is not valid YAML: Map keys must be unique at line 10, column 3:/ },
      },
      { properties: { inline: 'apiVersion: v1\nkind: ConfigMap\n' }, error: { property: ['inline'], message: /has no metadata.name/ } },
      {
        properties: { inline: CRD, scopeOverrides: [{ apiVersion: 'a/v1', kind: 'B', scope: 'Cluster', namespaced: true }] },
        error: { property: ['scopeOverrides', 0, 'namespaced'], message: /unsupported field "namespaced"/ },
      },
    ]);
  });
});

describe('crd', () => {
  it('emits CustomResourceDefinitions as declared', async () => {
    const objects = (await rendered(tester, crd.type, 'widgets', { inline: CRD })).objects;
    expect(objects).toEqual([{ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: meta('widgets.example.com', null, 'widgets'), spec: { group: 'example.com' } }]);
  });

  it('refuses any other document, and a url nothing fetched', async () => {
    await tester.runComponent(crd.type, [
      {
        properties: { inline: `${CRD}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n` },
        error: { property: ['inline'], message: /document 2 is a ConfigMap \(v1\), not an apiextensions.k8s.io\/v1 CustomResourceDefinition/ },
      },
      { properties: { url: 'https://example.com/crds.yaml' }, error: { property: ['url'], message: /was not fetched before the build/ } },
    ]);
  });
});

describe('manifests: inputs that would exhaust the reader', () => {
  it('refuses an alias bomb and a too-deep document in the inline string in words, with no engine failure text', async () => {
    let bomb = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n  l0: &l0 [lol]\n';
    for (let level = 1; level <= 6; level++) bomb += `  l${level}: &l${level} [${Array.from({ length: 10 }, () => `*l${level - 1}`).join(', ')}]\n`;
    const deep = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: ${'{a: '.repeat(3000)}1${'}'.repeat(3000)}\n`;
    await tester.runComponent(manifests.type, [
      { title: 'aliases', properties: { inline: bomb }, error: { property: ['inline'], message: `component "web": inline: document 1: its aliases expand past what a manifest may hold (the YAML library's limit of 100)` } },
      { title: 'depth', properties: { inline: deep }, error: { property: ['inline'], message: 'component "web": inline: document 1 nests maps or lists too deep to read' } },
    ]);
  });
});
