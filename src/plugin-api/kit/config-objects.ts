import type { HandlerContext } from '../context.js';
import type { K8sObject, ObjectMeta } from '../objects.js';
import type { PropertiesSchema } from '../schema.js';
import type { PropertiesOf } from '../schema-types.js';
import { bool, str, stringMap } from './schema-builders.js';

// The one ConfigMap path and the one Secret path: the configmap/secret component kinds and
// their twin traits build the same object from the same properties and differ only in the
// object's name. An organisation's plugin that writes a ConfigMap or Secret gets the API
// server's key, encoding and size checks from here too.


const CONFIG_KEY = /^[-._a-zA-Z0-9]+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** The API server's cap on the bytes of one ConfigMap or Secret. */
const MAX_BYTES = 1024 * 1024;

// Literal, so that a handler spreading them into its own schema reads its input type from them.
export const configMapContentSchema = {
  data: stringMap('Entries as key to text value. Keys may hold letters, digits, "-", "_" and ".".'),
  binaryData: stringMap('Entries as key to base64-encoded bytes; a key may not also be in data.', 'Base64-encoded bytes.'),
  immutable: bool('When true, the entries cannot be changed later; the ConfigMap must be replaced instead.'),
} as const satisfies PropertiesSchema;

/** The properties `configMapContentSchema` describes. */
export type ConfigMapContent = PropertiesOf<typeof configMapContentSchema>;

export const secretContentSchema = {
  stringData: stringMap('Entries as key to plain text value; written base64-encoded under data, not encrypted.'),
  data: stringMap('Entries as key to base64-encoded value; a key may not also be in stringData.', 'Base64-encoded bytes.'),
  type: str('Secret type (kubernetes.io/tls, …); unset means Opaque.'),
  immutable: bool('When true, the entries cannot be changed later; the Secret must be replaced instead.'),
} as const satisfies PropertiesSchema;

/** The properties `secretContentSchema` describes. */
export type SecretContent = PropertiesOf<typeof secretContentSchema>;

/** A ConfigMap of the content, its keys, base64 and size checked as the API server checks them. */
export function buildConfigMap(props: ConfigMapContent, metadata: ObjectMeta, ctx: HandlerContext): K8sObject {
  const object: K8sObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata };
  let bytes = 0;
  for (const [, value] of entries(props.data, 'data', ctx)) bytes += Buffer.byteLength(value);
  for (const [key, value] of entries(props.binaryData, 'binaryData', ctx)) {
    if (props.data?.[key] !== undefined) ctx.fail(`binaryData.${key}: key also appears in data; a key may appear in only one of them`, ['binaryData', key]);
    bytes += decodeBase64(value, 'binaryData', key, ctx).length;
  }
  checkSize(bytes, 'data and binaryData', 'ConfigMap', ctx);
  if (props.data) object.data = { ...props.data };
  if (props.binaryData) object.binaryData = { ...props.binaryData };
  if (props.immutable !== undefined) object.immutable = props.immutable;
  return object;
}

/** Every entry is written under `data`, base64-encoded, as the API server stores it. */
export function buildSecret(props: SecretContent, metadata: ObjectMeta, ctx: HandlerContext): K8sObject {
  const object: K8sObject = { apiVersion: 'v1', kind: 'Secret', metadata };
  const data: Record<string, Buffer> = {};
  for (const [key, value] of entries(props.stringData, 'stringData', ctx)) data[key] = Buffer.from(value, 'utf8');
  for (const [key, value] of entries(props.data, 'data', ctx)) {
    if (data[key]) ctx.fail(`data.${key}: key also appears in stringData; a key may appear in only one of them`, ['data', key]);
    data[key] = decodeBase64(value, 'data', key, ctx);
  }
  checkSize(Object.values(data).reduce((sum, bytes) => sum + bytes.length, 0), 'stringData and data', 'Secret', ctx);
  if (Object.keys(data).length > 0) {
    object.data = Object.fromEntries(Object.entries(data).map(([key, bytes]) => [key, bytes.toString('base64')]));
  }
  if (props.type !== undefined) object.type = props.type;
  if (props.immutable !== undefined) object.immutable = props.immutable;
  return object;
}

/** The entries of a map property, each key checked as the API checks a ConfigMap or Secret key. */
function entries(map: Record<string, string> | undefined, field: string, ctx: HandlerContext): Array<[string, string]> {
  const list = Object.entries(map ?? {});
  for (const [key] of list) {
    if (key.length > 253 || !CONFIG_KEY.test(key) || key === '.' || key === '..') {
      ctx.fail(`${field}: invalid key "${key}": keys hold letters, digits, "-", "_" and ".", at most 253 characters`, [field, key]);
    }
  }
  return list;
}

// No message carries the value: it may be a secret.
function decodeBase64(value: string, field: string, key: string, ctx: HandlerContext): Buffer {
  if (!BASE64.test(value)) ctx.fail(`${field}.${key}: invalid base64`, [field, key]);
  return Buffer.from(value, 'base64');
}

function checkSize(bytes: number, fields: string, kind: string, ctx: HandlerContext): void {
  if (bytes > MAX_BYTES) ctx.fail(`${fields} hold ${bytes} bytes, over the ${MAX_BYTES}-byte limit the API server allows a ${kind}`);
}
