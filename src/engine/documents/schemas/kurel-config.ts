import { OPTIONAL_POLICY_ACCESSORS, POLICY_ACCESSORS } from '../../../plugin-api/kit/index.js';
import { DEFAULT_INPUT_LIMITS, MAX_NESTING_DEPTH } from '../../yaml/index.js';
import { type JsonSchema, DNS1123_LABEL_PATTERN, DNS1123_SUBDOMAIN_PATTERN } from './common.js';

// The kurel config a platform team writes (`kurel.config.ts`, `.kurelrc[.json|.yaml]`,
// `package.json#kurel`), as its host reader accepts it. A TypeScript config may also give any
// policy entry as a function; the schema states the plain values a YAML or JSON file can hold.

export type PolicyKey = (typeof POLICY_ACCESSORS)[number] | (typeof OPTIONAL_POLICY_ACCESSORS)[number];
export const POLICY_KEYS: PolicyKey[] = [...POLICY_ACCESSORS, ...OPTIONAL_POLICY_ACCESSORS];

/** How each policy entry is written, by kind of value; an entry not listed is true or false. */
export const POLICY_VALUE_KINDS = {
  replicas: ['maxReplicas', 'defaultReplicas', 'defaultScalerMinReplicas', 'defaultScalerMaxReplicas'],
  quantity: ['maxCPU', 'maxMemory', 'maxStorageSize', 'defaultCPURequest', 'defaultMemoryRequest', 'defaultCPULimit', 'defaultMemoryLimit', 'defaultStorageSize'],
  names: ['allowedRegistries', 'allowedCapabilities', 'forbiddenCapabilities', 'requiredCapabilities', 'allowedContainerCapabilities', 'forbiddenContainerCapabilities'],
  kinds: ['allowedObjectKinds', 'forbiddenObjectKinds'],
} as const satisfies Record<string, readonly PolicyKey[]>;

export const MAX_REPLICAS_VALUE = 2 ** 31 - 1;

/** A key and optional prefix, as Kubernetes label keys are written. */
const QUALIFIED_NAME = `^(${DNS1123_SUBDOMAIN_PATTERN.slice(1, -1)}/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$`;

const POLICY_VALUES: Record<keyof typeof POLICY_VALUE_KINDS | 'flag', JsonSchema> = {
  replicas: { type: 'integer', minimum: 0, maximum: MAX_REPLICAS_VALUE, description: 'A whole number of replicas.' },
  quantity: { anyOf: [{ type: 'string' }, { type: 'number' }], description: 'A Kubernetes quantity (`500m`, `2Gi`).' },
  names: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'A list of names (host names for allowedRegistries).' },
  kinds: {
    type: 'array',
    description: 'A list of kinds: `{group, kind}`, the core group `""` (the default), `kind: "*"` for every kind of the group.',
    items: { type: 'object', required: ['kind'], additionalProperties: false, properties: { group: { type: 'string' }, kind: { type: 'string', minLength: 1 } } },
  },
  flag: { type: 'boolean', description: 'Allowed when true.' },
};

function policyValue(key: PolicyKey): JsonSchema {
  for (const [kind, keys] of Object.entries(POLICY_VALUE_KINDS)) if ((keys as readonly string[]).includes(key)) return POLICY_VALUES[kind as keyof typeof POLICY_VALUE_KINDS];
  return POLICY_VALUES.flag;
}

const SELECTOR: JsonSchema = {
  type: 'object',
  description: 'A label selector.',
  additionalProperties: false,
  properties: {
    matchLabels: { type: 'object', additionalProperties: { type: 'string' }, description: 'Labels the pods carry.' },
    matchExpressions: {
      type: 'array',
      description: 'Expressions on the pods\' labels.',
      items: {
        type: 'object',
        required: ['key', 'operator'],
        additionalProperties: false,
        properties: { key: { type: 'string' }, operator: { enum: ['In', 'NotIn', 'Exists', 'DoesNotExist'] }, values: { type: 'array', items: { type: 'string' } } },
      },
    },
  },
};

const PORTS: JsonSchema = {
  type: 'array',
  description: 'Ports.',
  items: { type: 'object', required: ['port'], additionalProperties: false, properties: { port: { type: 'integer', minimum: 1, maximum: 65535 }, protocol: { enum: ['TCP', 'UDP', 'SCTP'] } } },
};

const byComponent = (description: string, peer: JsonSchema): JsonSchema => ({ type: 'object', description, additionalProperties: { type: 'array', items: peer } });

