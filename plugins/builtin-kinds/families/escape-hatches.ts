import { defineComponent, type ComponentHandler, type HandlerContext, type K8sObject, type PropertiesOf, type PropertiesSchema } from 'kurel/plugin-api';
import { enforceCarriedObjectPolicy, refuseCarriedSecrets } from 'kurel/plugin-kit';
import { checkIdentity, isList, readManifests, type DeclaredObject } from './escape-hatches/documents.js';
import { knownScope } from './escape-hatches/scopes.js';
import { object } from './escape-hatches/object.js';
import { scopeOverridesSchema } from '../shared/scope-overrides.js';

// The escape hatches: objects written as they are (passthrough), or as multi-document YAML
// (manifests, crd). They declare no object of their own, so they take no objectName, labels or
// annotations, and add no app label; the component label is put on every object as on any other.

const source = (what: string) => ({
  inline: { type: 'string', description: `${what}, as a multi-document YAML string.` },
  url: {
    type: 'string',
    description: `An http(s) URL of ${what.toLowerCase()}, fetched at build time. Its host, and the host of every redirect, must be one of the policy's allowed registries.`,
  },
}) as const satisfies PropertiesSchema;

type SourceProperties = PropertiesOf<ReturnType<typeof source>>;

/** The URL a source reads, for the host to fetch before the build. */
const fetchesOf = (properties: SourceProperties): string[] => (properties.url === undefined ? [] : [properties.url]);

function readSource(properties: SourceProperties, ctx: HandlerContext): DeclaredObject[] {
  if (properties.url !== undefined && properties.inline !== undefined) ctx.fail('only one of inline or url may be set');
  if (properties.url !== undefined) {
    const body = ctx.fetched(properties.url);
    if (body === undefined) ctx.fail(`url: "${properties.url}" was not fetched before the build`, ['url']);
    return readManifests(body, 'url', ctx);
  }
  if (properties.inline === undefined) ctx.fail('one of inline or url is required');
  return readManifests(properties.inline, 'inline', ctx);
}

function withNamespace(object: K8sObject, namespace: string): K8sObject {
  return { ...object, metadata: { ...object.metadata, namespace } };
}

const passthrough = defineComponent({
  type: 'passthrough',
  description: 'Exactly one arbitrary object, emitted as declared. It is named after the component unless it names itself.',
  properties: {
    object: {
      type: 'object',
      required: true,
      description: 'The object: apiVersion, kind, metadata and its content. Free-form: any keys are kept as written. A list is refused.',
      additionalProperties: true,
    },
    clusterScoped: { type: 'boolean', description: 'Whether a kind the build does not know is cluster-scoped; known kinds take their API scope.' },
  },
  render(input, ctx) {
    // The properties are this call's own copy: the object is emitted from them as they are.
    const declared = input.properties.object;
    if (isList(declared)) {
      ctx.fail(`object: a list (kind "${String(declared.kind)}") is refused; declare one object per passthrough component, or use manifests`, ['object', 'kind']);
    }
    checkIdentity(declared, 'object', ['object'], ctx);
    const metadata = { ...((declared.metadata ?? {}) as Record<string, unknown>) };
    if (metadata.name === undefined || metadata.name === null || metadata.name === '') metadata.name = input.name;
    let object = { ...declared, metadata } as K8sObject;
    const scope = knownScope(object.apiVersion, object.kind) ?? (input.properties.clusterScoped ? 'Cluster' : 'Namespaced');
    if (scope === 'Namespaced' && !metadata.namespace) object = withNamespace(object, input.namespace);
    refuseCarriedSecrets([object], 'passthrough', ctx, ['object']);
    enforceCarriedObjectPolicy(object, ctx, { locate: (path) => ['object', ...path] });
    return { objects: [object] };
  },
});

const manifests = defineComponent({
  type: 'manifests',
  description: 'Any objects, from a multi-document YAML string. Namespaced objects without a namespace get the build namespace. A workload or claim setting a field its Kubernetes Go type does not declare is refused (the policy cannot check it); other kinds are kept as written. A top-level items array on an object that is no list is refused.',
  properties: {
    ...source('The manifests'),
    scopeOverrides: scopeOverridesSchema('The scope of kinds the build does not know (custom resources), so that one without a namespace can be placed.', 'Its scope: Cluster or Namespaced.'),
  },
  fetches: fetchesOf,
  render(input, ctx) {
    const overrides = input.properties.scopeOverrides ?? [];
    const property = input.properties.url === undefined ? 'inline' : 'url';
    const declared = readSource(input.properties, ctx);
    const objects = declared.map(({ object, where }) => {
      const scope = knownScope(object.apiVersion, object.kind) ?? overrides.find((entry) => entry.apiVersion === object.apiVersion && entry.kind === object.kind)?.scope;
      if (object.metadata.namespace) return object;
      if (scope === 'Namespaced') return withNamespace(object, input.namespace);
      if (scope === undefined) {
        ctx.fail(
          `inline: ${where}: ${object.kind} "${object.metadata.name}" (${object.apiVersion}) has no namespace and its scope is unknown; set metadata.namespace, or add a scopeOverrides entry for its apiVersion and kind`,
          ['inline'],
        );
      }
      return object;
    });
    refuseCarriedSecrets(objects, 'manifest source', ctx, [property]);
    objects.forEach((object, index) => {
      const label = `${property}: ${declared[index].where} (${object.kind} "${object.metadata.name}"): `;
      enforceCarriedObjectPolicy(object, ctx, { label, locate: () => [property] });
    });
    return { objects };
  },
});

const crd = defineComponent({
  type: 'crd',
  description: 'apiextensions.k8s.io/v1 CustomResourceDefinitions, from a multi-document YAML string. Any other document is refused.',
  properties: source('The CustomResourceDefinitions'),
  fetches: fetchesOf,
  render(input, ctx) {
    const property = input.properties.url === undefined ? 'inline' : 'url';
    const objects = readSource(input.properties, ctx).map(({ object, where }) => {
      if (object.apiVersion !== 'apiextensions.k8s.io/v1' || object.kind !== 'CustomResourceDefinition') {
        ctx.fail(`inline: ${where} is a ${object.kind} (${object.apiVersion}), not an apiextensions.k8s.io/v1 CustomResourceDefinition; use manifests for other objects`, ['inline']);
      }
      // The policy checks nothing of a CRD; this holds it to the rule on a top-level `items` array.
      enforceCarriedObjectPolicy(object, ctx, { label: `${property}: ${where}: `, locate: () => [property] });
      return object;
    });
    return { objects };
  },
});

export const kinds: ComponentHandler<unknown>[] = [passthrough, manifests, crd, object];
