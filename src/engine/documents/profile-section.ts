import { kurelErrors, type ApiScope } from '../../plugin-api/index.js';
import type { ShapeReader } from './shape.js';
import type { ServedApis, ServedGroup, ServedKind } from './served.js';

const SCOPES: readonly ApiScope[] = ['Namespaced', 'Cluster'];
const VERSION = /^v\d+((alpha|beta)\d+)?$/;
const KUBE_VERSION = /^v?\d+\.\d+(\.\d+)?([-+][0-9A-Za-z.-]+)?$/;

/**
 * `spec.apiResources` of a ClusterProfile: one entry per served group, with its versions (most
 * preferred first), the preferred one, and its kinds with their scope and, when it is not the
 * preferred one, the most preferred version serving the kind.
 *
 *   apiResources:
 *   - group: gateway.networking.k8s.io
 *     versions: [v1, v1beta1]
 *     preferredVersion: v1
 *     kinds:
 *     - {kind: HTTPRoute, scope: Namespaced}
 *     - {kind: ReferenceGrant, scope: Namespaced, version: v1beta1}
 */
export function readApiResources(reader: ShapeReader, value: unknown): ServedApis | undefined {
  if (value === undefined || value === null) return undefined;
  const groups = new Map<string, ServedGroup>();
  reader.optionalList(value, ['spec', 'apiResources']).forEach((entry, index) => {
    const path = ['spec', 'apiResources', index];
    const body = reader.map(entry, path, ['group', 'versions', 'preferredVersion', 'kinds']);
    const group = reader.optionalString(body.group, [...path, 'group']);
    if (group === undefined) reader.fail(path, 'group is required ("" for the core group)', kurelErrors.profile);
    if (groups.has(group)) reader.fail([...path, 'group'], `group "${group}" is listed twice`, kurelErrors.profile);
    const versions = reader.optionalList(body.versions, [...path, 'versions']).map((version, at) => {
      if (typeof version !== 'string' || !VERSION.test(version)) reader.fail([...path, 'versions', at], `"${String(version)}" is not an API version (v1, v2beta1, …)`, kurelErrors.profile);
      return version;
    });
    if (versions.length === 0) reader.fail([...path, 'versions'], 'at least one served version is required', kurelErrors.profile);
    const preferredVersion = reader.optionalString(body.preferredVersion, [...path, 'preferredVersion']) ?? versions[0];
    if (!versions.includes(preferredVersion)) reader.fail([...path, 'preferredVersion'], `"${preferredVersion}" is not among the group's versions (${versions.join(', ')})`, kurelErrors.profile);
    const kinds = new Map<string, ServedKind>();
    reader.optionalList(body.kinds, [...path, 'kinds']).forEach((item, at) => {
      const where = [...path, 'kinds', at];
      const fields = reader.map(item, where, ['kind', 'scope', 'version']);
      const kind = reader.optionalString(fields.kind, [...where, 'kind']);
      if (!kind) reader.fail(where, 'kind is required', kurelErrors.profile);
      if (kinds.has(kind)) reader.fail([...where, 'kind'], `kind "${kind}" is listed twice in group "${group}"`, kurelErrors.profile);
      const scope = reader.optionalString(fields.scope, [...where, 'scope']);
      if (!SCOPES.includes(scope as ApiScope)) reader.fail([...where, 'scope'], `scope ${scope === undefined ? 'is required' : `"${scope}" is not one of ${SCOPES.join(', ')}`}`, kurelErrors.profile);
      const version = reader.optionalString(fields.version, [...where, 'version']) ?? preferredVersion;
      if (!versions.includes(version)) reader.fail([...where, 'version'], `"${version}" is not among the group's versions (${versions.join(', ')})`, kurelErrors.profile);
      kinds.set(kind, { scope: scope as ApiScope, version });
    });
    groups.set(group, { group, versions: [preferredVersion, ...versions.filter((version) => version !== preferredVersion)], preferredVersion, kinds });
  });
  return { groups };
}

/** `spec.kubeVersion`: the Kubernetes version the API resources were read from. */
export function readKubeVersion(reader: ShapeReader, value: unknown): string | undefined {
  const version = reader.optionalString(value, ['spec', 'kubeVersion']);
  const problem = version === undefined ? undefined : kubeVersionProblem(version);
  if (problem) reader.fail(['spec', 'kubeVersion'], problem, kurelErrors.profile);
  return version;
}

export function kubeVersionProblem(version: string): string | undefined {
  return KUBE_VERSION.test(version) ? undefined : `"${version}" is not a Kubernetes version (v1.35.0)`;
}
