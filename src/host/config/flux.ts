import { kurelErrors } from '../../plugin-api/index.js';
import { didYouMean, isDns1123Label, isDns1123Subdomain, normaliseFluxDuration } from '../../plugin-api/kit/index.js';
import { declaredKeys, KUREL_CONFIG_SCHEMA, type FluxLayoutOptions } from '../../engine/index.js';

/** The config's `flux:` block: what every Kustomization of a Flux tree starts from. */
export interface FluxConfig {
  /** As Go prints it. */
  interval?: string;
  prune?: boolean;
  sourceRef?: FluxLayoutOptions['sourceRef'];
  /** The Kustomizations' namespace. */
  namespace?: string;
}

const FLUX_SCHEMA = (KUREL_CONFIG_SCHEMA.properties as Record<string, Record<string, unknown>>).flux;
const FLUX_KEYS = declaredKeys(FLUX_SCHEMA);
const SOURCE_REF_SCHEMA = (FLUX_SCHEMA.properties as Record<string, Record<string, unknown>>).sourceRef;
const SOURCE_REF_KEYS = declaredKeys(SOURCE_REF_SCHEMA);
const SOURCE_KINDS = (SOURCE_REF_SCHEMA.properties as Record<string, { enum: string[] }>).kind.enum;

/** Checks the `flux:` block against the config schema, naming the file and the key of a bad value. */
export function checkFluxConfig(raw: unknown, file: string): FluxConfig | undefined {
  if (raw === undefined) return undefined;
  const fail = (path: string, message: string) => kurelErrors.config(message, { file, path });
  const block = objectOf(raw, 'flux', FLUX_KEYS, fail);
  const out: FluxConfig = {};
  if (block.interval !== undefined) {
    const interval = typeof block.interval === 'string' ? normaliseFluxDuration(block.interval) : undefined;
    if (interval === undefined) throw fail('flux.interval', `${JSON.stringify(block.interval)} is not a duration Flux accepts (such as 30s, 10m, 1h30m)`);
    out.interval = interval;
  }
  if (block.prune !== undefined) {
    if (typeof block.prune !== 'boolean') throw fail('flux.prune', 'must be true or false');
    out.prune = block.prune;
  }
  if (block.namespace !== undefined) {
    if (typeof block.namespace !== 'string' || !isDns1123Label(block.namespace)) throw fail('flux.namespace', `${JSON.stringify(block.namespace)} is not a namespace name (a DNS-1123 label)`);
    out.namespace = block.namespace;
  }
  if (block.sourceRef !== undefined) {
    const ref = objectOf(block.sourceRef, 'flux.sourceRef', SOURCE_REF_KEYS, fail);
    if (typeof ref.kind !== 'string' || !SOURCE_KINDS.includes(ref.kind)) throw fail('flux.sourceRef.kind', `must be one of ${SOURCE_KINDS.join(', ')}`);
    if (typeof ref.name !== 'string' || !isDns1123Subdomain(ref.name)) throw fail('flux.sourceRef.name', `${JSON.stringify(ref.name)} is not a valid DNS-1123 subdomain`);
    if (ref.namespace !== undefined && (typeof ref.namespace !== 'string' || !isDns1123Label(ref.namespace))) {
      throw fail('flux.sourceRef.namespace', `${JSON.stringify(ref.namespace)} is not a namespace name (a DNS-1123 label)`);
    }
    out.sourceRef = { kind: ref.kind, name: ref.name, ...(ref.namespace !== undefined ? { namespace: ref.namespace as string } : {}) };
  }
  return out;
}

function objectOf(raw: unknown, path: string, keys: readonly string[], fail: (path: string, message: string) => Error): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw fail(path, 'must be an object');
  for (const key of Object.keys(raw)) {
    if (keys.includes(key)) continue;
    const hint = didYouMean(key, keys);
    throw fail(`${path}.${key}`, `unsupported key "${key}"${hint ? `; ${hint}` : ''} (allowed: ${keys.join(', ')})`);
  }
  return raw as Record<string, unknown>;
}
