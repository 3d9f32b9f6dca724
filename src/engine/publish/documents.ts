import { CAPABILITY_DEFINITION_RULES_BEYOND_SCHEMA, CAPABILITY_DEFINITION_SCHEMA } from '../documents/schemas/capability-definition.js';
import { ENVIRONMENT_SET_RULES_BEYOND_SCHEMA, ENVIRONMENT_SET_SCHEMA } from '../documents/schemas/environment-set.js';
import { KUREL_CONFIG_RULES_BEYOND_SCHEMA, KUREL_CONFIG_SCHEMA } from '../documents/schemas/kurel-config.js';
import { PACKAGE_FILE_RULES_BEYOND_SCHEMA, PACKAGE_FILE_SCHEMA } from '../documents/schemas/package-file.js';
import { DRAFT_2020_12, type JsonSchema } from './json-schema.js';
import { schemaRows } from './schema-table.js';

/** One of kurel's own documents (not a registered type) as `kurel schemas` publishes it. */
export interface PublishedDocument {
  /** The base name of its files: `<name>.schema.json` and `docs/<name>.md`. */
  name: string;
  title: string;
  /** One line for the index. */
  summary: string;
  schema: JsonSchema;
  intro: string[];
  rulesBeyondSchema: string[];
  /** The example files the page prints, in order, each exactly as printed. */
  examples: Array<{ file: string; text: string; note: string }>;
}

const API = 'apiVersion: launcher.gokure.dev/v1alpha1';

