import { kurelErrors, type CodeFactory, type KurelErrorCode, type PropertyPath } from '../../plugin-api/index.js';
import { closestAndAllowed, describeValue, isPlainObject } from '../../plugin-api/kit/index.js';
import { SUPPORTED_API_VERSION } from './parsed.js';
import type { SourceDocument } from '../yaml/index.js';

/** Strict reading of a document's envelope: every check refuses at the exact node. */
export class ShapeReader {
  constructor(readonly source: SourceDocument) {}

  fail(path: PropertyPath, message: string, refuse: CodeFactory<KurelErrorCode> = kurelErrors.envelope): never {
    throw refuse(message, this.source.at(path));
  }

  map(value: unknown, path: PropertyPath, allowed: readonly string[]): Record<string, unknown> {
    if (!isPlainObject(value)) this.fail(path, `expected a map, got ${describeValue(value)}`);
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) this.fail([...path, key], `unsupported field "${key}" (${closestAndAllowed(key, allowed)})`);
    }
    return value;
  }

  optionalMap(value: unknown, path: PropertyPath): Record<string, unknown> {
    if (value === undefined || value === null) return {};
    if (!isPlainObject(value)) this.fail(path, `expected a map, got ${describeValue(value)}`);
    return value;
  }

  optionalString(value: unknown, path: PropertyPath): string | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') this.fail(path, `expected a string, got ${describeValue(value)}`);
    return value;
  }

  stringMap(value: unknown, path: PropertyPath): Record<string, string> {
    const map = this.optionalMap(value, path);
    for (const [key, entry] of Object.entries(map)) {
      if (typeof entry !== 'string') this.fail([...path, key], `expected a string, got ${describeValue(entry)}`);
    }
    return map as Record<string, string>;
  }

  optionalList(value: unknown, path: PropertyPath): unknown[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) this.fail(path, `expected a list, got ${describeValue(value)}`);
    return value;
  }
}

/** A kurel document's apiVersion and kind, each refused at its node. */
export function checkEnvelope(reader: ShapeReader, root: Record<string, unknown>, kind: string): void {
  if (root.apiVersion !== SUPPORTED_API_VERSION) {
    reader.fail(['apiVersion'], `unsupported apiVersion "${String(root.apiVersion ?? '')}", expected "${SUPPORTED_API_VERSION}"`);
  }
  if (root.kind !== kind) reader.fail(['kind'], `expected kind ${kind}, got "${String(root.kind ?? '')}"`);
}
