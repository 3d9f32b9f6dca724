import { defineComponent, type K8sObject } from 'kurel/plugin-api';
import { schemaBuilders } from 'kurel/plugin-kit';
import { copyPresent, ownedMetadata } from './metadata.js';

const { bool, nameRefList } = schemaBuilders;

export const serviceaccount = defineComponent({
  type: 'serviceaccount',
  description: 'A v1 ServiceAccount, for pods of other components to run as.',
  example: { automountServiceAccountToken: false },
  contract: { family: 'serviceaccount', version: 'v1alpha1' },
  object: { apiVersion: 'v1', kind: 'ServiceAccount', scope: 'namespaced' },
  properties: {
    automountServiceAccountToken: bool("Whether pods running as the account mount its token; unset, the API's default applies."),
    imagePullSecrets: nameRefList('Secrets holding registry credentials for pods running as the account.', 'One image-pull Secret.'),
  },
  render(input) {
    const object: K8sObject = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: ownedMetadata(input.objectName, input.namespace, input.labelValue) };
    copyPresent(object, input.properties, ['automountServiceAccountToken', 'imagePullSecrets']);
    return { objects: [object] };
  },
});