export const PUBLISHED_DOCUMENTS: PublishedDocument[] = [
  {
    name: 'package',
    title: 'Package (kurel.yaml)',
    summary: "a package's parameters.",
    schema: PACKAGE_FILE_SCHEMA,
    intro: [
      'A folder holding `app.yaml` and `kurel.yaml` is a package: `kurel build <folder>` reads both, with `values.yaml` beside them when present, then each `--values` file (a later one wins) and the `--set` / `--set-string` flags.',
      'A whole-value `${name}` in app.yaml takes the parameter\'s type; one inside a longer text is written as text.',
    ],
    rulesBeyondSchema: PACKAGE_FILE_RULES_BEYOND_SCHEMA,
    examples: [
      {
        file: 'kurel.yaml',
        note: 'The package file:',
        text: `${API}\nkind: Package\nmetadata:\n  name: api\n  version: "1.0.0"\n  description: An HTTP API whose image and replica count are set per environment\nspec:\n  parameters:\n    - name: image\n      type: string\n      required: true\n      description: The container image, with an explicit tag\n    - name: replicas\n      type: integer\n      default: 1\n      description: How many pods run the API\n`,
      },
      {
        file: 'app.yaml',
        note: 'The application it parameterises:',
        text: `${API}\nkind: Application\nmetadata:\n  name: api\n  namespace: api\nspec:\n  components:\n    - name: api\n      type: webservice\n      properties:\n        image: \${image}\n        replicas: \${replicas}\n        port: 8080\n`,
      },
      { file: 'values.yaml', note: 'The values beside them; `kurel build .` builds it as shown:', text: 'image: ghcr.io/example/api:v1.4.2\nreplicas: 3\n' },
    ],
  },
  {
    name: 'capabilitydefinition',
    title: 'CapabilityDefinition',
    summary: "the rendering schema of a custom trait's capability.",
    schema: CAPABILITY_DEFINITION_SCHEMA,
    intro: [
      'The schema of the rendering a ClusterProfile binding gives a custom trait\'s capability (the `*.yaml` files of `definitions/` beside app.yaml, and each `--capability-def FILE`). A trait a plugin registers with a schema of its own needs none: its schema is its definition.',
      'Documents of other kinds in the same files are skipped.',
    ],
    rulesBeyondSchema: CAPABILITY_DEFINITION_RULES_BEYOND_SCHEMA,
    examples: [
      {
        file: 'definitions/redis-sidecar.yaml',
        note: 'A definition of a plugin trait\'s capability:',
        text: `${API}\nkind: CapabilityDefinition\nmetadata:\n  name: redis-sidecar\nspec:\n  description: Injects a Redis sidecar container alongside the main workload.\n  rendering:\n    properties:\n      image:\n        type: string\n        required: true\n        description: Redis image reference, e.g. redis:7.2.4\n      port:\n        type: integer\n        default: 6379\n        description: Port the Redis sidecar listens on\n`,
      },
    ],
  },
  {
    name: 'environmentset',
    title: 'EnvironmentSet',
    summary: "the environments an application is built for.",
    schema: ENVIRONMENT_SET_SCHEMA,
    intro: [
      'Names the environments one application is built for, each a ClusterProfile and an optional values file: `kurel build <package> --environment <name>` (`environments.yaml` beside app.yaml, or `--environments FILE`).',
      'Read strictly, as Go\'s YAML decoder reads it: an unknown field is refused, and a text field takes any scalar as written.',
    ],
    rulesBeyondSchema: ENVIRONMENT_SET_RULES_BEYOND_SCHEMA,
    examples: [
      {
        file: 'environments.yaml',
        note: 'Two environments, the second with its own values:',
        text: `${API}\nkind: EnvironmentSet\nmetadata:\n  name: shop-environments\nspec:\n  environments:\n    - name: staging\n      profile: profiles/staging.yaml\n    - name: prod\n      profile: profiles/prod.yaml\n      values: values/prod.yaml\n`,
      },
    ],
  },
  {
    name: 'config',
    title: 'kurel config',
    summary: "plugins, policy, limits and peers, for every build.",
    schema: KUREL_CONFIG_SCHEMA,
    intro: [
      'What a platform team sets once for every build: plugins, the environment policy, input limits, the label domain, reserved metadata keys and NetworkPolicy peers. kurel looks for it from the working folder upward, as cosmiconfig does for the module name `kurel`: `package.json#kurel`, `.kurelrc`, `.kurelrc.json`, `.kurelrc.yaml`, `.kurelrc.yml`, `kurel.config.ts`, `.mts`, `.mjs` or `.js` (`--config FILE` names one).',
      'A TypeScript or JavaScript config may give a policy entry as a function; the schema states the plain values a YAML or JSON file holds.',
    ],
    rulesBeyondSchema: KUREL_CONFIG_RULES_BEYOND_SCHEMA,
    examples: [
      {
        file: '.kurelrc.yaml',
        note: 'A config with a plugin, a policy, a raised limit and egress peers:',
        text: [
          'plugins:',
          '  - "@example/kurel-plugin-redis-sidecar"',
          'policy:',
          '  maxReplicas: 10',
          '  defaultCPURequest: 100m',
          '  allowedRegistries: [ghcr.io]',
          '  forbiddenObjectKinds:',
          '    - {group: rbac.authorization.k8s.io, kind: ClusterRoleBinding}',
          'limits:',
          '  components: 500',
          'reservedMetadataKeys: [team, platform.example.com/]',
          'egressPeers:',
          '  api:',
          '    - namespace: monitoring',
          '      podSelector: {matchLabels: {app: prometheus}}',
          '      ports: [{port: 9090}]',
          '',
        ].join('\n'),
      },
    ],
  },
];

/** Each document's schema and page, keyed by path. */
export function documentFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const document of PUBLISHED_DOCUMENTS) {
    files[`${document.name}.schema.json`] = `${JSON.stringify({ $schema: DRAFT_2020_12, ...document.schema }, null, 2)}\n`;
    files[`docs/${document.name}.md`] = documentPage(document);
  }
  return files;
}

function documentPage(document: PublishedDocument): string {
  const lines = [`# ${document.title}`, '', ...document.intro.flatMap((paragraph) => [paragraph, '']), `Schema: \`${document.name}.schema.json\` (JSON Schema draft 2020-12).`, ''];
  lines.push('| property | type | required | description |', '|---|---|---|---|', ...schemaRows(document.schema), '');
  if (document.rulesBeyondSchema.length > 0) lines.push('Checked by kurel beyond the schema:', '', ...document.rulesBeyondSchema.map((rule) => `- ${rule}`), '');
  lines.push('## Example', '');
  for (const example of document.examples) lines.push(example.note, '', '```yaml', `# ${example.file}`, example.text.trimEnd(), '```', '');
  return `${lines.join('\n').trimEnd()}\n`;
}
