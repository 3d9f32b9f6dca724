import type { ArgoDestination, ArgoSettings } from '../../engine/index.js';
import { kurelErrors } from '../../plugin-api/index.js';
import { isDns1123Label, isDns1123Subdomain } from '../../plugin-api/kit/index.js';

// The `argocd` block of the kurel config: what `--layout argocd` writes into each Application.
// `repoURL` is required only by that layout, which says so when it is missing.

/** The block as the config holds it: every key optional until `--layout argocd` reads it. */
export type ArgoConfig = Partial<ArgoSettings>;

const KEYS = ['repoURL', 'targetRevision', 'path', 'project', 'namespace', 'selfHeal', 'prune', 'destinations'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function checkArgoConfig(raw: unknown, file: string): ArgoConfig | undefined {
  if (raw === undefined) return undefined;
  const fail = (path: string, message: string): never => {
    throw kurelErrors.config(message, { file, path });
  };
  if (!isObject(raw)) return fail('argocd', 'must be an object');
  for (const key of Object.keys(raw)) if (!KEYS.includes(key)) fail(`argocd.${key}`, `unsupported key (allowed: ${KEYS.join(', ')})`);
  const text = (key: string) => {
    const value = raw[key];
    if (value !== undefined && (typeof value !== 'string' || value === '')) fail(`argocd.${key}`, 'must be a non-empty string');
  };
  ['repoURL', 'targetRevision', 'path', 'project', 'namespace'].forEach(text);
  for (const key of ['selfHeal', 'prune']) if (raw[key] !== undefined && typeof raw[key] !== 'boolean') fail(`argocd.${key}`, 'must be true or false');
  if (typeof raw.project === 'string' && !isDns1123Subdomain(raw.project)) fail('argocd.project', `"${raw.project}" is not a valid AppProject name (a DNS-1123 subdomain)`);
  if (typeof raw.namespace === 'string' && !isDns1123Label(raw.namespace)) fail('argocd.namespace', `"${raw.namespace}" is not a valid namespace (a DNS-1123 label)`);
  if (typeof raw.path === 'string' && raw.path.split('/').includes('..')) fail('argocd.path', 'must not contain "..": it is a folder inside the repository');
  if (raw.destinations !== undefined) checkDestinations(raw.destinations, fail);
  return raw as ArgoConfig;
}

function checkDestinations(raw: unknown, fail: (path: string, message: string) => never): Record<string, ArgoDestination> {
  if (!isObject(raw)) return fail('argocd.destinations', 'must be an object: environment name to {server: URL} or {name: CLUSTER}');
  for (const [environment, destination] of Object.entries(raw)) {
    const path = `argocd.destinations.${environment}`;
    if (!isObject(destination)) fail(path, 'must be {server: URL} or {name: CLUSTER}');
    const keys = Object.keys(destination as object);
    // Argo CD takes a cluster by its API server URL or by its name, never both.
    if (keys.length !== 1 || !['server', 'name'].includes(keys[0])) fail(path, `must hold exactly one of server and name (it holds ${keys.join(', ') || 'nothing'})`);
    const value = (destination as Record<string, unknown>)[keys[0]];
    if (typeof value !== 'string' || value === '') fail(`${path}.${keys[0]}`, 'must be a non-empty string');
  }
  return raw as Record<string, ArgoDestination>;
}
