import { defineComponent, type HandlerContext, type K8sObject, type PropertiesOf, type PropertiesSchema, type PropertySchema } from 'kurel/plugin-api';
import { enforceCarriedObjectPolicy, qualifiedKind, refuseCarriedSecrets } from 'kurel/plugin-kit';
import { knownScope, type Scope } from './scopes.js';

// The generic object: any kind from a declarative spec, between the typed kinds and the raw
// escape hatches. Its apiVersion may be left to negotiation against what the cluster serves.

const stringMap = (description: string) => ({ type: 'object', description, additionalProperties: { type: 'string', description: 'A value.' } }) as const satisfies PropertySchema;

/** The object's own keys; its content is every other key, passed through as written. */
const objectSchema = {
  kind: { type: 'string', required: true, description: 'The kind. A list kind is refused: one object per component.' },
  apiVersion: {
    type: 'string',
    description:
      "The apiVersion. When absent: a stable built-in kind takes the version the cluster prefers (the ClusterProfile's apiResources), else the one kurel pins; a custom resource takes the version the cluster serves it at.",
  },
  metadata: {
    type: 'object',
    description: 'The name (the component name when unset), the namespace (the build namespace when unset; none on a cluster-scoped kind), labels and annotations.',
    properties: {
      name: { type: 'string', description: 'The object name; the component name when unset.' },
      namespace: { type: 'string', description: 'The namespace of a namespaced object; the build namespace when unset.' },
      labels: stringMap('Labels, merged with the component label.'),
      annotations: stringMap('Annotations.'),
    },
  },
  clusterScoped: {
    type: 'boolean',
    description: "Whether a kind neither the cluster's apiResources nor kurel knows is cluster-scoped. A cluster-scoped object is held to the object kind policy, as every object is.",
  },
} as const satisfies PropertiesSchema;

/** The properties the handler reads: its own keys as the schema admits them, and the content. */
type ObjectProperties = PropertiesOf<typeof objectSchema> & { [content: string]: unknown };

const OWN_KEYS = new Set(['kind', 'apiVersion', 'metadata', 'clusterScoped']);

export const object = defineComponent<ObjectProperties>({
  type: 'object',
  description:
    'One object of any kind from a declarative spec: kind, an optional apiVersion (negotiated against what the cluster serves when absent), metadata, and its content as further keys (spec, data, rules, …), which pass through as written.',
  additionalProperties: true,
  properties: objectSchema,

  render(input, ctx) {
    const { kind, apiVersion: written, metadata: authored = {}, clusterScoped, ...content } = input.properties;
    if (kind.endsWith('List')) ctx.fail(`kind "${kind}" is a list: declare one object per object component, or use manifests`, ['kind']);
    const apiVersion = written ?? negotiated(kind, ctx);
    const scope = scopeOf(apiVersion, kind, clusterScoped, ctx);
    if (scope === 'Cluster' && authored.namespace !== undefined) ctx.fail(`metadata.namespace: ${kind} is cluster-scoped and takes no namespace`, ['metadata', 'namespace']);
    const namespace = authored.namespace ?? input.namespace;
    // Named as a kind component's object is: checked, put to the Naming hook, claimed against every other name of the build.
    const name = ctx.resolveName({
      role: 'object',
      kind: qualifiedKind(apiVersion, kind),
      default: input.objectName,
      authored: authored.name,
      property: 'metadata.name',
      ...(scope === 'Cluster' ? { clusterScoped: true } : { namespace }),
    });
    const metadata: K8sObject['metadata'] = { ...authored, name };
    // Whether a cluster-scoped object may be emitted is the object kind policy's, checked at
    // generation for every producer alike: a policy that does not implement it allows them.
    if (scope !== 'Cluster') metadata.namespace = namespace;
    for (const key of OWN_KEYS) delete content[key];
    const object = { ...content, apiVersion, kind, metadata } as K8sObject;
    // Held to the environment policy as every carried object is; its fields are the component's properties.
    refuseCarriedSecrets([object], 'object', ctx, ['kind']);
    enforceCarriedObjectPolicy(object, ctx, { locate: (path) => path });
    return { objects: [object] };
  },
});

function negotiated(kind: string, ctx: HandlerContext): string {
  const answer = ctx.cluster.negotiate(kind);
  if (answer.apiVersion === undefined) return ctx.fail(`apiVersion is not set and ${answer.problem}`, ['kind']);
  return answer.apiVersion;
}

/** The scope the cluster serves the kind at, else the one kurel knows, else `clusterScoped`. */
function scopeOf(apiVersion: string, kind: string, clusterScoped: boolean | undefined, ctx: HandlerContext): Scope {
  const known = ctx.cluster.scopeOf(apiVersion, kind) ?? knownScope(apiVersion, kind);
  if (known === undefined) return clusterScoped ? 'Cluster' : 'Namespaced';
  if (clusterScoped !== undefined && clusterScoped !== (known === 'Cluster')) {
    ctx.fail(`clusterScoped: ${String(clusterScoped)} contradicts the scope of ${apiVersion} ${kind}, which is ${known}`, ['clusterScoped']);
  }
  return known;
}
