import { RefusalClass } from '../../plugin-api/index.js';
import { httpsFetch } from './extra-ca-certs.js';

const MAX_REDIRECTS = 10;
const TIMEOUT_MS = 30_000;

export interface FetchPolicy {
  /** Hosts a URL may name (exact, or `*.example.com` for its subdomains); any host when absent. */
  allowedRegistries?: string[];
}

export function hostAllowed(host: string, policy: FetchPolicy): boolean {
  if (!policy.allowedRegistries) return true;
  return policy.allowedRegistries.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry));
}

/** Builds the error of a failed fetch; `refusalClass` is set when the policy refused a host. */
export type FetchFailure = (message: string, refusalClass?: string) => Error;

export interface CheckedFetchOptions {
  policy: FetchPolicy;
  fail: FetchFailure;
  /** Headers for a request to this URL: a credential goes only to the host it was issued by. */
  headers?: (url: URL) => Record<string, string>;
  /** Why kurel asks this host, when it is not a URL the author wrote (e.g. `the registry's token service`). */
  purpose?: string;
}

/**
 * One GET over http or https whose host, and the host of every redirect, is held to the allowed
 * registries before any request goes to it: a policy that lists a registry cannot be walked
 * around by a server that points elsewhere. Returns the first answer that is not a redirect.
 */
export async function checkedFetch(target: string, options: CheckedFetchOptions): Promise<Response> {
  const { policy, fail } = options;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw fail(`"${target}" is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail(`only http and https URLs are fetched, not ${url.protocol}`);
    if (!hostAllowed(url.hostname, policy)) {
      const how = hop > 0 ? ` (redirected to ${url.href})` : options.purpose ? ` (${options.purpose}, ${url.href})` : '';
      throw fail(`host "${url.hostname}"${how} is not one of the allowed registries (${policy.allowedRegistries!.join(', ')})`, RefusalClass.registry);
    }
    let response: Response;
    try {
      const fetcher = url.protocol === 'https:' ? await httpsFetch() : fetch;
      response = await fetcher(url, { redirect: 'manual', headers: options.headers?.(url), signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw fail(`fetching ${url.href} failed: ${reasonOf(error as Error)}`);
    }
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      if (!location) throw fail(`${url.href} answered ${response.status} with no Location`);
      target = new URL(location, url).href;
      continue;
    }
    return response;
  }
  throw fail(`more than ${MAX_REDIRECTS} redirects`);
}

/** The body of a successful answer, or the failure naming the status. */
export async function okBody(response: Response, fail: FetchFailure): Promise<Buffer> {
  if (!response.ok) throw fail(`${response.url} answered ${response.status} ${response.statusText}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * Why a request failed: fetch says `fetch failed` and keeps the reason (a certificate that is not
 * trusted, a refused connection) as its cause.
 */
function reasonOf(error: Error): string {
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && cause !== error.message ? `${error.message} (${cause})` : error.message;
}
