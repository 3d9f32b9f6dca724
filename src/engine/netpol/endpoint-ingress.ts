import { createHash } from 'node:crypto';
import type { Endpoint, K8sObject } from '../../plugin-api/index.js';
import type { Application } from '../model.js';
import type { IngressPeer, IngressSource } from './peers.js';
import { namespacedPeer, networkPolicy, policyPorts } from './policy-object.js';

// The endpoint-ingress family: the target side of a connection. It selects the endpoint's own
// pods by the endpoint's selector, not the component label, so that pods an operator creates
// (which carry no component label) are protected too. Fail-closed: a source must name a namespace
// and pods by label; a policy with no such source is not written.

export const ENDPOINT_SUFFIX = '-allow-endpoint-ingress';
const HASH_LENGTH = 10;

const canonical = (value: unknown) => JSON.stringify(value, (_, entry) => (entry && typeof entry === 'object' && !Array.isArray(entry) ? Object.fromEntries(Object.entries(entry).sort()) : entry));

/** A short digest of the endpoint's content: stable when other endpoints come and go. */
export function endpointHash(endpoint: Endpoint): string {
  const content = canonical({ selector: endpoint.selector, ports: endpoint.ports.map((port) => ({ port: port.port, protocol: port.protocol ?? 'TCP' })) });
  return createHash('sha256').update(content).digest('hex').slice(0, HASH_LENGTH);
}

const validSource = (source: IngressSource) => source.namespace !== '' && Object.keys(source.podSelector?.matchLabels ?? {}).length > 0 && !source.podSelector?.matchExpressions?.length;

/**
 * One policy per distinct endpoint of the peers of an authored component: the bare name for a
 * single-endpoint component, the name suffixed with the endpoint's hash when it has several.
 */
export function endpointPolicies(component: string, application: Application, peers: IngressPeer[], declared: Endpoint[]): K8sObject[] {
  const byEndpoint = new Map<string, { endpoint: Endpoint; sources: IngressSource[] }>();
  for (const peer of peers) {
    const key = canonical(peer.endpoint);
    const entry = byEndpoint.get(key) ?? { endpoint: peer.endpoint, sources: [] };
    for (const source of peer.sources.filter(validSource)) if (!entry.sources.some((known) => canonical(known) === canonical(source))) entry.sources.push(source);
    byEndpoint.set(key, entry);
  }
  const distinct = new Set([...declared.map((endpoint) => canonical(endpoint)), ...byEndpoint.keys()]);
  const namespace = application.members[0]?.component.origin.namespace ?? '';
  return [...byEndpoint.values()]
    .filter((entry) => entry.sources.length > 0 && entry.endpoint.ports.length > 0 && Object.keys(entry.endpoint.selector).length > 0)
    .map(({ endpoint, sources }) => {
      const name = distinct.size > 1 ? `${component}${ENDPOINT_SUFFIX}-${endpointHash(endpoint)}` : `${component}${ENDPOINT_SUFFIX}`;
      return networkPolicy(name, namespace, {
        podSelector: { matchLabels: endpoint.selector },
        policyTypes: ['Ingress'],
        ingress: [{ from: sources.map((source) => namespacedPeer(source.namespace, source.podSelector)), ports: policyPorts(endpoint.ports) }],
      });
    });
}
