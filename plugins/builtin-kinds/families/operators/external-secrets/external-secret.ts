import type { PropertySchema } from 'kurel/plugin-api';
import { bool, list, obj, oneOf, req, smap, str, strings } from '../schema.js';

// The ExternalSecretSpec of External Secrets (external-secrets.io/v1), which an ExternalSecret
// holds and a ClusterExternalSecret stamps into namespaces.

const storeRef = (description: string): PropertySchema =>
  obj(description, { name: str('The store name.'), kind: oneOf(['SecretStore', 'ClusterSecretStore'], 'The store kind (SecretStore when absent).') });

const conversionStrategy = oneOf(['Default', 'Unicode'], 'How secret keys are converted.');
const decodingStrategy = oneOf(['Auto', 'Base64', 'Base64URL', 'None'], 'How values are decoded.');

const remoteRef = (description: string): PropertySchema =>
  obj(description, {
    key: req(str('The key of the secret in the provider.')),
    metadataPolicy: oneOf(['None', 'Fetch'], 'Whether the metadata of the secret is read instead of its value.'),
    property: str('The property of the secret read.'),
    version: str('The version read.'),
    conversionStrategy,
    decodingStrategy,
  });

const GENERATORS = ['ACRAccessToken', 'ClusterGenerator', 'ECRAuthorizationToken', 'Fake', 'GCRAccessToken', 'GithubAccessToken', 'QuayAccessToken', 'Password', 'SSHKey', 'STSSessionToken', 'UUID', 'VaultDynamicSecret', 'Webhook', 'Grafana', 'MFA'];

const generatorRef = obj('A generator producing the values.', {
  apiVersion: str('The generator API version (generators.external-secrets.io/v1alpha1 when absent).'),
  kind: req(oneOf(GENERATORS, 'The generator kind.')),
  name: req(str('The generator name.')),
});

const sourceRef = (description: string): PropertySchema => obj(description, { storeRef: storeRef('Another store.'), generatorRef });

const templateRefItems = list(
  'The keys used.',
  obj('A key.', { key: req(str('The key.')), templateAs: oneOf(['Values', 'KeysAndValues'], 'Whether the key holds templates or key-value templates.') }),
);

const template = obj('A template of the Secret written.', {
  type: str('The Secret type.'),
  engineVersion: oneOf(['v2'], 'The template engine version.'),
  metadata: obj('Labels and annotations of the Secret.', { labels: smap('Labels.', 'The label value.'), annotations: smap('Annotations.', 'The annotation value.') }),
  mergePolicy: oneOf(['Replace', 'Merge'], 'Whether the templated data replaces or merges with the fetched data.'),
  data: smap('Templated keys of the Secret.', 'A template.'),
  templateFrom: list(
    'Templates from ConfigMaps, Secrets or literals.',
    obj('A template source.', {
      configMap: obj('A ConfigMap of templates.', { name: req(str('The ConfigMap.')), items: req(templateRefItems) }),
      secret: obj('A Secret of templates.', { name: req(str('The Secret.')), items: req(templateRefItems) }),
      target: oneOf(['Data', 'Annotations', 'Labels'], 'Where the rendered template goes.'),
      literal: str('A literal template.'),
    }),
  ),
});

export const externalSecretSpec: Record<string, PropertySchema> = {
  secretStoreRef: storeRef('The store the values are read from.'),
  target: obj('The Secret written.', {
    name: str('The Secret name (the ExternalSecret name when absent).'),
    creationPolicy: oneOf(['Owner', 'Orphan', 'Merge', 'None'], 'How the Secret is created and owned.'),
    deletionPolicy: oneOf(['Delete', 'Merge', 'Retain'], 'What happens to the Secret when the provider secret is gone.'),
    template,
    immutable: bool('Make the Secret immutable.'),
  }),
  refreshPolicy: oneOf(['CreatedOnce', 'Periodic', 'OnChange'], 'When the Secret is refreshed.'),
  refreshInterval: str('How often the Secret is refreshed (a Go duration; 0 for never).'),
  data: list(
    'Keys of the Secret, one provider value each.',
    obj('A key.', { secretKey: req(str('The key in the Secret.')), remoteRef: req(remoteRef('The provider value.')), sourceRef: sourceRef('Another source of the value.') }),
  ),
  dataFrom: list(
    'Provider secrets whose keys all go into the Secret.',
    obj('A source of keys.', {
      extract: remoteRef('A provider secret whose properties become keys.'),
      find: obj('Provider secrets found by name or tags.', {
        path: str('The path searched.'),
        name: obj('A name pattern.', { regexp: str('A regular expression.') }),
        tags: smap('Tags the secrets carry.'),
        conversionStrategy,
        decodingStrategy,
      }),
      rewrite: list(
        'Rewrites of the keys.',
        obj('A rewrite: one of merge, regexp and transform.', {
          merge: obj('Merge the values of several keys into one.', {
            into: str('The key merged into (required with strategy JSON).'),
            priority: strings('Keys that win a conflict, in order.', 'A key.'),
            conflictPolicy: oneOf(['Ignore', 'Error'], 'What a conflict does.'),
            strategy: oneOf(['Extract', 'JSON'], 'How the values are merged.'),
          }),
          regexp: obj('A regular expression replacement.', { source: req(str('The expression.')), target: req(str('The replacement.')) }),
          transform: obj('A template transformation.', { template: req(str('The template.')) }),
        }),
      ),
      sourceRef: sourceRef('Another source of the keys.'),
    }),
  ),
};

/** Paths (under the spec) of the non-pointer structs Go writes even when empty. */
export const externalSecretStructs = ['secretStoreRef', 'target', 'target.template.metadata', 'data[].sourceRef.storeRef'];

/** Paths (under the spec) of the `omitempty` fields Go drops at their zero value. */
export const externalSecretOmitZero = ['target.immutable'];
