import { describe, expect, it } from 'vitest';
import { KurelError } from '../../../src/plugin-api/diagnostics.js';
import { checkPeers } from '../../../src/host/config/peers.js';

function refusal(config: Record<string, unknown>): { message: string; path?: string; file?: string } {
  try {
    checkPeers(config, '/p/.kurelrc.yaml');
  } catch (error) {
    if (error instanceof KurelError) return error.diagnostics[0];
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('checkPeers', () => {
  it('leaves both keys absent when unset', () => {
    expect(checkPeers({}, 'f')).toEqual({});
  });

  it('reads egress and ingress peers by component', () => {
    const config = {
      egressPeers: { web: [{ namespace: 'db', podSelector: { matchLabels: { 'cnpg.io/cluster': 'db' } }, ports: [{ port: 5432 }] }] },
      ingressPeers: {
        db: [{ endpoint: { selector: { 'cnpg.io/cluster': 'db' }, ports: [{ port: 5432, protocol: 'TCP' }] }, sources: [{ namespace: 'shop', podSelector: { matchLabels: { app: 'web' } } }] }],
      },
    };
    expect(checkPeers(config, 'f')).toEqual(config);
  });

  it.each([
    [{ egressPeers: [] }, 'egressPeers', 'must be an object'],
    [{ egressPeers: { web: {} } }, 'egressPeers.web', 'must be a list'],
    [{ egressPeers: { web: [{ namespace: 1 }] } }, 'egressPeers.web[0].namespace', 'must be a string'],
    [{ egressPeers: { web: [{ namespace: 'a', to: 'b' }] } }, 'egressPeers.web[0].to', 'unsupported key (allowed: namespace, podSelector, ports)'],
    [{ egressPeers: { web: [{ namespace: 'a', ports: [{ port: 0 }] }] } }, 'egressPeers.web[0].ports[0].port', 'must be a port number (1-65535)'],
    [{ egressPeers: { web: [{ namespace: 'a', ports: [{ port: 80, protocol: 'HTTP' }] }] } }, 'egressPeers.web[0].ports[0].protocol', '"HTTP" is not TCP, UDP or SCTP'],
    [
      { egressPeers: { web: [{ namespace: 'a', podSelector: { matchExpressions: [{ key: 'a', operator: 'Is' }] } }] } },
      'egressPeers.web[0].podSelector.matchExpressions[0].operator',
      '"Is" is not In, NotIn, Exists or DoesNotExist',
    ],
    [{ egressPeers: { web: [{ namespace: 'a', podSelector: { matchLabels: { a: 1 } } }] } }, 'egressPeers.web[0].podSelector.matchLabels.a', 'must be a string'],
    [{ ingressPeers: { db: [{ sources: [] }] } }, 'ingressPeers.db[0].endpoint', 'must be an object'],
    [{ ingressPeers: { db: [{ endpoint: { selector: {}, ports: [] } }] } }, 'ingressPeers.db[0].sources', 'must be a list'],
    [{ ingressPeers: { db: [{ endpoint: { selector: {}, ports: [] }, sources: [{}] }] } }, 'ingressPeers.db[0].sources[0].namespace', 'must be a string'],
  ])('refuses %j at %s', (config, path, message) => {
    expect(refusal(config)).toMatchObject({ file: '/p/.kurelrc.yaml', path, message });
  });
});
