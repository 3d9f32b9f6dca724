import { type FetchRequest } from '../../engine/index.js';
import { kurelErrors } from '../../plugin-api/index.js';
import { checkedFetch, okBody, type FetchPolicy } from './checked-fetch.js';
import { noteNetworkUse } from '../cache/network-use.js';

export { hostAllowed, type FetchPolicy } from './checked-fetch.js';

/**
 * Fetches what components declared they read. Only http and https; the host of the URL, and of
 * every redirect, is held to the allowed registries before any request goes to it.
 */
export async function fetchDocuments(requests: readonly FetchRequest[], policy: FetchPolicy): Promise<Record<string, string>> {
  if (requests.length > 0) noteNetworkUse();
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
  const response = await checkedFetch(request.url, { policy, fail });
  return (await okBody(response, fail)).toString('utf8');
}
