import { expect } from 'vitest';
import { isMap, isScalar, isSeq, LineCounter, parseAllDocuments, type Node } from 'yaml';
import { KurelError, type Diagnostic } from '../../../src/plugin-api/diagnostics.js';
import { DEFAULT_PROFILE_TEXT, parseProfile } from '../../../src/engine/documents/profile.js';
import type { SealedRegistry } from '../../../src/engine/registry.js';
import { NameClaims } from '../../../src/engine/naming/name-claims.js';
import { buildScope, type BuildScope } from '../../../src/engine/run/scope.js';
import { parseSingleSource, type SourceDocument } from '../../../src/engine/yaml/source.js';
import { RegistryBuilder } from '../../../src/host/plugins/registry-builder.js';
import { type ComponentHandler, type KurelPlugin, type NamingHook, type PolicyHandler, type TraitHandler } from '../../../src/plugin-api/index.js';
import { ENGINE_NAME_ROLES, nameRoleLookup } from '../../../src/plugin-api/kit/index.js';

// Small fakes for the engine's unit tests: a sealed registry built by the host's own builder
// from inline plugins, sources parsed from inline YAML, and a helper that returns the refusal.

export function source(text: string, file = 'app.yaml'): SourceDocument {
  return parseSingleSource({ file, text }, 'application file');
}

export function plugin(name: string, parts: Omit<KurelPlugin, 'meta'>): KurelPlugin {
  return { meta: { name, version: '1.0.0', kurelApi: '^1.0.0' }, ...parts };
}

/** A sealed registry holding the given plugins; the first is registered as a built-in unless told. */
export function registryOf(plugins: KurelPlugin[]): SealedRegistry {
  const builder = new RegistryBuilder();
  plugins.forEach((entry) => builder.register(entry));
  return builder.seal();
}

/** A build's scope with no registry: the engine's own name roles, nothing served. */
export function scopeOf(profileText: string = DEFAULT_PROFILE_TEXT, namespace?: string): BuildScope {
  const profile = parseProfile(parseSingleSource({ file: 'cluster.yaml', text: profileText }, 'profile file'));
  return buildScope({ domain: 'launcher.gokure.dev', clusterId: 'local', namespace }, profile);
}

/** The claim space of document `application`, under the engine's own name roles. */
export function claimsOf(application: string, hook?: NamingHook): NameClaims {
  return new NameClaims(application, nameRoleLookup(ENGINE_NAME_ROLES), hook);
}

/** Runs `fn`, which must refuse with a KurelError; returns that error. */
export function refusal(fn: () => unknown): KurelError {
  try {
    fn();
  } catch (error) {
    if (error instanceof KurelError) return error;
    throw error;
  }
  expect.unreachable('expected a KurelError refusal, but the call succeeded');
  throw new Error('unreachable');
}

/** The first diagnostic of a refusal. */
export function firstDiagnostic(fn: () => unknown): Diagnostic {
  return refusal(fn).diagnostics[0];
}

/** A component handler emitting one ConfigMap named after the component, with `data` from `value`. */
export function configMapHandler(type: string, extra: Partial<ComponentHandler> = {}): ComponentHandler {
  return {
    type,
    description: `A ${type} for tests.`,
    properties: {
      value: { type: 'string', description: 'Written into the ConfigMap.' },
      count: { type: 'integer', description: 'A number.' },
    },
    render(input) {
      const data: Record<string, string> = {};
      if (input.properties.value !== undefined) data.value = String(input.properties.value);
      return { objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: input.name, namespace: input.namespace, labels: { app: input.labelValue } }, data }] };
    },
    ...extra,
  };
}

/** A trait handler that records the properties it was given and emits nothing. */
export function recordingTrait(type: string, seen: Array<Record<string, unknown>>, extra: Partial<TraitHandler> = {}): TraitHandler {
  return {
    type,
    description: `A ${type} trait for tests.`,
    properties: {
      a: { type: 'object', description: 'Nested.', additionalProperties: true },
      list: { type: 'array', description: 'A list.', items: { type: 'integer', description: 'An entry.' } },
      flag: { type: 'string', description: 'A flag.' },
    },
    apply({ properties }) {
      seen.push(structuredClone(properties));
    },
    ...extra,
  };
}

export function policyHandler(type: string): PolicyHandler {
  return { type, description: `A ${type} policy for tests.`, properties: {} };
}

/** Where the YAML library, reading the whole text, places the node at `path` (or its nearest existing ancestor): the reference. */
export function wholeReadingPosition(text: string, index: number, path: Array<string | number>): { line: number; column: number } | undefined {
  const lines = new LineCounter();
  const documents = parseAllDocuments(text, { lineCounter: lines, uniqueKeys: false }).filter((document) => !(isScalar(document.contents) && document.contents.source === ''));
  let node: unknown = documents[index].contents;
  let offset = (node as Node).range?.[0];
  for (const segment of path) {
    let next: { value: unknown; offset?: number } | undefined;
    if (isMap(node)) {
      const pair = node.items.find((item) => (isScalar(item.key) ? item.key.value : item.key) === segment);
      next = pair && { value: pair.value, offset: (pair.key as Node).range?.[0] };
    } else if (isSeq(node) && typeof segment === 'number' && node.items[segment] !== undefined) {
      next = { value: node.items[segment], offset: (node.items[segment] as Node).range?.[0] };
    }
    if (!next) break;
    offset = next.offset ?? offset;
    node = next.value;
  }
  if (offset === undefined) return undefined;
  const { line, col } = lines.linePos(offset);
  return { line, column: col };
}

/** Every path to a value in `value`, and a missing one below each collection. */
export function pathsIn(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const paths = [prefix];
  if (Array.isArray(value)) {
    value.forEach((item, index) => paths.push(...pathsIn(item, [...prefix, index])));
    paths.push([...prefix, value.length], [...prefix, 'missing']);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsIn(item, [...prefix, key]));
    paths.push([...prefix, 'missing', 'deeper']);
  }
  return paths;
}

/**
 * A seeded source of numbers in [0, 1) (mulberry32), and a picker over it: generated test cases
 * that are the same at every run.
 */
export function seeded(seed: number): { random: () => number; pick: <T>(items: readonly T[]) => T } {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  return { random, pick: (items) => items[Math.floor(random() * items.length)] };
}
