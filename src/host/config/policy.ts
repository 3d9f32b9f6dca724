import { dirname, join } from 'node:path';
import { MAX_REPLICAS_VALUE, POLICY_KEYS, POLICY_VALUE_KINDS, type PolicyKey } from '../../engine/index.js';
import { type GroupKind, type Policy, kurelErrors } from '../../plugin-api/index.js';
import { NOOP_POLICY } from '../../plugin-api/kit/index.js';
import { importDefault, resolveModule } from '../plugins/module-loader.js';

/**
 * The environment policy as a config states it: each accessor of `Policy` (and of the optional
 * `ExplicitSecretPolicy` and `ObjectKindPolicy`) as a plain value, which YAML can hold, or as a
 * function, which a TypeScript config can supply. An accessor left out answers as `NOOP_POLICY` does.
 */
export type PolicyConfig = Partial<Record<PolicyKey, unknown>>;

// The kinds of value each entry takes, as the published config schema states them.
const INTEGERS = new Set<PolicyKey>(POLICY_VALUE_KINDS.replicas);
const QUANTITIES = new Set<PolicyKey>(POLICY_VALUE_KINDS.quantity);
const STRING_LISTS = new Set<PolicyKey>(POLICY_VALUE_KINDS.names);
const KIND_LISTS = new Set<PolicyKey>(POLICY_VALUE_KINDS.kinds);

/**
 * Reads the config's `policy`: an object, or a module (a package name or a path, resolved from the
 * config's folder) whose default export is one: an organisation's policy package. Plain values are checked here, naming the file and the key.
 */
export async function checkPolicyConfig(raw: unknown, file: string): Promise<PolicyConfig> {
  if (raw === undefined) return {};
  let policy: unknown = raw;
  let origin = file;
  if (typeof raw === 'string') {
    // A package name or a path, resolved as plugins are: Node's resolution from the config's folder.
    try {
      origin = await resolveModule(raw, join(dirname(file), 'kurel.config.js'));
      policy = await importDefault(origin);
    } catch (error) {
      throw kurelErrors.config(`policy: loading "${raw}": ${(error as Error).message.split('\n')[0]}`, { file, path: 'policy' });
    }
  }
  if (typeof policy !== 'object' || policy === null || Array.isArray(policy)) {
    throw kurelErrors.config('policy must be an object of limits and defaults, or the path of a module whose default export is one', { file: origin, path: 'policy' });
  }
  const entries = policy as Record<string, unknown>;
  // A class instance keeps its accessors on the prototype: read every name the policy answers to.
  const keys = new Set([...Object.keys(entries), ...POLICY_KEYS.filter((key) => typeof entries[key] === 'function')]);
  const out: PolicyConfig = {};
  for (const key of keys) {
    if (!(POLICY_KEYS as string[]).includes(key)) {
      throw kurelErrors.config(`unsupported policy key "${key}" (allowed: ${POLICY_KEYS.join(', ')})`, { file: origin, path: `policy.${key}` });
    }
    const value = entries[key];
    out[key as PolicyKey] = typeof value === 'function' ? value.bind(policy) : checkValue(key as PolicyKey, value, origin);
  }
  return out;
}

function checkValue(key: PolicyKey, value: unknown, file: string): unknown {
  const fail = (expected: string, path = `policy.${key}`) => kurelErrors.config(`${path} must be ${expected}`, { file, path });
  if (INTEGERS.has(key)) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_REPLICAS_VALUE) throw fail('a whole number of replicas');
    return value;
  }
  if (QUANTITIES.has(key)) {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value !== 'string') throw fail('a quantity');
    return value;
  }
  if (STRING_LISTS.has(key)) {
    if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string' || entry === '')) throw fail(key === 'allowedRegistries' ? 'a list of host names' : 'a list of names');
    return value;
  }
  if (KIND_LISTS.has(key)) {
    if (!Array.isArray(value)) throw fail('a list of kinds ({group, kind})');
    return value.map((entry, index) => checkGroupKind(entry, `policy.${key}[${index}]`, file));
  }
  if (typeof value !== 'boolean') throw fail('true or false');
  return value;
}

/** A kind entry: `{group, kind}`, the core group `''`, `kind: '*'` for every kind of the group. An entry with no kind is refused. */
function checkGroupKind(entry: unknown, path: string, file: string): GroupKind {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw kurelErrors.config(`${path} must be an object with group and kind`, { file, path });
  const { group = '', kind, ...rest } = entry as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0) throw kurelErrors.config(`${path}: unsupported key "${extra[0]}" (allowed: group, kind)`, { file, path });
  if (typeof group !== 'string') throw kurelErrors.config(`${path}.group must be a string ("" is the core group)`, { file, path: `${path}.group` });
  if (typeof kind !== 'string' || kind === '') throw kurelErrors.config(`${path} names no kind: give a kind, or "*" for every kind of the group`, { file, path: `${path}.kind` });
  return { group, kind };
}

/** The policy handlers read: each stated accessor, the rest answering as `NOOP_POLICY`. */
export function environmentPolicy(config: PolicyConfig): Policy {
  const policy: Record<string, () => unknown> = { ...NOOP_POLICY };
  for (const [key, value] of Object.entries(config)) {
    policy[key] = typeof value === 'function' ? (value as () => unknown) : () => value;
  }
  return policy as unknown as Policy;
}

/** What the host holds fetched URLs to: the policy's allowed registries, any host when it names none. */
export function fetchPolicy(policy: Policy): { allowedRegistries?: string[] } {
  const allowed = policy.allowedRegistries();
  return allowed.length > 0 ? { allowedRegistries: allowed } : {};
}
