import { kurelErrors } from '../../plugin-api/index.js';
import { isDns1123Subdomain, isPlainObject } from '../../plugin-api/kit/index.js';
import { checkEnvelope, ShapeReader } from './shape.js';
import type { SourceDocument } from '../yaml/index.js';
import { readApiResources, readKubeVersion } from './profile-section.js';
import type { ServedApis } from './served.js';

/** The profile used when none is given: no capability bound. */
export const DEFAULT_PROFILE_TEXT = `apiVersion: launcher.gokure.dev/v1alpha1
kind: ClusterProfile
metadata:
  name: default
spec:
  capabilities: {}
`;

export interface ParsedProfile {
  name: string;
  /** Capability key (`<trait>` or `<trait>.<scope>`) → rendering, in file order. */
  bindings: Map<string, Record<string, unknown>>;
  /** Where each binding's rendering is in the file. */
  paths: Map<string, (string | number)[]>;
  /** What the cluster serves (`spec.apiResources`); undefined when the profile does not say. */
  served?: ServedApis;
  /** The Kubernetes version recorded beside it (`spec.kubeVersion`). */
  kubeVersion?: string;
  source: SourceDocument;
}

export function parseProfile(source: SourceDocument): ParsedProfile {
  const reader: ShapeReader = new ShapeReader(source);
  const root = reader.map(source.toJS(), [], ['apiVersion', 'kind', 'metadata', 'spec']);
  checkEnvelope(reader, root, 'ClusterProfile');
  const metadata = reader.map(root.metadata ?? {}, ['metadata'], ['name']);
  const name = reader.optionalString(metadata.name, ['metadata', 'name']);
  if (!name) reader.fail(['metadata'], 'metadata.name is required');
  if (!isDns1123Subdomain(name)) reader.fail(['metadata', 'name'], `metadata.name "${name}" is not a valid DNS-1123 subdomain`, kurelErrors.invalidName);
  const spec = reader.map(root.spec ?? {}, ['spec'], ['gitopsEngine', 'capabilities', 'apiResources', 'kubeVersion']);
  const engine = reader.optionalString(spec.gitopsEngine, ['spec', 'gitopsEngine']);
  if (engine && engine !== 'fluxcd') reader.fail(['spec', 'gitopsEngine'], `unsupported gitopsEngine "${engine}"; supported values: fluxcd`, kurelErrors.profile);

  const bindings = new Map<string, Record<string, unknown>>();
  const paths = new Map<string, (string | number)[]>();
  for (const [key, binding] of Object.entries(reader.optionalMap(spec.capabilities, ['spec', 'capabilities']))) {
    const path = ['spec', 'capabilities', key];
    const body = reader.map(binding ?? {}, path, ['rendering']);
    const rendering = reader.optionalMap(body.rendering, [...path, 'rendering']);
    checkRenderingValues(reader, rendering, [...path, 'rendering'], key);
    bindings.set(key, rendering);
    paths.set(key, [...path, 'rendering']);
  }
  const served = readApiResources(reader, spec.apiResources);
  const kubeVersion = readKubeVersion(reader, spec.kubeVersion);
  return { name, bindings, paths, source, ...(served ? { served } : {}), ...(kubeVersion ? { kubeVersion } : {}) };
}

/** A rendering holds JSON data only, and no null below its top level. */
function checkRenderingValues(reader: ShapeReader, value: unknown, path: (string | number)[], key: string, depth = 0): void {
  if (value === null) {
    if (depth > 1) reader.fail(path, `capability "${key}" rendering key "${String(path[4])}": null is not allowed below the top level`, kurelErrors.profile);
    return;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) reader.fail(path, `capability "${key}" rendering key "${String(path[4])}": ${value} is not a JSON number`, kurelErrors.profile);
  if (Array.isArray(value)) value.forEach((entry, index) => checkRenderingValues(reader, entry, [...path, index], key, depth + 1));
  else if (isPlainObject(value)) for (const [k, entry] of Object.entries(value)) checkRenderingValues(reader, entry, [...path, k], key, depth + 1);
}

/** The binding a trait reads: `<type>.<scope>` first when it has a scope, then `<type>`. */
export function bindingKeyFor(profile: ParsedProfile, traitType: string, scope: unknown): string | undefined {
  if (typeof scope === 'string' && scope !== '' && profile.bindings.has(`${traitType}.${scope}`)) return `${traitType}.${scope}`;
  return profile.bindings.has(traitType) ? traitType : undefined;
}

/** A required key's refusal on a trait a binding matches: the rendering does not set it either. */
export function unsetByRendering(message: string, capability: string): string {
  const match = /^"(.+)" is required$/.exec(message);
  return match ? `"${match[1]}" is required; neither the trait nor capability "${capability}"'s rendering sets it` : message;
}
