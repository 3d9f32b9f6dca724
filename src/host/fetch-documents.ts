import { type FetchRequest } from '../engine/index.js';
import { RefusalClass, kurelErrors } from '../plugin-api/index.js';

const MAX_REDIRECTS = 10;
const TIMEOUT_MS = 30_000;

export interface FetchPolicy {
  /** Hosts a URL may name (exact, or `*.example.com` for its subdomains); any host when absent. */
  allowedRegistries?: string[];
}

/**
 * Fetches what components declared they read. Only http and https; the host of the URL, and of
 * every redirect, is held to the allowed registries before any request goes to it.
 */
export async function fetchDocuments(requests: readonly FetchRequest[], policy: FetchPolicy): Promise<Record<string, string>> {
  const bodies: Record<string, string> = {};
  for (const request of requests) {
    if (bodies[request.url] !== undefined) continue;
    bodies[request.url] = await fetchOne(request, policy);
  }
  return bodies;
}

async function fetchOne(request: FetchRequest, policy: FetchPolicy): Promise<string> {
  const fail = (message: string, refusalClass?: string) =>
    kurelErrors.input(`component "${request.component}": url "${request.url}": ${message}`, { ...request.where, component: request.component, ...(refusalClass ? { refusalClass } : {}) });
  let target = request.url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw fail(`"${target}" is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail(`only http and https URLs are fetched, not ${url.protocol}`);
    if (!hostAllowed(url.hostname, policy)) {
      // A refusal by the policy, of class registry, on the first host as on a redirect.
      throw fail(`host "${url.hostname}"${hop > 0 ? ` (redirected to ${url.href})` : ''} is not one of the allowed registries (${policy.allowedRegistries!.join(', ')})`, RefusalClass.registry);
    }
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw fail(`fetching ${url.href} failed: ${(error as Error).message}`);
    }
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      if (!location) throw fail(`${url.href} answered ${response.status} with no Location`);
      target = new URL(location, url).href;
      continue;
    }
    if (!response.ok) throw fail(`${url.href} answered ${response.status} ${response.statusText}`);
    return response.text();
  }
  throw fail(`more than ${MAX_REDIRECTS} redirects`);
}

export function hostAllowed(host: string, policy: FetchPolicy): boolean {
  if (!policy.allowedRegistries) return true;
  return policy.allowedRegistries.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry));
}
