import { kurelErrors } from '../../plugin-api/index.js';
import { isDns1123Subdomain, qualifiedNameProblem } from '../../plugin-api/kit/index.js';
import { type TransformSettings } from '../../engine/index.js';
import { environmentPolicy, type PolicyConfig } from './policy.js';

/** What a platform team sets in the kurel config that the reference takes as its TransformContext. */
export interface TransformConfig {
  /** The label and annotation domain; the CLI's `launcher.gokure.dev` when unset. */
  domain?: string;
  /** The component label's key; `<domain>/component` when unset. */
  componentLabelKey?: string;
  /** Keys (`team`) and prefixes (`platform.example/`) the platform keeps to itself. */
  reservedMetadataKeys?: string[];
}

const SUBDOMAIN_RULE = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";

/** Validates the transform keys of a config object, naming the file and the key of a bad value. */
export function checkTransformConfig(config: Record<string, unknown>, file: string): TransformConfig {
  const out: TransformConfig = {};
  const { domain, componentLabelKey, reservedMetadataKeys } = config;
  if (domain !== undefined) {
    if (typeof domain !== 'string' || !isDns1123Subdomain(domain)) {
      throw kurelErrors.config(`invalid domain ${quote(domain)}: ${SUBDOMAIN_RULE}`, { file, path: 'domain' });
    }
    out.domain = domain;
  }
  if (componentLabelKey !== undefined) {
    const problem = typeof componentLabelKey === 'string' ? qualifiedNameProblem(componentLabelKey) : 'must be a string';
    if (problem) throw kurelErrors.config(`invalid componentLabelKey ${quote(componentLabelKey)}: ${problem}`, { file, path: 'componentLabelKey' });
    out.componentLabelKey = componentLabelKey as string;
  }
  if (reservedMetadataKeys !== undefined) out.reservedMetadataKeys = checkReservedMetadataKeys(reservedMetadataKeys, file);
  return out;
}

/**
 * Each entry is a key (a qualified name) or a prefix: a DNS-1123 subdomain followed by `/`.
 * A repeated entry, or a key a prefix already covers, is accepted.
 */
function checkReservedMetadataKeys(raw: unknown, file: string): string[] {
  if (!Array.isArray(raw)) throw kurelErrors.config('reservedMetadataKeys must be a list of keys and prefixes ending in "/"', { file, path: 'reservedMetadataKeys' });
  raw.forEach((entry, index) => {
    const name = `reservedMetadataKeys[${index}]`;
    const fail = (problem: string) => kurelErrors.config(`invalid ${name} ${quote(entry)}: ${problem}`, { file, path: name });
    if (typeof entry !== 'string') throw fail('must be a string');
    if (entry.endsWith('/')) {
      if (!isDns1123Subdomain(entry.slice(0, -1))) throw fail(`the prefix before "/": ${SUBDOMAIN_RULE}`);
      return;
    }
    const problem = qualifiedNameProblem(entry);
    if (problem) throw fail(`neither a key nor a prefix ending in "/": ${problem}`);
  });
  return raw as string[];
}

function quote(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** The build's settings: the config's transform keys and policy over the CLI's defaults and flags. */
export function transformSettings(config: TransformConfig & Pick<TransformSettings, 'egressPeers' | 'ingressPeers'> & { policy: PolicyConfig; fluxNamespace?: string }, flags: { clusterId: string; namespace?: string }): TransformSettings {
  return {
    domain: config.domain ?? 'launcher.gokure.dev',
    componentLabelKey: config.componentLabelKey,
    clusterId: flags.clusterId,
    namespace: flags.namespace,
    fluxNamespace: config.fluxNamespace,
    reservedMetadataKeys: config.reservedMetadataKeys,
    policy: environmentPolicy(config.policy),
    egressPeers: config.egressPeers,
    ingressPeers: config.ingressPeers,
  };
}
