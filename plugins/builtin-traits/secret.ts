import { defineTrait } from 'kurel/plugin-api';
import { isDns1123Subdomain, refuseExplicitSecret, buildSecret, secretContentSchema } from 'kurel/plugin-kit';

/** A Secret beside the component, built as the secret kind builds one. It mounts nothing. */
export const secret = defineTrait({
  type: 'secret',
  description: 'A v1 Secret owned by the component; its values are base64-encoded, not encrypted.',
  example: { name: 'example-credentials', stringData: { password: 'change-me' } },
  contract: { family: 'secret', version: 'v1alpha1' },
  properties: {
    name: { type: 'string', required: true, description: 'Name of the Secret (a DNS-1123 subdomain).' },
    ...secretContentSchema,
  },
  apply({ properties, component }, ctx) {
    const props = properties;
    if (!isDns1123Subdomain(props.name)) ctx.fail(`name: "${props.name}" is not a valid Secret name (a DNS-1123 subdomain)`, ['name']);
    refuseExplicitSecret(props.name, ctx);
    ctx.claimObjectName({ kind: 'Secret', name: props.name, property: 'name', generated: true });
    const metadata = { name: props.name, namespace: component.namespace, labels: { app: component.labelValue } };
    return { objects: [buildSecret(props, metadata, ctx)], fluxNamespaceInput: { kind: 'Secret', name: props.name } };
  },
});
