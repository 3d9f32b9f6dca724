import { describe, expect, it } from 'vitest';
import type { PropertySchema } from 'kurel/plugin-api';
import { kinds } from '../../../plugins/builtin-kinds/families/crd-packages.js';

/** The paths of every property, list element and map value, at every depth, that has no description. */
function undescribed(schema: PropertySchema, path: string, out: string[], seen = new Set<PropertySchema>()): string[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  if (!schema.description) out.push(path);
  for (const [key, child] of Object.entries(schema.properties ?? {})) undescribed(child, `${path}.${key}`, out, seen);
  if (schema.items) undescribed(schema.items, `${path}[]`, out, seen);
  if (typeof schema.additionalProperties === 'object') undescribed(schema.additionalProperties, `${path}{}`, out, seen);
  return out;
}

describe('CRD package kinds', () => {
  it('are the nineteen kind components of the Gateway API, cert-manager and the Prometheus operator', () => {
    expect(kinds.map((handler) => handler.type)).toEqual([
      'gatewayclass', 'gateway', 'listenerset', 'httproute', 'grpcroute', 'tcproute', 'tlsroute', 'udproute', 'referencegrant', 'backendtlspolicy',
      'certificate', 'issuer', 'clusterissuer',
      'servicemonitor', 'podmonitor', 'prometheus-probe', 'prometheusrule', 'alertmanager', 'thanosruler',
    ]);
  });

  it('describe every property at every depth', () => {
    const missing = kinds.flatMap((handler) => undescribed({ type: 'object', description: handler.description, properties: handler.properties }, handler.type, []));
    expect(missing).toEqual([]);
  });

  it('refuse unknown keys at every depth: no open object in their schemas', () => {
    const open: string[] = [];
    const walk = (schema: PropertySchema, path: string, seen: Set<PropertySchema>) => {
      if (seen.has(schema)) return;
      seen.add(schema);
      if (schema.additionalProperties === true) open.push(path);
      for (const [key, child] of Object.entries(schema.properties ?? {})) walk(child, `${path}.${key}`, seen);
      if (schema.items) walk(schema.items, `${path}[]`, seen);
      if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, `${path}{}`, seen);
    };
    for (const handler of kinds) walk({ type: 'object', properties: handler.properties }, handler.type, new Set());
    expect(open).toEqual([]);
  });
});
