import { defineTrait, type HandlerContext, type JsonObject } from 'kurel/plugin-api';
import { isDns1123Subdomain, formatGoDuration, parseGoDuration } from 'kurel/plugin-kit';

const KEY_SIZES: Record<string, number[]> = { RSA: [2048, 4096, 8192], ECDSA: [256, 384, 521] };

/**
 * A cert-manager Certificate for the component, named by the Secret cert-manager writes. The
 * issuer is the platform's choice: the ClusterProfile's `certificate` binding supplies issuerRef
 * (an authored issuerRef overrides it), and a build without that binding is refused.
 */
export const certificate = defineTrait({
  type: 'certificate',
  description: 'A cert-manager.io/v1 Certificate for the component, signed by the issuer the ClusterProfile names.',
  example: { secretName: 'example-tls', dnsNames: ['example.example.com'] },
  contract: { family: 'certificate', version: 'v1alpha1', requiredCapabilityKeys: ['certificate'] },
  capability: { required: true, exampleRendering: { issuerRef: { name: 'example-issuer', kind: 'ClusterIssuer' } } },
  properties: {
    secretName: { type: 'string', required: true, description: 'Name of the Secret holding the issued certificate and its key; also the name of the Certificate.' },
    dnsNames: {
      type: 'array',
      required: true,
      description: 'DNS names (SANs) the certificate is issued for; at least one.',
      items: { type: 'string', description: 'A DNS name.' },
    },
    issuerRef: {
      type: 'object',
      description: 'The cert-manager issuer that signs the certificate; normally set by the ClusterProfile\'s "certificate" binding.',
      properties: {
        name: { type: 'string', required: true, description: 'Name of the issuer.' },
        kind: { type: 'string', default: 'ClusterIssuer', description: 'Kind of the issuer (Issuer or ClusterIssuer).' },
      },
    },
    duration: { type: 'string', default: '2160h', description: 'Validity of the certificate, a Go duration ("2160h").' },
    renewBefore: { type: 'string', default: '360h', description: 'How long before expiry cert-manager renews the certificate, a Go duration.' },
    privateKey: {
      type: 'object',
      description: "Private key options; cert-manager's defaults (RSA 2048) apply to what is left out.",
      properties: {
        algorithm: { type: 'string', enum: ['RSA', 'ECDSA', 'Ed25519'], description: 'Key algorithm.' },
        size: { type: 'integer', description: 'Key size in bits: 2048, 4096 or 8192 for RSA; 256, 384 or 521 for ECDSA; none for Ed25519. Needs algorithm.' },
        encoding: { type: 'string', enum: ['PKCS1', 'PKCS8'], description: 'Key encoding.' },
        rotationPolicy: { type: 'string', enum: ['Never', 'Always'], description: 'Whether cert-manager makes a new key on renewal.' },
      },
    },
  },
  apply({ properties, component }, ctx) {
    const props = properties;
    const secretName: string = props.secretName;
    if (!isDns1123Subdomain(secretName)) ctx.fail(`secretName: "${secretName}" is not a valid name for the Certificate and its Secret (a DNS-1123 subdomain)`, ['secretName']);
    // cert-manager writes the Secret: no other owner may generate it.
    ctx.claimObjectName({ kind: 'Secret', name: secretName, property: 'secretName' });
    if (!props.issuerRef) return ctx.fail(`issuerRef is required; neither the trait nor capability "certificate"'s rendering sets it`, ['issuerRef']);
    if (props.dnsNames.length === 0) ctx.fail("dnsNames: at least one DNS name is required", ['dnsNames']);
    const spec: JsonObject = {
      secretName,
      issuerRef: { name: props.issuerRef.name, kind: props.issuerRef.kind },
      dnsNames: [...props.dnsNames],
      duration: goDuration(props.duration, 'duration', ctx),
      renewBefore: goDuration(props.renewBefore, 'renewBefore', ctx),
    };
    const privateKey = checkedPrivateKey(props.privateKey, ctx);
    if (privateKey) spec.privateKey = privateKey;
    return {
      objects: [{ apiVersion: 'cert-manager.io/v1', kind: 'Certificate', metadata: { name: secretName, namespace: component.namespace }, spec }],
      fluxNamespaceInput: { kind: 'Secret', name: secretName },
    };
  },
});

function goDuration(text: string, key: string, ctx: HandlerContext): string {
  const nanos = parseGoDuration(text);
  if (nanos === undefined) ctx.fail(`${key}: "${text}" is not a duration (such as "2160h" or "90m")`, [key]);
  if (nanos <= 0n) ctx.fail(`${key}: "${text}" must be longer than zero`, [key]);
  return formatGoDuration(nanos);
}

/** The private key options, as the schema above gives them. */
type PrivateKeyOptions = {
  algorithm?: 'RSA' | 'ECDSA' | 'Ed25519';
  size?: number;
  encoding?: 'PKCS1' | 'PKCS8';
  rotationPolicy?: 'Never' | 'Always';
};

function checkedPrivateKey(privateKey: PrivateKeyOptions | undefined, ctx: HandlerContext): PrivateKeyOptions | undefined {
  if (!privateKey || Object.keys(privateKey).length === 0) return undefined;
  const { algorithm, size } = privateKey;
  if (size !== undefined) {
    if (size <= 0) ctx.fail(`privateKey.size must be positive, got ${size}`, ['privateKey', 'size']);
    if (algorithm === undefined) ctx.fail('privateKey.size requires privateKey.algorithm to be set', ['privateKey', 'size']);
    if (algorithm === 'Ed25519') ctx.fail('privateKey.size must not be set for Ed25519 (key size is fixed)', ['privateKey', 'size']);
    const allowed = KEY_SIZES[algorithm!];
    if (!allowed.includes(size)) ctx.fail(`privateKey.size ${size} is invalid for ${algorithm} (allowed: ${allowed.join(', ')})`, ['privateKey', 'size']);
  }
  return { ...privateKey };
}
