import { createHash } from 'node:crypto';
import { type AuthoredTrait, type JsonObject, type LoweringContext } from 'kurel/plugin-api';
import { shortenNameWithSuffix } from 'kurel/plugin-kit';
import { secretValuesProblem } from '../shared/chart-values.js';
import { goJson } from './generated-source.js';
import { isJsonObject } from '../shared/json-guards.js';

// The values a helm component keeps out of its HelmRelease: the values ConfigMap (valuesMode:
// configMap) and the secretValues Secret, each read through a valuesFrom entry. The values are
// serialized once, as indented JSON with sorted keys (Flux reads a valuesFrom value as YAML, of
// which JSON is a subset); those bytes are stored and hashed into the default name, so the name,
// and with it the HelmRelease, changes whenever the content does and Flux reconciles at once.

const OWNER = 'helm';
/** The data key of the stored values, and the valuesKey of their valuesFrom entry. */
export const VALUES_KEY = 'values.json';
const HASH_LENGTH = 10;

export interface ValuesObject {
  trait: AuthoredTrait;
  valuesFrom: JsonObject;
}

/** The configmap trait holding non-empty values, or undefined when there are none. */
export function valuesConfigMap(component: string, values: Record<string, unknown> | undefined, authoredName: string | undefined, ctx: LoweringContext): ValuesObject | undefined {
  if (values === undefined || Object.keys(values).length === 0) return undefined;
  const data = serialize(values);
  const name = valuesName(component, 'values', authoredName, data, ctx);
  return { trait: { type: 'configmap', properties: { name, data: { [VALUES_KEY]: data } } }, valuesFrom: { kind: 'ConfigMap', name, valuesKey: VALUES_KEY } };
}

/** The secret trait holding non-empty secretValues, or undefined when there are none. */
export function valuesSecret(component: string, secretValues: Record<string, unknown> | undefined, authoredName: string | undefined, ctx: LoweringContext): ValuesObject | undefined {
  if (secretValues === undefined || Object.keys(secretValues).length === 0) return undefined;
  const data = serialize(secretValues);
  const name = valuesName(component, 'secret-values', authoredName, data, ctx);
  return { trait: { type: 'secret', properties: { name, stringData: { [VALUES_KEY]: data } } }, valuesFrom: { kind: 'Secret', name, valuesKey: VALUES_KEY } };
}

/** Refuses what secretValues may not hold (shared with helmtemplate), under the helm owner. */
export function checkSecretValues(values: Record<string, unknown> | undefined, secretValues: Record<string, unknown>, ctx: LoweringContext): void {
  const problem = secretValuesProblem(values, secretValues);
  if (problem) ctx.fail(`${OWNER}: ${problem.message}`, problem.path);
}

/**
 * Indented JSON with sorted keys, as Go's json.MarshalIndent writes a map (written out here: a
 * JavaScript object would put integer-like keys first, whatever order they were sorted in).
 */
function serialize(value: unknown, depth = 0): string {
  const pad = (level: number) => '  '.repeat(level);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => pad(depth + 1) + serialize(item, depth + 1)).join(',\n')}\n${pad(depth)}]`;
  }
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort();
    if (keys.length === 0) return '{}';
    return `{\n${keys.map((key) => `${pad(depth + 1)}${goJson(key)}: ${serialize(value[key], depth + 1)}`).join(',\n')}\n${pad(depth)}}`;
  }
  return goJson(value);
}

/** The name under its role: the authored one, else `<component>-<role>-<10 hex of the stored bytes>`, the suffix kept whole. */
function valuesName(component: string, role: 'values' | 'secret-values', authored: string | undefined, data: string, ctx: LoweringContext): string {
  const digest = createHash('sha256').update(data).digest('hex').slice(0, HASH_LENGTH);
  const configMap = role === 'values';
  const spec = {
    role: configMap ? 'values-configmap' : 'values-secret',
    kind: configMap ? 'ConfigMap' : 'Secret',
    default: shortenNameWithSuffix(component, `-${role}-${digest}`, 253),
    authored,
    property: configMap ? 'valuesConfigMapName' : 'valuesSecretName',
  } as const;
  return ctx.namer.reserve(ctx.resolveName(spec));
}
