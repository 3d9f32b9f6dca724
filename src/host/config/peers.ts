import type { EgressPeers, IngressPeers } from '../../engine/index.js';
import { kurelErrors } from '../../plugin-api/index.js';

// The NetworkPolicy synthesis inputs a platform team sets in the kurel config: `egressPeers` and
// `ingressPeers`, each a map from component name to a list. Only their shape is checked here;
// what the synthesis cannot use (ports beside no pod selector, a source with no namespace) is the
// engine's to refuse or drop, as it is for a library caller.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

class Shape {
  constructor(private readonly file: string) {}

  fail(path: string, message: string): never {
    throw kurelErrors.config(message, { file: this.file, path });
  }

  object(value: unknown, path: string): Json {
    if (!isObject(value)) this.fail(path, 'must be an object');
    return value as Json;
  }

  list(value: unknown, path: string): unknown[] {
    if (!Array.isArray(value)) this.fail(path, 'must be a list');
    return value as unknown[];
  }

  keys(value: Json, path: string, allowed: string[]): void {
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) this.fail(`${path}.${key}`, `unsupported key (allowed: ${allowed.join(', ')})`);
    }
  }

  string(value: unknown, path: string): string {
    if (typeof value !== 'string') this.fail(path, 'must be a string');
    return value as string;
  }

  stringMap(value: unknown, path: string): Record<string, string> {
    const map = this.object(value, path);
    for (const [key, entry] of Object.entries(map)) this.string(entry, `${path}.${key}`);
    return map as Record<string, string>;
  }

  selector(value: unknown, path: string) {
    const selector = this.object(value, path);
    this.keys(selector, path, ['matchLabels', 'matchExpressions']);
    if (selector.matchLabels !== undefined) this.stringMap(selector.matchLabels, `${path}.matchLabels`);
    if (selector.matchExpressions !== undefined) {
      this.list(selector.matchExpressions, `${path}.matchExpressions`).forEach((raw, i) => {
        const at = `${path}.matchExpressions[${i}]`;
        const expression = this.object(raw, at);
        this.keys(expression, at, ['key', 'operator', 'values']);
        this.string(expression.key, `${at}.key`);
        const operator = this.string(expression.operator, `${at}.operator`);
        if (!['In', 'NotIn', 'Exists', 'DoesNotExist'].includes(operator)) this.fail(`${at}.operator`, `"${operator}" is not In, NotIn, Exists or DoesNotExist`);
        if (expression.values !== undefined) this.list(expression.values, `${at}.values`).forEach((entry, j) => this.string(entry, `${at}.values[${j}]`));
      });
    }
    return structuredClone(selector) as { matchLabels?: Record<string, string>; matchExpressions?: Array<{ key: string; operator: string; values?: string[] }> };
  }

  ports(value: unknown, path: string) {
    return this.list(value, path).map((raw, i) => {
      const at = `${path}[${i}]`;
      const port = this.object(raw, at);
      this.keys(port, at, ['port', 'protocol']);
      if (!Number.isInteger(port.port) || (port.port as number) < 1 || (port.port as number) > 65535) this.fail(`${at}.port`, 'must be a port number (1-65535)');
      if (port.protocol !== undefined && !['TCP', 'UDP', 'SCTP'].includes(this.string(port.protocol, `${at}.protocol`))) {
        this.fail(`${at}.protocol`, `"${port.protocol}" is not TCP, UDP or SCTP`);
      }
      return { port: port.port as number, ...(port.protocol === undefined ? {} : { protocol: port.protocol as string }) };
    });
  }

  byComponent<T>(value: unknown, key: string, entry: (raw: unknown, path: string) => T): Record<string, T[]> {
    const out: Record<string, T[]> = {};
    for (const [component, raw] of Object.entries(this.object(value, key))) {
      out[component] = this.list(raw, `${key}.${component}`).map((item, i) => entry(item, `${key}.${component}[${i}]`));
    }
    return out;
  }
}

/** `egressPeers` and `ingressPeers` of a config, checked; absent keys stay absent. */
export function checkPeers(config: Json, file: string): { egressPeers?: EgressPeers; ingressPeers?: IngressPeers } {
  const shape = new Shape(file);
  const out: { egressPeers?: EgressPeers; ingressPeers?: IngressPeers } = {};
  if (config.egressPeers !== undefined) {
    out.egressPeers = shape.byComponent(config.egressPeers, 'egressPeers', (raw, path) => {
      const peer = shape.object(raw, path);
      shape.keys(peer, path, ['namespace', 'podSelector', 'ports']);
      return {
        namespace: shape.string(peer.namespace, `${path}.namespace`),
        ...(peer.podSelector === undefined ? {} : { podSelector: shape.selector(peer.podSelector, `${path}.podSelector`) }),
        ...(peer.ports === undefined ? {} : { ports: shape.ports(peer.ports, `${path}.ports`) }),
      };
    });
  }
  if (config.ingressPeers !== undefined) {
    out.ingressPeers = shape.byComponent(config.ingressPeers, 'ingressPeers', (raw, path) => {
      const peer = shape.object(raw, path);
      shape.keys(peer, path, ['endpoint', 'sources']);
      const endpoint = shape.object(peer.endpoint, `${path}.endpoint`);
      shape.keys(endpoint, `${path}.endpoint`, ['selector', 'ports']);
      const sources = shape.list(peer.sources, `${path}.sources`).map((item, i) => {
        const at = `${path}.sources[${i}]`;
        const source = shape.object(item, at);
        shape.keys(source, at, ['namespace', 'podSelector']);
        return {
          namespace: shape.string(source.namespace, `${at}.namespace`),
          ...(source.podSelector === undefined ? {} : { podSelector: shape.selector(source.podSelector, `${at}.podSelector`) }),
        };
      });
      return {
        endpoint: { selector: shape.stringMap(endpoint.selector, `${path}.endpoint.selector`), ports: shape.ports(endpoint.ports, `${path}.endpoint.ports`) },
        sources,
      };
    });
  }
  return out;
}