export const KUREL_CONFIG_SCHEMA: JsonSchema = {
  title: 'kurel config (kurel.config.ts, .kurelrc, package.json#kurel)',
  type: 'object',
  additionalProperties: false,
  properties: {
    plugins: { anyOf: [{ type: 'array', items: { type: 'string', minLength: 1 } }, { type: 'null' }], description: 'Plugin package names or paths, resolved from the config file\'s folder as Node resolves imports.' },
    policy: {
      description: 'The environment policy: limits, defaults and security flags the built-in handlers enforce. An object, or a package name or path whose default export is one.',
      anyOf: [{ type: 'string' }, { type: 'object', additionalProperties: false, properties: Object.fromEntries(POLICY_KEYS.map((key) => [key, policyValue(key)])) }],
    },
    limits: {
      type: 'object',
      description: 'Limits every input file is held to; each replaces its default.',
      additionalProperties: false,
      properties: Object.fromEntries(
        Object.entries(DEFAULT_INPUT_LIMITS).map(([key, value]) => [key, { type: 'integer', minimum: 1, ...(key === 'nestingDepth' ? { maximum: MAX_NESTING_DEPTH } : {}), description: `Default ${value}.` }]),
      ),
    },
    fluxNamespace: { type: 'string', minLength: 1, description: 'The namespace Flux objects go to; the document\'s namespace when unset.' },
    flux: {
      type: 'object',
      description: 'Defaults of every Flux Kustomization `kurel build --layout flux` writes; an application\'s `reconciliation` policy overrides them for its bundles.',
      additionalProperties: false,
      properties: {
        interval: { type: 'string', pattern: '^([0-9]+(\\.[0-9]+)?(ms|s|m|h))+$', description: 'How often each Kustomization reconciles (a Go duration); `1h0m0s` when unset.' },
        prune: { type: 'boolean', description: 'Whether objects no longer in the tree are deleted; false when unset.' },
        sourceRef: {
          type: 'object',
          description: 'The source every Kustomization reads; `--source-ref` overrides it. GitRepository/flux-system when unset.',
          required: ['kind', 'name'],
          additionalProperties: false,
          properties: {
            kind: { enum: ['GitRepository', 'OCIRepository', 'Bucket', 'ExternalArtifact'] },
            name: { type: 'string', minLength: 1 },
            namespace: { type: 'string', minLength: 1, description: 'The Kustomizations\' namespace when unset.' },
          },
        },
        namespace: { type: 'string', minLength: 1, description: 'The namespace of the Kustomizations; `fluxNamespace`, else flux-system, when unset.' },
      },
    },
    domain: { type: 'string', maxLength: 253, pattern: DNS1123_SUBDOMAIN_PATTERN, description: 'The label and annotation domain; `launcher.gokure.dev` when unset.' },
    componentLabelKey: { type: 'string', pattern: QUALIFIED_NAME, description: 'The component label\'s key; `<domain>/component` when unset.' },
    reservedMetadataKeys: {
      type: 'array',
      description: 'Label and annotation keys (`team`) and prefixes (`platform.example/`) the platform keeps to itself.',
      items: { type: 'string', anyOf: [{ pattern: QUALIFIED_NAME }, { pattern: `^${DNS1123_SUBDOMAIN_PATTERN.slice(1, -1)}/$` }] },
    },
    egressPeers: byComponent('NetworkPolicy egress peers, by component name.', {
      type: 'object',
      required: ['namespace'],
      additionalProperties: false,
      properties: { namespace: { type: 'string' }, podSelector: SELECTOR, ports: PORTS },
    }),
    ingressPeers: byComponent('NetworkPolicy ingress sources, by component name.', {
      type: 'object',
      required: ['endpoint', 'sources'],
      additionalProperties: false,
      properties: {
        endpoint: { type: 'object', required: ['selector', 'ports'], additionalProperties: false, properties: { selector: { type: 'object', additionalProperties: { type: 'string' } }, ports: PORTS } },
        sources: { type: 'array', items: { type: 'object', required: ['namespace'], additionalProperties: false, properties: { namespace: { type: 'string' }, podSelector: SELECTOR } } },
      },
    }),
    argocd: {
      type: 'object',
      description: 'What `build --layout argocd` writes into each Argo CD Application.',
      additionalProperties: false,
      properties: {
        repoURL: { type: 'string', minLength: 1, description: 'The repository Argo CD reads the tree from: each Application\'s `spec.source.repoURL`. Required by `--layout argocd`.' },
        targetRevision: { type: 'string', minLength: 1, description: 'The revision Argo CD reads; `HEAD` when unset.' },
        path: { type: 'string', minLength: 1, description: 'The output folder\'s place inside the repository, prefixed to each Application\'s `spec.source.path`; the repository\'s root when unset.' },
        project: { type: 'string', maxLength: 253, pattern: DNS1123_SUBDOMAIN_PATTERN, description: 'The Applications\' AppProject; `default` when unset.' },
        namespace: { type: 'string', maxLength: 63, pattern: DNS1123_LABEL_PATTERN, description: 'The namespace of the Applications; `argocd` when unset.' },
        selfHeal: { type: 'boolean', description: 'Whether Argo CD reverts changes made in the cluster; true when unset, as Flux re-applies every interval.' },
        prune: { type: 'boolean', description: 'Whether Argo CD deletes what left the tree, where the reconciliation policy does not say; false when unset.' },
        destinations: {
          type: 'object',
          description: 'By environment name (`--environment`): the cluster its Applications deploy to. Without `--environment`, the cluster Argo CD runs in.',
          additionalProperties: {
            oneOf: [
              { type: 'object', required: ['server'], additionalProperties: false, properties: { server: { type: 'string', minLength: 1, description: 'The cluster\'s API server URL.' } } },
              { type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string', minLength: 1, description: 'The cluster\'s name in Argo CD.' } } },
            ],
          },
        },
      },
    },
  },
};

export const KUREL_CONFIG_RULES_BEYOND_SCHEMA = ['A qualified name\'s prefix is at most 253 characters and its name part at most 63.', 'A policy module is loaded and its default export checked as the object is.'];
