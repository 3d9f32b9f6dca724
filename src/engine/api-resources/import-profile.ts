import { kurelErrors } from '../../plugin-api/index.js';
import { isPlainObject } from '../../plugin-api/kit/index.js';
import { writeObject } from '../yaml/index.js';
import { parseProfile } from '../documents/profile.js';
import { readDocument, type InputFile } from '../yaml/index.js';
import { apiResourcesSpec, servedFromKubectl } from './kubectl-output.js';
import { kubeVersionProblem } from '../documents/profile-section.js';

export interface ProfileImport {
  /** `kubectl api-resources [-o wide]` output. */
  apiResources: InputFile;
  /** `kubectl api-versions` output. */
  apiVersions?: InputFile;
  /** The cluster's Kubernetes version, recorded as `spec.kubeVersion`. */
  kubeVersion?: string;
  /** A ClusterProfile to add them to: its capabilities and the rest are kept. */
  profile?: InputFile;
  /** The new profile's name, when none is given. */
  name?: string;
}

/**
 * A ClusterProfile holding what a cluster serves, read from recorded kubectl output: the given
 * profile with `spec.apiResources` and `spec.kubeVersion` replaced, or a new one without
 * capabilities. The result is checked as any profile is.
 */
export function importProfile(input: ProfileImport): string {
  const served = servedFromKubectl(input.apiResources, input.apiVersions);
  if (served.groups.size === 0) throw kurelErrors.input('the api-resources output lists no resource', { file: input.apiResources.file });
  const base = input.profile
    ? (readDocument(input.profile, 'profile file').toJS() as Record<string, unknown>)
    : { apiVersion: 'launcher.gokure.dev/v1alpha1', kind: 'ClusterProfile', metadata: { name: input.name ?? 'cluster' }, spec: { capabilities: {} } };
  // The profile is held to its rules before anything of it is kept.
  if (input.profile) parseProfile(readDocument(input.profile, 'profile file'));
  const spec = isPlainObject(base.spec) ? { ...base.spec } : {};
  spec.apiResources = apiResourcesSpec(served);
  if (input.kubeVersion !== undefined) {
    const problem = kubeVersionProblem(input.kubeVersion);
    if (problem) throw kurelErrors.flag(`--kube-version: ${problem}`);
    spec.kubeVersion = input.kubeVersion;
  }
  const text = writeObject({ ...base, spec } as never);
  parseProfile(readDocument({ file: '<imported profile>', text }, 'profile file'));
  return text;
}
