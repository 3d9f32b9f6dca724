import { stringify } from 'yaml';
import type { PropertiesSchema, PropertySchema } from '../../plugin-api/index.js';
import { DRAFT_2020_12, propertiesToJsonSchema, type JsonSchema } from './json-schema.js';
import { propertyRows } from './reference-docs.js';

// The ClusterProfile as `kurel schemas` documents it: what the platform binds (capabilities) and
// what the cluster serves (apiResources, kubeVersion), with an example that builds.

const scope: PropertySchema = { type: 'string', enum: ['Namespaced', 'Cluster'], required: true, description: 'Whether the kind is namespaced or cluster-scoped.' };

export const CLUSTER_PROFILE_SPEC: PropertiesSchema = {
  gitopsEngine: { type: 'string', enum: ['fluxcd'], description: 'The GitOps engine the output is for; fluxcd, the only one.' },
  capabilities: {
    type: 'object',
    description: 'Capability bindings by key (`<trait>` or `<trait>.<scope>`): the rendering the platform merges under the authored trait properties.',
    additionalProperties: {
      type: 'object',
      description: 'One binding.',
      properties: { rendering: { type: 'object', additionalProperties: true, description: 'The rendering: trait properties, platform-reserved ones included.' } },
    },
  },
  apiResources: {
    type: 'array',
    description:
      'What the cluster serves, one entry per API group (`kurel profile import` writes it from `kubectl api-resources -o wide` and `kubectl api-versions`). When set, every object a build would emit must be served, or its component is refused (left out with a warning when the component sets `optional: true`), and an `object` component without apiVersion takes the version the cluster serves. When absent, nothing is checked.',
    items: {
      type: 'object',
      description: 'One served API group.',
      properties: {
        group: { type: 'string', required: true, description: 'The group; "" for the core group.' },
        versions: { type: 'array', required: true, items: { type: 'string', description: 'A version (v1, v2beta1).' }, description: 'Every served version of the group, most preferred first.' },
        preferredVersion: { type: 'string', description: 'The version the cluster prefers for the group; the first of versions when unset.' },
        kinds: {
          type: 'array',
          description: 'The kinds of the group.',
          items: {
            type: 'object',
            description: 'One served kind.',
            properties: {
              kind: { type: 'string', required: true, description: 'The kind.' },
              scope,
              version: { type: 'string', description: 'The most preferred version serving the kind, when it is not the preferred version of the group (kinds are taken as served at the versions after it too).' },
            },
          },
        },
      },
    },
  },
  kubeVersion: { type: 'string', description: 'The Kubernetes version the API resources were read from (v1.35.0), recorded beside them; handed to a chart render as its kube version.' },
};

/** A profile of a small cluster: HorizontalPodAutoscalers served at autoscaling/v2 and v1, no Gateway API. */
export const EXAMPLE_PROFILE = {
  apiVersion: 'launcher.gokure.dev/v1alpha1',
  kind: 'ClusterProfile',
  metadata: { name: 'kind' },
  spec: {
    capabilities: {},
    kubeVersion: 'v1.35.0',
    apiResources: [
      { group: '', versions: ['v1'], kinds: [{ kind: 'ConfigMap', scope: 'Namespaced' }, { kind: 'Namespace', scope: 'Cluster' }] },
      { group: 'apps', versions: ['v1'], kinds: [{ kind: 'Deployment', scope: 'Namespaced' }] },
      { group: 'autoscaling', versions: ['v2', 'v1'], preferredVersion: 'v2', kinds: [{ kind: 'HorizontalPodAutoscaler', scope: 'Namespaced' }] },
    ],
  },
};

/** An application whose `object` component negotiates its apiVersion against the example profile. */
export const EXAMPLE_APPLICATION = {
  apiVersion: 'launcher.gokure.dev/v1alpha1',
  kind: 'Application',
  metadata: { name: 'shop', namespace: 'shop' },
  spec: {
    components: [
      {
        name: 'web-scaler',
        type: 'object',
        properties: { kind: 'HorizontalPodAutoscaler', spec: { minReplicas: 2, maxReplicas: 5, scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' } } },
      },
    ],
  },
};

export function clusterProfileSchema(): JsonSchema {
  const spec = propertiesToJsonSchema(CLUSTER_PROFILE_SPEC, 'What the platform binds and what the cluster serves.');
  return {
    $schema: DRAFT_2020_12,
    title: 'ClusterProfile',
    type: 'object',
    required: ['apiVersion', 'kind', 'metadata'],
    additionalProperties: false,
    properties: {
      apiVersion: { const: 'launcher.gokure.dev/v1alpha1' },
      kind: { const: 'ClusterProfile' },
      metadata: { type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string', description: 'A DNS-1123 subdomain.' } } },
      spec,
    },
  };
}

export function clusterProfilePage(): string {
  const lines = [
    '# ClusterProfile',
    '',
    'The platform\'s side of a build, given with `--profile`: the capability bindings, and optionally what the cluster serves. Record the latter once with kubectl and import it; no cluster is contacted at build time:',
    '',
    '```sh',
    'kubectl api-resources -o wide > api-resources.txt && kubectl api-versions > api-versions.txt',
    'kurel profile import --api-resources api-resources.txt --api-versions api-versions.txt --kube-version v1.35.0 --profile prod.yaml > prod-served.yaml',
    '```',
    '',
    '## spec',
    '',
    '| property | type | required | default | description |',
    '|---|---|---|---|---|',
    ...propertyRows(CLUSTER_PROFILE_SPEC, ''),
    '',
    '## Example',
    '',
    'The profile (abridged: an imported one lists every served group):',
    '',
    '```yaml',
    stringify(EXAMPLE_PROFILE).trimEnd(),
    '```',
    '',
    'An application building against it: its `object` component names no apiVersion, and gets `autoscaling/v2`, the version the cluster prefers.',
    '',
    '```yaml',
    stringify(EXAMPLE_APPLICATION).trimEnd(),
    '```',
  ];
  return `${lines.join('\n')}\n`;
}
